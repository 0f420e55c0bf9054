import type { Kysely } from 'kysely';
import {
  AppError,
  complaintAssignmentRefusal,
  complaintDeadline,
  complaintSla,
  roleCan,
  validateReport,
  type ConsoleFeedback,
  type ConsoleFeedbackCounts,
  type ConsolePage,
  type FeedbackRequest,
  type FeedbackStatus,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { checkPhoneToken } from '../../security/phone-token.ts';
import { writeAudit } from '../audit/index.ts';
import { findOrderForComplaint } from '../order/index.ts';
import { findActiveStaff, type Actor } from '../staff/index.ts';
import { feedbackRepository, type FeedbackListRow, type FeedbackQuery } from './feedback.repository.ts';

/** A deletion request's part in the complaints (decision 045): the contact that is this phone goes. */
export function clearFeedbackContact(db: Kysely<Database>, phone: string): Promise<number> {
  return feedbackRepository.clearContact(db, phone);
}

export interface FeedbackService {
  submitReport(report: FeedbackRequest['report'], context: { deviceId: string }): Promise<void>;
}

type OrderProof = NonNullable<FeedbackRequest['report']['order']>;

/**
 * Platform reports (complaints) from visitors; the console's inbox reads them. A complaint is linked to
 * the order the visitor picked only when they prove it theirs as the lookup does (decision 049: the
 * order's key from the ordering device, or a token of the order's phone verified by SMS); otherwise it
 * is refused, so an order id never links a complaint to someone else's order
 * (docs/decisions/056-complaints-on-the-right-order.md). Without an order it keeps the company the
 * visitor named, as typed, and links nothing.
 */
export function createFeedbackService(deps: { db: Kysely<Database>; now: () => Date; vault: PersonalDataVault }): FeedbackService {
  const { db, now, vault } = deps;

  const provenOrderId = async (proof: OrderProof, at: Date): Promise<number> => {
    const order = await findOrderForComplaint(db, proof.id);
    const proven =
      !!order &&
      (vault.checkCapability('order.declaration', order.public_id, proof.key) || (!!order.entity_phone && checkPhoneToken(vault, order.entity_phone, proof.phone_token, at)));
    // An unknown id and another's order get the same answer: the id tells nothing.
    if (!order || !proven) throw new AppError('REPORT_ORDER_FORBIDDEN');
    return order.id;
  };

  return {
    async submitReport(report, context) {
      const checked = validateReport(report);
      if (!checked.ok) throw new AppError(checked.error);
      const at = now();
      const orderId = report.order ? await provenOrderId(report.order, at) : null;
      await feedbackRepository.insert(db, {
        type: checked.value.type,
        content: checked.value.content,
        contact: checked.value.contact,
        // The order says which company; a name typed beside it would only contradict it.
        companyName: orderId === null ? checked.value.company : '',
        deviceId: context.deviceId,
        orderId,
        at: at.toISOString(),
        dueAt: complaintDeadline(at),
      });
    },
  };
}

/** The inbox staff work through; who may is the caller's to check. */
export interface FeedbackInbox {
  list(actor: Actor, query: FeedbackQuery): Promise<ConsolePage<ConsoleFeedback>>;
  counts(actor: Actor): Promise<ConsoleFeedbackCounts>;
  update(actor: Actor, id: number, input: { status: FeedbackStatus; reply: string }): Promise<ConsoleFeedback>;
  /** Gives the complaint to a staff member: decision 041's rule, as for orders. */
  assign(actor: Actor, id: number, assigneeId: number): Promise<ConsoleFeedback>;
  countOpen(): Promise<number>;
  /** Complaints linked to any of these orders, newest first (the customer view, decision 043). */
  listForOrders(orderIds: readonly number[], limit: number): Promise<ConsoleFeedback[]>;
}

function toFeedback(row: FeedbackListRow, now: Date): ConsoleFeedback {
  const status = row.status === 'handled' ? 'handled' : 'open';
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contact: row.contact,
    status,
    reply: row.reply,
    handled_by_name: row.handled_by_name,
    handled_at: row.handled_at,
    created_at: row.created_at,
    order_id: row.order_id,
    out_trade_no: row.out_trade_no ?? '',
    company_name: row.company_name,
    assignee_id: row.assignee_id,
    assignee_name: row.assignee_name,
    due_at: row.due_at,
    sla: complaintSla({ status, due_at: row.due_at, handled_at: row.handled_at }, now),
  };
}

