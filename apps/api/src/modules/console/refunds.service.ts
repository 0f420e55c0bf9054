import type { Kysely } from 'kysely';
import { AppError, ORDER_STATUS, type ConsolePage, type ConsoleRefundRequest, type ConsoleRefundRequestStatus } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { assertCan, pageWindow, type Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import type { PaymentLink, RefundOrderResult } from './payment-link.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/**
 * The full refund promised when handling fails (spec §1): a clerk (or admin) asks with a
 * reason, an admin approves, and only then is the payment module's refundOrder called. One
 * pending request per order (a unique index); a decided request is never decided again.
 */
export interface RefundRequestReader {
  listForOrder(orderId: number): Promise<ConsoleRefundRequest[]>;
}

export interface RefundsService extends RefundRequestReader {
  list(actor: Actor, query: { page: number; page_size: number; status?: ConsoleRefundRequestStatus | undefined }): Promise<ConsolePage<ConsoleRefundRequest>>;
  request(actor: Actor, orderId: number, reason: string): Promise<ConsoleRefundRequest>;
  approve(actor: Actor, requestId: number, note: string): Promise<ConsoleRefundRequest>;
  reject(actor: Actor, requestId: number, note: string): Promise<ConsoleRefundRequest>;
}

const REFUSAL_TEXT: Record<Extract<RefundOrderResult, { ok: false }>['reason'], string> = {
  NOT_PAID: '订单未支付',
  ALREADY_REFUNDED: '订单已退款',
  ABNORMAL: '退款异常，请在支付平台核实',
  CLOSED: '退款已关闭',
  PROVIDER_UNAVAILABLE: '支付通道暂不可用',
};


export function createRefundsService(deps: { db: Kysely<Database>; now: () => Date; payments: PaymentLink }): RefundsService {
  const { db, now } = deps;

  function baseQuery() {
    return db
      .selectFrom('refund_requests')
      .innerJoin('orders', 'orders.id', 'refund_requests.order_id')
      .select([
        'refund_requests.id',
        'refund_requests.order_id',
        'refund_requests.status',
        'refund_requests.reason',
        'refund_requests.requested_by_name',
        'refund_requests.created_at',
        'refund_requests.decided_by_name',
        'refund_requests.decided_at',
        'refund_requests.decision_note',
        'refund_requests.result_message',
        'refund_requests.out_refund_no',
        'orders.out_trade_no',
        'orders.entity_name',
        'orders.total_fee',
        'orders.status as order_status',
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

  function toRequest(row: Row): ConsoleRefundRequest {
    // A refund the provider was still processing has completed once the payment side marks the order refunded.
    const status = row.status === 'PROCESSING' && row.order_status === ORDER_STATUS.refunded ? 'SUCCEEDED' : (row.status as ConsoleRefundRequestStatus);
    const { order_status: _orderStatus, ...rest } = row;
    return { ...rest, status };
  }

  async function getRequest(id: number): Promise<ConsoleRefundRequest> {
    const row = await baseQuery().where('refund_requests.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('CONSOLE_REFUND_REQUEST_NOT_FOUND');
    return toRequest(row);
  }

  return {
    async listForOrder(orderId) {
      const rows = await baseQuery().where('refund_requests.order_id', '=', orderId).orderBy('refund_requests.id', 'desc').execute();
      return rows.map(toRequest);
    },

    async list(actor, query) {
      assertCan(actor, 'refunds.request');
      const { limit, offset } = pageWindow(query.page, query.page_size);
      let filtered = baseQuery();
      let counted = db.selectFrom('refund_requests').select((eb) => eb.fn.countAll<number>().as('n'));
      if (query.status) {
        filtered = filtered.where('refund_requests.status', '=', query.status);
        counted = counted.where('status', '=', query.status);
      }
      const [rows, count] = await Promise.all([filtered.orderBy('refund_requests.id', 'desc').limit(limit).offset(offset).execute(), counted.executeTakeFirstOrThrow()]);
      return { items: rows.map(toRequest), total: Number(count.n), page: query.page, page_size: query.page_size };
    },

    async request(actor, orderId, reason) {
      assertCan(actor, 'refunds.request');
      const id = await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select(['id', 'status', 'out_trade_no', 'total_fee']).where('id', '=', orderId).executeTakeFirst();
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        if (order.status !== ORDER_STATUS.paid) throw new AppError('CONSOLE_REFUND_NOT_ALLOWED');
        const open = await trx.selectFrom('refund_requests').select(['id', 'status']).where('order_id', '=', orderId).where('status', 'in', ['PENDING', 'PROCESSING']).executeTakeFirst();
        if (open) throw new AppError('CONSOLE_REFUND_ALREADY_REQUESTED');
        const at = now().toISOString();
        let inserted: { id: number };
        try {
          inserted = await trx
            .insertInto('refund_requests')
            .values({ order_id: orderId, status: 'PENDING', reason, requested_by: actor.id, requested_by_name: actor.displayName, created_at: at, updated_at: at })
            .returning('id')
            .executeTakeFirstOrThrow();
        } catch (error) {
          // The one-pending-per-order index: someone asked at the same moment.
          if (isUniqueViolation(error)) throw new AppError('CONSOLE_REFUND_ALREADY_REQUESTED', undefined, { cause: error });
          throw error;
        }
        await writeAudit(trx, actor, { action: 'refund.request', targetType: 'order', targetId: orderId, after: { request_id: inserted.id, reason, amount_fen: order.total_fee } }, new Date(at));
        return inserted.id;
      });
      return getRequest(id);
    },

    async approve(actor, requestId, note) {
      assertCan(actor, 'refunds.approve');
      const at = now();
      // Claim the decision first: a second click (or a second admin) finds it decided.
      const claimed = await db.transaction().execute(async (trx) => {
        const request = await trx.selectFrom('refund_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
        if (!request) throw new AppError('CONSOLE_REFUND_REQUEST_NOT_FOUND');
        const result = await trx
          .updateTable('refund_requests')
          .set({ status: 'PROCESSING', decided_by: actor.id, decided_by_name: actor.displayName, decided_at: at.toISOString(), decision_note: note, updated_at: at.toISOString() })
          .where('id', '=', requestId)
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONSOLE_REFUND_ALREADY_DECIDED');
        await writeAudit(trx, actor, { action: 'refund.approve', targetType: 'order', targetId: request.order_id, before: { request_id: requestId, status: 'PENDING' }, after: { request_id: requestId, status: 'PROCESSING', note } }, at);
        return request;
      });

      let outcome: RefundOrderResult;
      try {
        outcome = await deps.payments.refundOrder({ orderId: claimed.order_id, reason: claimed.reason, requestedBy: `${actor.displayName}（${actor.username}）` });
      } catch (error) {
        outcome = { ok: false, reason: 'PROVIDER_UNAVAILABLE', message: error instanceof Error ? error.message : String(error) };
      }
      const status: ConsoleRefundRequestStatus = outcome.ok ? (outcome.state === 'SUCCESS' ? 'SUCCEEDED' : 'PROCESSING') : 'FAILED';
      const message = outcome.ok ? (outcome.state === 'SUCCESS' ? '退款成功' : '退款处理中') : `${REFUSAL_TEXT[outcome.reason]}：${outcome.message}`.slice(0, 300);
      const done = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('refund_requests')
          .set({ status, result_message: message, out_refund_no: outcome.ok ? outcome.outRefundNo : '', updated_at: done.toISOString() })
          .where('id', '=', requestId)
          .execute();
        await writeAudit(trx, actor, { action: 'refund.result', targetType: 'order', targetId: claimed.order_id, after: { request_id: requestId, status, result: outcome } }, done);
      });
      return getRequest(requestId);
    },

    async reject(actor, requestId, note) {
      assertCan(actor, 'refunds.approve');
      if (note === '') throw new AppError('CONSOLE_NOTE_REQUIRED');
      const at = now();
      await db.transaction().execute(async (trx) => {
        const request = await trx.selectFrom('refund_requests').select(['id', 'order_id']).where('id', '=', requestId).executeTakeFirst();
        if (!request) throw new AppError('CONSOLE_REFUND_REQUEST_NOT_FOUND');
        const result = await trx
          .updateTable('refund_requests')
          .set({ status: 'REJECTED', decided_by: actor.id, decided_by_name: actor.displayName, decided_at: at.toISOString(), decision_note: note, updated_at: at.toISOString() })
          .where('id', '=', requestId)
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONSOLE_REFUND_ALREADY_DECIDED');
        await writeAudit(trx, actor, { action: 'refund.reject', targetType: 'order', targetId: request.order_id, before: { request_id: requestId, status: 'PENDING' }, after: { request_id: requestId, status: 'REJECTED', note } }, at);
      });
      return getRequest(requestId);
    },
  };
}
