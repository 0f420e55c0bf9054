import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AppError,
  CALL_PROMISE_MS,
  PROCESS_STATUS,
  PROCESS_STATUS_NAMES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_PER_ORDER,
  SCREENSHOT_TYPES,
  isHandlingOverdue,
  maskIdNumber,
  processMoveNeedsNote,
  processMoveRefusal,
  roleCan,
  screenshotTypeOf,
  type ConsoleOrderCounts,
  type ConsoleOrderDetail,
  type ConsoleOrderFile,
  type ConsoleOrderListItem,
  type ConsoleOrderListQuery,
  type ConsolePage,
  type ConsoleProcessStatusChange,
  type ProcessStatus,
} from '@kuaibao/domain';
import type { Database, OrderRow } from '../../db/schema.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { assertCan, type Actor, type Db } from './actor.ts';
import { writeAudit } from './audit.ts';
import { consoleOrdersRepository as repo, type OrderListRow } from './orders.repository.ts';
import type { PaymentLink } from './payment-link.ts';
import type { RefundRequestReader } from './refunds.service.ts';
import type { SmsLogReader } from './sms-log.service.ts';

export interface ConsoleOrdersService {
  list(actor: Actor, query: ConsoleOrderListQuery): Promise<ConsolePage<ConsoleOrderListItem>>;
  counts(actor: Actor): Promise<ConsoleOrderCounts>;
  detail(actor: Actor, id: number): Promise<ConsoleOrderDetail>;
  take(actor: Actor, id: number, force: boolean): Promise<ConsoleOrderDetail>;
  changeProcessStatus(actor: Actor, id: number, change: ConsoleProcessStatusChange): Promise<ConsoleOrderDetail>;
  addNote(actor: Actor, id: number, content: string): Promise<ConsoleOrderDetail>;
  uploadScreenshot(actor: Actor, id: number, file: { body: Buffer; filename: string }): Promise<ConsoleOrderFile>;
  deleteScreenshot(actor: Actor, id: number, fileId: number): Promise<void>;
  /** The full ID number, for the explicit and audited click. */
  revealIdNumber(actor: Actor, id: number): Promise<{ entity_idno: string }>;
}

export function toListItem(row: OrderListRow, now: Date): ConsoleOrderListItem {
  return {
    ...row,
    overdue: isHandlingOverdue({ status: row.status, processStatus: row.process_status, payTime: row.pay_time }, now),
  };
}

/** What the audit log keeps of an order's handling state. */
const handlingView = (order: Pick<OrderRow, 'process_status' | 'process_status_name' | 'admin_id' | 'admin_name'>) => ({
  process_status: order.process_status,
  process_status_name: order.process_status_name,
  admin_id: order.admin_id,
  admin_name: order.admin_name,
});

