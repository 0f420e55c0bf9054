import type { Kysely } from 'kysely';
import {
  AppError,
  CONSOLE_ORDER_LIST_COLUMNS,
  PROCESS_STATUS,
  PROCESS_STATUS_NAMES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_PER_ORDER,
  SCREENSHOT_TYPES,
  assignmentRefusal,
  canTakeOrder,
  GOODS_TYPES,
  SCREENSHOT_REQUIRED_BY_DEFAULT,
  completionChecks,
  completionRefusal,
  screenshotRequiredFor,
  customerRequestRefusal,
  handlingRefusal,
  firstCallSla,
  idRevealReasonText,
  idRevealRefusal,
  shanghaiStart,
  isOrderPaid,
  isRepeatedMove,
  processMoveNeedsNote,
  processMoveRefusal,
  roleCan,
  screenshotTypeOf,
  type CallOutcome,
  type CompletionCheck,
  type ConsoleCompletionRule,
  type GoodsType,
  type ConsoleOrderCall,
  type ConsoleOrderCounts,
  type ConsoleOrderFile,
  type ConsoleCustomerFile,
  validateDeclaration,
  type ConsoleOrderListItem,
  type ConsoleOrderListQuery,
  type ConsoleOrderNote,
  type ConsolePage,
  type ConsoleProcessStatusChange,
  type IdRevealReason,
  type ConsoleStatusHistoryEntry,
  type PeriodMoney,
} from '@kuaibao/domain';
import { enqueueOutbox } from '../../db/outbox.ts';
import type { Db } from '../../db/query-helpers.ts';
import type { Database, OrderRow } from '../../db/schema.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { countStaffActions, writeAudit } from '../audit/index.ts';
import { assertCan, findActiveStaff, holdStaffRow, type Actor } from '../staff/index.ts';
import { orderHandlingRepository as handling, type OrderKeyset, type OrderListRow } from './order-handling.repository.ts';
import { orderRepository } from './order.repository.ts';
import { withRetryAfter } from '../../http/retry-after.ts';
import { completionRulesRepository } from './completion-rules.repository.ts';
import { checkedUploadType, storeThenRecord } from './checked-upload.ts';
import { customerFilesRepository } from './customer-files.repository.ts';

/** The catalog's refusal for each completion check that refuses a move. */
const COMPLETION_REFUSALS = {
  SCREENSHOT_REQUIRED: 'CONSOLE_SCREENSHOT_REQUIRED',
  DECLARATION_MISSING: 'CONSOLE_DECLARATION_MISSING',
  NO_SCREENSHOT: 'CONSOLE_COMPLETION_NO_SCREENSHOT',
  NO_CALL: 'CONSOLE_COMPLETION_NO_CALL',
} as const satisfies Record<CompletionCheck, string>;

/** The catalog's refusal for each problem of a screenshot's bytes. */
const SCREENSHOT_REFUSALS = { MISSING: 'CONSOLE_UPLOAD_MISSING', TOO_LARGE: 'CONSOLE_UPLOAD_TOO_LARGE', TYPE_INVALID: 'CONSOLE_UPLOAD_TYPE_INVALID' } as const;

/**
 * How staff handle a paid order: the queue, taking it, moving its handling status, notes and
 * completion screenshots. The moves are the domain's (lifecycle/order.ts); every change is audited
 * in its own transaction. Who may do what (permissions) is the caller's: the console checks it.
 */
