import type { Kysely } from 'kysely';
import { AppError, feedbackOrderReference, validateReport, type ConsoleFeedback, type ConsolePage, type ConsoleTimeWindow, type FeedbackRequest, type FeedbackStatus, type ReportType } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../audit/index.ts';
import type { Actor } from '../staff/index.ts';
import { feedbackRepository, type FeedbackListRow } from './feedback.repository.ts';

/** A deletion request's part in the complaints (decision 045): the contact that is this phone goes. */
export function clearFeedbackContact(db: Kysely<Database>, phone: string): Promise<number> {
  return feedbackRepository.clearContact(db, phone);
}

export interface FeedbackService {
  submitReport(report: FeedbackRequest['report'], context: { deviceId: string }): Promise<void>;
}

/** Platform reports (complaints) from visitors; the console's inbox reads them. */
export function createFeedbackService(deps: { db: Kysely<Database>; now: () => Date }): FeedbackService {
  return {
    async submitReport(report, context) {
      const checked = validateReport(report);
      if (!checked.ok) throw new AppError(checked.error);
      // Linked to the order its contact names, so staff see whose complaint it is (decision 043).
      const orderId = await feedbackRepository.findOrderIdFor(deps.db, feedbackOrderReference(checked.value.contact));
      await feedbackRepository.insert(deps.db, { type: checked.value.type, content: checked.value.content, contact: checked.value.contact, deviceId: context.deviceId, orderId, at: deps.now().toISOString() });
    },
  };
}

/** The inbox staff work through; who may is the caller's to check. */
export interface FeedbackInbox {
  list(query: { page: number; page_size: number; status?: FeedbackStatus | undefined; type?: ReportType | undefined } & ConsoleTimeWindow): Promise<ConsolePage<ConsoleFeedback>>;
  update(actor: Actor, id: number, input: { status: FeedbackStatus; reply: string }): Promise<ConsoleFeedback>;
  countOpen(): Promise<number>;
  /** Complaints linked to any of these orders, newest first (the customer view, decision 043). */
  listForOrders(orderIds: readonly number[], limit: number): Promise<ConsoleFeedback[]>;
}

function toFeedback(row: FeedbackListRow): ConsoleFeedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contact: row.contact,
    status: row.status === 'handled' ? 'handled' : 'open',
    reply: row.reply,
    handled_by_name: row.handled_by_name,
    handled_at: row.handled_at,
    created_at: row.created_at,
    order_id: row.order_id,
    out_trade_no: row.out_trade_no ?? '',
  };
}

export function createFeedbackInbox(deps: { db: Kysely<Database>; now: () => Date }): FeedbackInbox {
  const { db, now } = deps;
  return {
    async list(query) {
      const { rows, total } = await feedbackRepository.list(db, query);
      return { items: rows.map(toFeedback), total, page: query.page, page_size: query.page_size };
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
        return toFeedback(after);
      });
    },

    countOpen() {
      return feedbackRepository.countOpen(db);
    },

    async listForOrders(orderIds, limit) {
      return (await feedbackRepository.listForOrders(db, orderIds, limit)).map(toFeedback);
    },
  };
}