export function createFeedbackInbox(deps: { db: Kysely<Database>; now: () => Date }): FeedbackInbox {
  const { db, now } = deps;
  return {
    async list(actor, query) {
      const at = now();
      const { rows, total } = await feedbackRepository.list(db, query, { staffId: actor.id, now: at });
      return { items: rows.map((row) => toFeedback(row, at)), total, page: query.page, page_size: query.page_size };
    },

    counts(actor) {
      return feedbackRepository.countViews(db, { staffId: actor.id, now: now() });
    },

    async update(actor, id, input) {
      if (input.status === 'handled' && input.reply === '') throw new AppError('CONSOLE_NOTE_REQUIRED', 'reply');
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await feedbackRepository.findById(trx, id);
        if (!before) throw new AppError('CONSOLE_FEEDBACK_NOT_FOUND');
        const handled = input.status === 'handled';
        await feedbackRepository.setHandling(trx, id, {
          status: input.status,
          reply: input.reply,
          handledBy: handled ? actor.id : null,
          handledByName: handled ? actor.displayName : '',
          handledAt: handled ? at.toISOString() : null,
        });
        const after = (await feedbackRepository.findListRow(trx, id))!;
        await writeAudit(trx, actor, { action: 'feedback.update', targetType: 'feedback', targetId: id, before: { status: before.status, reply: before.reply }, after: { status: after.status, reply: after.reply } }, at);
        return toFeedback(after, at);
      });
    },

    async assign(actor, id, assigneeId) {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const complaint = await feedbackRepository.findById(trx, id);
        if (!complaint) throw new AppError('CONSOLE_FEEDBACK_NOT_FOUND');
        const refusal = complaintAssignmentRefusal(complaint, { staffId: actor.id, mayReassign: roleCan(actor.role, 'orders.reassign') }, assigneeId);
        if (refusal === 'ASSIGN_OTHERS_FORBIDDEN') throw new AppError('CONSOLE_COMPLAINT_ASSIGN_FORBIDDEN');
        if (refusal === 'TAKEN_BY_OTHER') throw new AppError('CONSOLE_COMPLAINT_TAKEN_BY_OTHER', complaint.assignee_name);
        if (complaint.assignee_id !== assigneeId) {
          const assignee = await findActiveStaff(trx, assigneeId);
          if (!assignee) throw new AppError('CONSOLE_ASSIGNEE_NOT_FOUND');
          // Conditional on the handler we saw: of two at once, one wins and the other is told.
          const assigned = await feedbackRepository.setAssignee(trx, { id, expectedAssigneeId: complaint.assignee_id, assigneeId: assignee.id, assigneeName: assignee.display_name });
          if (!assigned) throw new AppError('CONSOLE_COMPLAINT_TAKEN_BY_OTHER');
          const view = (row: { assignee_id: number | null; assignee_name: string }) => ({ assignee_id: row.assignee_id, assignee_name: row.assignee_name });
          await writeAudit(trx, actor, { action: 'feedback.assign', targetType: 'feedback', targetId: id, before: view(complaint), after: { assignee_id: assignee.id, assignee_name: assignee.display_name } }, at);
        }
        return toFeedback((await feedbackRepository.findListRow(trx, id))!, at);
      });
    },

    countOpen() {
      return feedbackRepository.countOpen(db);
    },

    async listForOrders(orderIds, limit) {
      const at = now();
      return (await feedbackRepository.listForOrders(db, orderIds, limit)).map((row) => toFeedback(row, at));
    },
  };
}