export interface OrderHandlingService {
  list(actor: Actor, query: ConsoleOrderListQuery): Promise<ConsolePage<ConsoleOrderListItem>>;
  /** The filtered list for an export, in batches below an id, newest first; and its size. */
  exportBatch(actor: Actor, query: ConsoleOrderListQuery, after: OrderKeyset | undefined, limit: number): Promise<OrderExportRow[]>;
  countForExport(actor: Actor, query: ConsoleOrderListQuery): Promise<number>;
  /** The queue counts of the console's tabs (refund and feedback counts are other modules'). */
  queueCounts(actor: Actor): Promise<Pick<ConsoleOrderCounts, 'new_paid' | 'near_breach' | 'overdue' | 'mine_open'>>;
  /** The order with its screenshots, notes and handling history. */
  find(id: number): Promise<OrderView>;
  take(actor: Actor, id: number, force: boolean): Promise<void>;
  /** Gives the order to a staff member (decision 041: admins anyone's to anyone, clerks unassigned ones to themselves). */
  assign(actor: Actor, id: number, assigneeId: number): Promise<void>;
  /** The order numbers of these ids (those that exist), for a bulk action's report. */
  orderNumbers(ids: readonly number[]): Promise<Map<number, string>>;
  /** `bulk`: the move is one of a bulk action, where no order's completion warnings were shown (order-completion.ts). */
  changeProcessStatus(actor: Actor, id: number, change: ConsoleProcessStatusChange, options?: { bulk?: boolean }): Promise<void>;
  /** Per service, whether completing an order needs a screenshot: the admins' choices over the domain's defaults. */
  completionRules(): Promise<ConsoleCompletionRule[]>;
  setCompletionRule(actor: Actor, goodsType: GoodsType, screenshotRequired: boolean): Promise<ConsoleCompletionRule>;
  /** `clientKey`: the console's key of the user action; the same key again adds nothing (a double click). */
  addNote(actor: Actor, id: number, content: string, clientKey?: string): Promise<void>;
  /** Records a call to the customer (decision 044); the first one stops the order's first-call clock. */
  recordCall(actor: Actor, id: number, call: { outcome: CallOutcome; note: string; client_key?: string | undefined }): Promise<void>;
  uploadScreenshot(actor: Actor, id: number, file: { body: Buffer; filename: string }): Promise<ConsoleOrderFile>;
  /**
   * The annual-report figures the customer gave by phone (decision 062): checked as the customer's
   * own form is (validateDeclaration), stored as the order's declaration, audited and noted on the order.
   */
  recordPhoneFigures(actor: Actor, id: number, figures: Record<string, string>): Promise<void>;
  deleteScreenshot(actor: Actor, id: number, fileId: number): Promise<void>;
  /**
   * The full ID number, audited as seen with the reason given (never the number itself): a clerk's
   * only on an order they handle, within the daily number (packages/domain/src/id-reveal.ts).
   */
  revealIdNumber(actor: Actor, id: number, why: { reason: IdRevealReason; note: string }): Promise<{ entity_idno: string }>;
  /** The dashboard's order figures. */
  statistics(input: { now: Date; dayStart: string; monthStart: string; funnelSince: string; overdueLimit: number }): Promise<OrderStatistics>;
}

/** An order as an export writes it: the list's columns, how it was paid and where from. */
export type OrderExportRow = OrderListRow & Pick<OrderRow, 'pay_source' | 'platform'> & { completed_at: string | null };

export interface OrderView {
  order: OrderRow;
  files: ConsoleOrderFile[];
  notes: ConsoleOrderNote[];
  calls: ConsoleOrderCall[];
  history: ConsoleStatusHistoryEntry[];
  /** the documents the customer uploaded on /checkDetail, oldest first (decision 062) */
  customerFiles: ConsoleCustomerFile[];
}

export interface OrderStatistics {
  today: PeriodMoney;
  month: PeriodMoney;
  payingDevices: number;
  paidByProcessStatus: Map<string, number>;
  /** paid orders since refunded */
  refundedOrders: number;
  overdueCount: number;
  overdueOrders: ConsoleOrderListItem[];
}

/** Only the list's columns: a full order row also carries the ID number's ciphertext and hash. */
export function toListItem(row: OrderListRow, now: Date): ConsoleOrderListItem {
  const item = Object.fromEntries(CONSOLE_ORDER_LIST_COLUMNS.map((column) => [column, row[column]])) as Pick<OrderListRow, (typeof CONSOLE_ORDER_LIST_COLUMNS)[number]>;
  const sla = firstCallSla(row, now);
  return { ...item, overdue: sla.state === 'breached', sla };
}

/** The stored entity_extra (JSON text, 'null' before the customer files). */
function parseDeclaration(text: string): Record<string, string> | null {
  try {
    return JSON.parse(text) as Record<string, string> | null;
  } catch {
    return null;
  }
}

/** What the audit log keeps of an order's handling state. */
const handlingView = (order: Pick<OrderRow, 'process_status' | 'process_status_name' | 'admin_id' | 'admin_name'>) => ({
  process_status: order.process_status,
  process_status_name: order.process_status_name,
  admin_id: order.admin_id,
  admin_name: order.admin_name,
});