export function createConsoleOrdersService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  vault: PersonalDataVault;
  storage: StorageProvider;
  payments: PaymentLink;
  refundRequests: RefundRequestReader;
  smsLog: SmsLogReader;
}): ConsoleOrdersService {
  const { db, now, vault, storage } = deps;

  async function mustFind(trx: Db, id: number): Promise<OrderRow> {
    const order = await repo.findById(trx, id);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  /** Handling actions need the order taken by the actor; an admin may act on anyone's. */
  function assertHandler(actor: Actor, order: OrderRow): void {
    if (order.admin_id === actor.id) return;
    if (order.admin_id === null) throw new AppError('CONSOLE_ORDER_NOT_TAKEN');
    if (!roleCan(actor.role, 'orders.reassign')) throw new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER');
  }

  async function buildDetail(id: number): Promise<ConsoleOrderDetail> {
    const order = await mustFind(db, id);
    const [files, notes, history, attempts, providerEvents, refundRequests, sms] = await Promise.all([
      repo.listFiles(db, id),
      repo.listNotes(db, id),
      repo.listHistory(db, id),
      deps.payments.listAttempts(id),
      deps.payments.listProviderEvents(id),
      deps.refundRequests.listForOrder(id),
      deps.smsLog.listForOrder(id),
    ]);
    let entityExtra: Record<string, string> | null = null;
    try {
      entityExtra = JSON.parse(order.entity_extra) as Record<string, string> | null;
    } catch {
      entityExtra = null;
    }
    return {
      ...toListItem(order, now()),
      public_id: order.public_id,
      entity_idno: order.entity_idno_enc ? maskIdNumber(vault.decrypt(order.entity_idno_enc)) : '',
      has_idno: order.entity_idno_enc !== null,
      entity_extra: entityExtra,
      pay_source: order.pay_source,
      platform: order.platform,
      consent_version: order.consent_version,
      consent_time: order.consent_time,
      update_time: order.update_time,
      files: files.map(({ id: fileId, url, created_at }) => ({ id: fileId, url, created_at })),
      notes,
      history,
      attempts,
      provider_events: providerEvents,
      refund_requests: refundRequests,
      sms,
    };
  }

  return {
    async list(actor, query) {
      assertCan(actor, 'orders.view');
      if (query.from && query.to && query.from > query.to) throw new AppError('CONSOLE_DATE_RANGE_INVALID');
      const at = now();
      const { rows, total } = await repo.listQueue(db, query, { staffId: actor.id, now: at });
      return { items: rows.map((row) => toListItem(row, at)), total, page: query.page, page_size: query.page_size };
    },

    async counts(actor) {
      assertCan(actor, 'orders.view');
      const overdueBefore = new Date(now().getTime() - CALL_PROMISE_MS).toISOString();
      const [newPaid, overdue, mineOpen, refundsPending, feedbackOpen] = await Promise.all([
        repo.countWhere(db, (qb) => qb.where('status', '=', '2').where('process_status', '=', '1')),
        repo.countWhere(db, (qb) => qb.where('status', '=', '2').where('process_status', '=', '1').where('pay_time', '<', overdueBefore)),
        repo.countWhere(db, (qb) => qb.where('admin_id', '=', actor.id).where('status', '=', '2').where('process_status', 'in', ['1', '3', '4'])),
        db.selectFrom('refund_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'PENDING').executeTakeFirstOrThrow(),
        db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow(),
      ]);
      return { new_paid: newPaid, overdue, mine_open: mineOpen, refunds_pending: Number(refundsPending.n), feedback_open: Number(feedbackOpen.n) };
    },

    async detail(actor, id) {
      assertCan(actor, 'orders.view');
      return buildDetail(id);
    },

    async take(actor, id, force) {
      assertCan(actor, 'orders.handle');
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        if (order.status !== '2') throw new AppError('CONSOLE_ORDER_NOT_PAID');
        if (order.admin_id === actor.id) return;
        if (order.admin_id !== null) {
          if (!force) throw new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER', order.admin_name);
          assertCan(actor, 'orders.reassign');
        }
        const at = now();
        // Conditional on the handler we saw: two clerks clicking at once cannot both win.
        const result = await trx
          .updateTable('orders')
          .set({ admin_id: actor.id, admin_name: actor.displayName, update_time: at.toISOString() })
          .where('id', '=', id)
          .where((eb) => (order.admin_id === null ? eb('admin_id', 'is', null) : eb('admin_id', '=', order.admin_id)))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONSOLE_ORDER_TAKEN_BY_OTHER');
        await writeAudit(trx, actor, { action: order.admin_id === null ? 'order.take' : 'order.reassign', targetType: 'order', targetId: id, before: handlingView(order), after: { ...handlingView(order), admin_id: actor.id, admin_name: actor.displayName } }, at);
      });
      return buildDetail(id);
    },

    async changeProcessStatus(actor, id, change) {
      assertCan(actor, 'orders.handle');
      await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        const refusal = processMoveRefusal({ status: order.status, from: order.process_status, to: change.process_status });
        if (refusal === 'NOT_PAID') throw new AppError('CONSOLE_ORDER_NOT_PAID');
        if (refusal) throw new AppError('CONSOLE_STATUS_TRANSITION_INVALID', refusal);
        assertHandler(actor, order);
        if (processMoveNeedsNote(order.process_status, change.process_status) && change.note === '') throw new AppError('CONSOLE_NOTE_REQUIRED');
        const refundOpen = await trx.selectFrom('refund_requests').select('id').where('order_id', '=', id).where('status', 'in', ['PENDING', 'PROCESSING']).executeTakeFirst();
        if (refundOpen) throw new AppError('CONSOLE_REFUND_IN_PROGRESS');

        const at = now();
        const to = change.process_status as ProcessStatus;
        const name = PROCESS_STATUS_NAMES[to];
        const result = await trx
          .updateTable('orders')
          .set({ process_status: to, process_status_name: name, update_time: at.toISOString() })
          .where('id', '=', id)
          .where('process_status', '=', order.process_status)
          .where('status', '=', '2')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONSOLE_STATUS_TRANSITION_INVALID', 'changed meanwhile');
        await trx
          .insertInto('order_status_history')
          .values({ order_id: id, from_process_status: order.process_status, to_process_status: to, process_status_name: name, staff_id: actor.id, staff_name: actor.displayName, note: change.note, created_at: at.toISOString() })
          .execute();
        if (to === PROCESS_STATUS.completed) {
          // The completion notice (spec §1) leaves with the change or not at all.
          await trx
            .insertInto('outbox')
            .values({ kind: 'sms.order_completed', payload: JSON.stringify({ orderId: id, phone: order.entity_phone }), created_at: at.toISOString(), processed_at: null, last_error: null })
            .execute();
        }
        await writeAudit(trx, actor, { action: 'order.process_status', targetType: 'order', targetId: id, before: handlingView(order), after: { ...handlingView(order), process_status: to, process_status_name: name, note: change.note } }, at);
      });
      return buildDetail(id);
    },

    async addNote(actor, id, content) {
      assertCan(actor, 'orders.handle');
      await db.transaction().execute(async (trx) => {
        await mustFind(trx, id);
        const at = now();
        const note = await trx.insertInto('order_notes').values({ order_id: id, staff_id: actor.id, staff_name: actor.displayName, content, created_at: at.toISOString() }).returning('id').executeTakeFirstOrThrow();
        await writeAudit(trx, actor, { action: 'order.note', targetType: 'order', targetId: id, after: { note_id: note.id, content } }, at);
      });
      return buildDetail(id);
    },

    async uploadScreenshot(actor, id, file) {
      assertCan(actor, 'orders.handle');
      const order = await mustFind(db, id);
      if (order.status !== '2') throw new AppError('CONSOLE_ORDER_NOT_PAID');
      assertHandler(actor, order);
      if (file.body.length === 0) throw new AppError('CONSOLE_UPLOAD_MISSING');
      if (file.body.length > SCREENSHOT_MAX_BYTES) throw new AppError('CONSOLE_UPLOAD_TOO_LARGE');
      // The bytes decide the type; a name or a declared type can lie.
      const type = screenshotTypeOf(file.body);
      if (!type) throw new AppError('CONSOLE_UPLOAD_TYPE_INVALID');
      const existing = await repo.listFiles(db, id);
      if (existing.length >= SCREENSHOT_MAX_PER_ORDER) throw new AppError('CONSOLE_UPLOAD_LIMIT');

      const key = `${randomBytes(16).toString('hex')}.${SCREENSHOT_TYPES[type]}`;
      await storage.put({ key, body: file.body, contentType: type });
      const at = now();
      try {
        return await db.transaction().execute(async (trx) => {
          const count = await trx.selectFrom('order_files').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', id).executeTakeFirstOrThrow();
          if (Number(count.n) >= SCREENSHOT_MAX_PER_ORDER) throw new AppError('CONSOLE_UPLOAD_LIMIT');
          const row = await trx
            .insertInto('order_files')
            .values({ order_id: id, url: `/uploads/${key}`, storage_key: key, staff_name: actor.displayName, created_at: at.toISOString() })
            .returning(['id', 'url', 'created_at'])
            .executeTakeFirstOrThrow();
          await writeAudit(trx, actor, { action: 'order.file_upload', targetType: 'order', targetId: id, after: { file_id: row.id, url: row.url, bytes: file.body.length, type, filename: file.filename.slice(0, 100) } }, at);
          return row;
        });
      } catch (error) {
        // Nothing refers to the object: remove it rather than leave an orphan.
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },

    async deleteScreenshot(actor, id, fileId) {
      assertCan(actor, 'orders.handle');
      const key = await db.transaction().execute(async (trx) => {
        const order = await mustFind(trx, id);
        assertHandler(actor, order);
        const file = await trx.selectFrom('order_files').select(['id', 'url', 'storage_key']).where('id', '=', fileId).where('order_id', '=', id).executeTakeFirst();
        if (!file) throw new AppError('CONSOLE_FILE_NOT_FOUND');
        await trx.deleteFrom('order_files').where('id', '=', fileId).execute();
        await writeAudit(trx, actor, { action: 'order.file_delete', targetType: 'order', targetId: id, before: { file_id: file.id, url: file.url } }, now());
        return file.storage_key;
      });
      if (key) await storage.delete(key).catch(() => undefined);
    },

    async revealIdNumber(actor, id) {
      assertCan(actor, 'orders.reveal_id');
      const order = await mustFind(db, id);
      const at = now();
      // The audit row records that it was seen, never the number itself.
      await writeAudit(db, actor, { action: 'order.reveal_id', targetType: 'order', targetId: id, after: { purged: order.entity_idno_enc === null } }, at);
      return { entity_idno: order.entity_idno_enc ? vault.decrypt(order.entity_idno_enc) : '' };
    },
  };
}