export function createOrderHandlingService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  vault: PersonalDataVault;
  storage: StorageProvider;
  /** Whether a refund of the order is open (the payment module's refund requests), read in the move's transaction. */
  isRefundOpen: (db: Db, orderId: number) => Promise<boolean>;
  /** a clerk's full ID-number reveals a day (CONSOLE_ID_REVEALS_PER_DAY) */
  idRevealsPerDay: number;
}): OrderHandlingService {
  const { db, now, vault, storage } = deps;

  async function mustFind(trx: Db, id: number): Promise<OrderRow> {
    const order = await orderRepository.findById(trx, id);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  /** Handling actions need the order taken by the actor; an admin may act on anyone's. */
  function assertHandler(actor: Actor, order: OrderRow): void {
    const refusal = handlingRefusal(order, { staffId: actor.id, mayReassign: roleCan(actor.role, 'orders.reassign') });
    if (refusal === 'NOT_TAKEN') throw new AppError('CONSOLE_ORDER_NOT_TAKEN');
    if (refusal === 'TAKEN_BY_OTHER') throw new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER', order.admin_name || undefined);
  }

  /**
   * A lost race: the conditional update found another handler. The clerk is told who won (the
   * detail after the catalog text's comma), read after the winner's commit.
   */
  async function lostTo(trx: Db, id: number): Promise<AppError> {
    // A new statement of the transaction: under READ COMMITTED it sees the winner's commit.
    const winner = await orderRepository.findById(trx, id);
    return new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER', winner?.admin_name || undefined);
  }

  return {
    async list(actor, query) {
      if (query.from && query.to && query.from > query.to) throw new AppError('CONSOLE_DATE_RANGE_INVALID');
      const at = now();
      const { rows, total } = await handling.listQueue(db, query, { staffId: actor.id, now: at });
      return { items: rows.map((row) => toListItem(row, at)), total, page: query.page, page_size: query.page_size };
    },

    exportBatch(actor, query, after, limit) {
      return handling.exportBatch(db, query, { staffId: actor.id, now: now() }, after, limit);
    },

    countForExport(actor, query) {
      return handling.countFiltered(db, query, { staffId: actor.id, now: now() });
    },

    async queueCounts(actor) {
      const context = { staffId: actor.id, now: now() };
      const [newPaid, nearBreach, overdue, mineOpen] = await Promise.all([
        handling.countView(db, 'new', context),
        handling.countView(db, 'near_breach', context),
        handling.countView(db, 'overdue', context),
        handling.countView(db, 'mine', context),
      ]);
      return { new_paid: newPaid, near_breach: nearBreach, overdue, mine_open: mineOpen };
    },

    async find(id) {
      const order = await mustFind(db, id);
      const [files, notes, calls, history, customerFiles] = await Promise.all([handling.listFiles(db, id), handling.listNotes(db, id), handling.listCalls(db, id), handling.listHistory(db, id), customerFilesRepository.listForOrder(db, id)]);
      return {
        customerFiles,
        order,
        files: files.map(({ id: fileId, url, created_at }) => ({ id: fileId, url, created_at })),
        notes,
        calls: calls.map((call) => ({ ...call, outcome: call.outcome as CallOutcome })),
        history,
      };
    },

    async take(actor, id, force) {
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        if (!canTakeOrder(order)) throw new AppError('CONSOLE_ORDER_NOT_PAID');
        if (order.admin_id === actor.id) return;
        if (order.admin_id !== null) {
          if (!force) throw new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER', order.admin_name || undefined);
          assertCan(actor, 'orders.reassign');
        }
        const at = now();
        // Conditional on the handler we saw: two clerks clicking at once cannot both win.
        const taken = await orderRepository.setHandler(trx, { id, expectedAdminId: order.admin_id, adminId: actor.id, adminName: actor.displayName, now: at.toISOString() });
        if (!taken) throw await lostTo(trx, id);
        await writeAudit(trx, actor, { action: order.admin_id === null ? 'order.take' : 'order.reassign', targetType: 'order', targetId: id, before: handlingView(order), after: { ...handlingView(order), admin_id: actor.id, admin_name: actor.displayName } }, at);
      });
    },

    async assign(actor, id, assigneeId) {
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        const refusal = assignmentRefusal(order, { staffId: actor.id, mayReassign: roleCan(actor.role, 'orders.reassign') }, assigneeId);
        if (refusal === 'NOT_PAID') throw new AppError('CONSOLE_ORDER_NOT_PAID');
        if (refusal === 'ASSIGN_OTHERS_FORBIDDEN') throw new AppError('CONSOLE_ASSIGN_FORBIDDEN');
        if (refusal === 'TAKEN_BY_OTHER') throw new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER', order.admin_name || undefined);
        if (order.admin_id === assigneeId) return;
        const assignee = await findActiveStaff(trx, assigneeId);
        if (!assignee) throw new AppError('CONSOLE_ASSIGNEE_NOT_FOUND');
        const at = now();
        // Conditional on the handler we saw, as taking is: a concurrent take or assignment wins once.
        const assigned = await orderRepository.setHandler(trx, { id, expectedAdminId: order.admin_id, adminId: assignee.id, adminName: assignee.display_name, now: at.toISOString() });
        if (!assigned) throw await lostTo(trx, id);
        const action = assigneeId !== actor.id ? 'order.assign' : order.admin_id === null ? 'order.take' : 'order.reassign';
        await writeAudit(trx, actor, { action, targetType: 'order', targetId: id, before: handlingView(order), after: { ...handlingView(order), admin_id: assignee.id, admin_name: assignee.display_name } }, at);
      });
    },

    async orderNumbers(ids) {
      if (ids.length === 0) return new Map();
      const rows = await handling.orderNumbers(db, ids);
      return new Map(rows.map((row) => [Number(row.id), row.out_trade_no]));
    },

    async changeProcessStatus(actor, id, change, options = {}) {
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        // A double click on 确定 (or a retry) by the one who made the move: done, nothing written.
        const repeated = async (current: string) => isRepeatedMove({ current, to: change.process_status, lastMove: await handling.lastMove(trx, id), actorId: actor.id });
        if (order.process_status === change.process_status && (await repeated(order.process_status))) return;
        const refusal = processMoveRefusal({ status: order.status, from: order.process_status, to: change.process_status });
        if (refusal === 'NOT_PAID') throw new AppError('CONSOLE_ORDER_NOT_PAID');
        if (refusal) throw new AppError('CONSOLE_STATUS_TRANSITION_INVALID', refusal);
        assertHandler(actor, order);
        if (processMoveNeedsNote(order.process_status, change.process_status) && change.note === '') throw new AppError('CONSOLE_NOTE_REQUIRED');
        const requestRefusal = customerRequestRefusal(change.process_status, change.note);
        if (requestRefusal === 'REQUIRED') throw new AppError('CONSOLE_NOTE_REQUIRED');
        if (requestRefusal === 'TOO_LONG') throw new AppError('CONSOLE_CUSTOMER_REQUEST_TOO_LONG');
        if (await deps.isRefundOpen(trx, id)) throw new AppError('CONSOLE_REFUND_IN_PROGRESS');
        // The completion safeguards, read in the move's transaction (a screenshot deleted meanwhile counts).
        let lacksDeclaration = false;
        if (change.process_status === PROCESS_STATUS.completed) {
          const screenshotRequired = screenshotRequiredFor(order.goods_type, await completionRulesRepository.chosen(trx));
          const facts = { goods_type: order.goods_type, entity_name: order.entity_name, entity_extra: parseDeclaration(order.entity_extra), first_call_time: order.first_call_time, screenshots: await handling.countFiles(trx, id) };
          const checks = completionChecks(facts, change.process_status, { screenshotRequired });
          const stop = completionRefusal(checks, { bulk: options.bulk === true, confirmedWithoutDeclaration: change.confirm_without_declaration });
          if (stop) throw new AppError(COMPLETION_REFUSALS[stop]);
          lacksDeclaration = checks.includes('DECLARATION_MISSING');
        }

        const at = now();
        const to = change.process_status;
        const name = PROCESS_STATUS_NAMES[to];
        const asksCustomer = to === PROCESS_STATUS.waitingCustomer;
        const customerRequest = asksCustomer ? change.note.trim() : undefined;
        const moved = await orderRepository.moveProcessStatus(trx, { id, from: order.process_status, to, name, now: at.toISOString(), ...(customerRequest !== undefined ? { customerRequest } : {}) });
        if (!moved) {
          // The two clicks at once: the first committed the same move meanwhile (read again, it is there and it was ours).
          const current = (await mustFind(trx, id)).process_status;
          if (await repeated(current)) return;
          throw new AppError('CONSOLE_STATUS_TRANSITION_INVALID', 'changed meanwhile');
        }
        const historyId = await handling.insertHistory(trx, { orderId: id, from: order.process_status, to, name, staffId: actor.id, staffName: actor.displayName, note: change.note, at: at.toISOString() });
        if (customerRequest !== undefined) {
          // Each request is its own notice (keyed by its history row), sent with the move or not at all.
          await enqueueOutbox(trx, 'sms.customer_request', { orderId: id, phone: order.entity_phone, request: customerRequest, noticeKey: String(historyId) }, at.toISOString());
        }
        if (to === PROCESS_STATUS.completed) {
          // The completion notice (docs/product/overview.md) leaves with the change or not at all.
          await enqueueOutbox(trx, 'sms.order_completed', { orderId: id, phone: order.entity_phone }, at.toISOString());
        }
        await writeAudit(trx, actor, { action: 'order.process_status', targetType: 'order', targetId: id, before: handlingView(order), after: { ...handlingView(order), process_status: to, process_status_name: name, note: change.note, ...(customerRequest !== undefined ? { customer_request: customerRequest } : {}), ...(lacksDeclaration ? { confirmed_without_declaration: true } : {}) } }, at);
      });
    },

    async completionRules() {
      const chosen = await completionRulesRepository.chosen(db);
      return GOODS_TYPES.map((goodsType) => ({ goods_type: goodsType, screenshot_required: screenshotRequiredFor(goodsType, chosen), default_required: SCREENSHOT_REQUIRED_BY_DEFAULT[goodsType] }));
    },

    async setCompletionRule(actor, goodsType, screenshotRequired) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = screenshotRequiredFor(goodsType, await completionRulesRepository.chosen(trx));
        await completionRulesRepository.set(trx, { goodsType, screenshotRequired, at: at.toISOString() });
        await writeAudit(trx, actor, { action: 'completion_rule.update', targetType: 'goods_type', targetId: goodsType, before: { screenshot_required: before }, after: { screenshot_required: screenshotRequired } }, at);
      });
      return { goods_type: goodsType, screenshot_required: screenshotRequired, default_required: SCREENSHOT_REQUIRED_BY_DEFAULT[goodsType] };
    },

    async addNote(actor, id, content, clientKey) {
      await db.transaction().execute(async (trx) => {
        await mustFind(trx, id);
        const at = now();
        const note = await handling.insertNote(trx, { orderId: id, staffId: actor.id, staffName: actor.displayName, content, at: at.toISOString(), clientKey: clientKey ?? null });
        // The same user action again (a double click): the note is there already.
        if (!note) return;
        await writeAudit(trx, actor, { action: 'order.note', targetType: 'order', targetId: id, after: { note_id: note.id, content } }, at);
      });
    },

    async recordCall(actor, id, call) {
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        if (!isOrderPaid(order.status)) throw new AppError('CONSOLE_ORDER_NOT_PAID');
        // The handler calls their customer; an admin may call about anyone's order.
        assertHandler(actor, order);
        const at = now();
        const row = await handling.insertCall(trx, { orderId: id, staffId: actor.id, staffName: actor.displayName, outcome: call.outcome, note: call.note, at: at.toISOString(), clientKey: call.client_key ?? null });
        // The same user action again (a double click): the call is recorded already.
        if (!row) return;
        const first = await orderRepository.markFirstCall(trx, { id, at: at.toISOString() });
        await writeAudit(trx, actor, { action: 'order.call', targetType: 'order', targetId: id, after: { call_id: row.id, outcome: call.outcome, note: call.note, ...(first ? { first_call_time: at.toISOString() } : {}) } }, at);
      });
    },

    async uploadScreenshot(actor, id, file) {
      const order = await mustFind(db, id);
      if (!isOrderPaid(order.status)) throw new AppError('CONSOLE_ORDER_NOT_PAID');
      assertHandler(actor, order);
      const type = checkedUploadType(file.body, { maxBytes: SCREENSHOT_MAX_BYTES, typeOf: screenshotTypeOf }, SCREENSHOT_REFUSALS);
      if ((await handling.countFiles(db, id)) >= SCREENSHOT_MAX_PER_ORDER) throw new AppError('CONSOLE_UPLOAD_LIMIT');

      const at = now();
      return storeThenRecord(storage, { body: file.body, type, extension: SCREENSHOT_TYPES[type] }, (key) =>
        db.transaction().execute(async (trx) => {
          if ((await handling.countFiles(trx, id)) >= SCREENSHOT_MAX_PER_ORDER) throw new AppError('CONSOLE_UPLOAD_LIMIT');
          const row = await handling.insertFile(trx, { orderId: id, url: `/uploads/${key}`, storageKey: key, staffName: actor.displayName, at: at.toISOString() });
          await writeAudit(trx, actor, { action: 'order.file_upload', targetType: 'order', targetId: id, after: { file_id: row.id, url: row.url, bytes: file.body.length, type, filename: file.filename.slice(0, 100) } }, at);
          return row;
        }),
      );
    },

    async recordPhoneFigures(actor, id, figures) {
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        if (order.goods_type !== 'license_year') throw new AppError('CONSOLE_FIGURES_NOT_ANNUAL_REPORT');
        if (!isOrderPaid(order.status)) throw new AppError('CONSOLE_ORDER_NOT_PAID');
        assertHandler(actor, order);
        const checked = validateDeclaration(figures, order.entity_name);
        if (!checked.ok) throw new AppError(checked.error, checked.field);
        const at = now();
        const entityExtra = JSON.stringify(checked.value);
        if (!(await orderRepository.setDeclarationFromStaff(trx, { id, entityExtra, now: at.toISOString() }))) throw new AppError('CONSOLE_ORDER_NOT_PAID');
        await handling.insertNote(trx, { orderId: id, staffId: actor.id, staffName: actor.displayName, content: '年报数据由客户电话告知，已代为录入', at: at.toISOString(), clientKey: null });
        await writeAudit(trx, actor, { action: 'order.declaration_by_phone', targetType: 'order', targetId: id, before: { entity_extra: parseDeclaration(order.entity_extra) }, after: { entity_extra: checked.value } }, at);
      });
    },

    async deleteScreenshot(actor, id, fileId) {
      const key = await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        assertHandler(actor, order);
        const file = await handling.findFile(trx, id, fileId);
        if (!file) throw new AppError('CONSOLE_FILE_NOT_FOUND');
        await handling.deleteFile(trx, fileId);
        await writeAudit(trx, actor, { action: 'order.file_delete', targetType: 'order', targetId: id, before: { file_id: file.id, url: file.url } }, now());
        return file.storage_key;
      });
      if (key) await storage.delete(key).catch(() => undefined);
    },

    async revealIdNumber(actor, id, why) {
      const reason = idRevealReasonText(why.reason, why.note);
      if (reason === 'NOTE_REQUIRED') throw new AppError('CONSOLE_NOTE_REQUIRED');
      const at = now();
      const encrypted = await db.transaction().execute(async (trx) => {
        // One reveal at a time per staff member: the day's count below cannot be raced past the limit.
        await holdStaffRow(trx, actor.id);
        const order = await mustFind(trx, id);
        const mayRevealAny = roleCan(actor.role, 'orders.reveal_any_id');
        const revealsToday = mayRevealAny ? 0 : await countStaffActions(trx, { staffId: actor.id, action: 'order.reveal_id', since: shanghaiStart(at, 'day') });
        const refusal = idRevealRefusal(order, { staffId: actor.id, mayRevealAny, revealsToday, dailyLimit: deps.idRevealsPerDay });
        if (refusal === 'NOT_THEIR_ORDER') throw new AppError('CONSOLE_ID_REVEAL_NOT_THEIRS');
        // The count starts again at Beijing midnight: that is when to ask again.
        if (refusal === 'DAILY_LIMIT') throw withRetryAfter(new AppError('CONSOLE_ID_REVEAL_DAILY_LIMIT'), (Date.parse(shanghaiStart(at, 'day')) + 86_400_000 - at.getTime()) / 1000);
        // The audit row records that it was seen and why, never the number itself.
        await writeAudit(trx, actor, { action: 'order.reveal_id', targetType: 'order', targetId: id, after: { purged: order.entity_idno_enc === null, reason: reason.text } }, at);
        return order.entity_idno_enc;
      });
      return { entity_idno: encrypted ? vault.decrypt(encrypted) : '' };
    },

    async statistics(input) {
      const [today, month, payingDevices, paidByProcessStatus, refundedOrders, overdueCount, overdueRows] = await Promise.all([
        handling.paidSince(db, input.dayStart),
        handling.paidSince(db, input.monthStart),
        handling.countPayingDevices(db, input.funnelSince),
        handling.countPaidByProcessStatus(db),
        handling.countRefunded(db),
        handling.countView(db, 'overdue', { staffId: 0, now: input.now }),
        handling.listOverdue(db, input.now, input.overdueLimit),
      ]);
      return { today, month, payingDevices, paidByProcessStatus, refundedOrders, overdueCount, overdueOrders: overdueRows.map((row) => toListItem(row, input.now)) };
    },
  };
}
