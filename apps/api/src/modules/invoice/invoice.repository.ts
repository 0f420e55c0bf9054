import type { InvoiceRequest, InvoiceStatus } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';
import { dayWindow, pageWindow } from '../../db/query-helpers.ts';
import type { InvoiceRow } from '../../db/schema.ts';

/** Statuses a request may be issued or corrected from (invoice.ts's isInvoiceIssuable / isInvoiceCorrectable). */
const OPEN: InvoiceStatus[] = ['requested', 'failed'];

export interface InvoiceListQuery {
  page: number;
  page_size: number;
  status?: InvoiceStatus | undefined;
  type?: string | undefined;
  /** order number, title or tax number */
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** an export's batch (keyset, newest first): the rows before this id, uncounted */
  afterId?: number | undefined;
}

function listed(db: Db) {
  return db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .selectAll('invoices')
    .select(['orders.out_trade_no', 'orders.entity_name', 'orders.goods_name', 'orders.status as order_status']);
}
export type InvoiceListRow = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;

/** All SQL of the invoices table (migration 038). */
export const invoiceRepository = {
  findByOrderId(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
    return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  },

  findById(db: Db, id: number): Promise<InvoiceRow | undefined> {
    return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findListRow(db: Db, id: number): Promise<InvoiceListRow | undefined> {
    return listed(db).where('invoices.id', '=', id).executeTakeFirst();
  },

  /** The one request of an order; the unique order_id refuses a second (a race included). */
  async insert(db: Db, input: { orderId: number; request: InvoiceRequest; amountFen: number; provider: string; at: string }): Promise<void> {
    await db
      .insertInto('invoices')
      .values({ order_id: input.orderId, ...input.request, amount_fen: input.amountFen, provider: input.provider, status: 'requested', created_at: input.at, updated_at: input.at })
      .execute();
  },

  /** A correction, only while the request is open: false when it was issued meanwhile. */
  async correct(db: Db, input: { id: number; request: InvoiceRequest; at: string }): Promise<boolean> {
    const result = await db
      .updateTable('invoices')
      .set({ ...input.request, status: 'requested', fail_reason: '', updated_at: input.at })
      .where('id', '=', input.id)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Issued with its file, only from the statuses given (an open request by default): false when another clerk or round was first. */
  async markIssued(db: Db, input: { id: number; fileKey: string; fileKind: string; serial: string; invoiceNumber?: string; staffName: string; at: string; from?: InvoiceStatus[] }): Promise<boolean> {
    const result = await db
      .updateTable('invoices')
      .set({ status: 'issued', file_key: input.fileKey, file_kind: input.fileKind, provider_serial: input.serial, invoice_number: input.invoiceNumber ?? '', issued_by_name: input.staffName, issued_at: input.at, fail_reason: '', updated_at: input.at })
      .where('id', '=', input.id)
      .where('status', 'in', input.from ?? OPEN)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Asked of the platform under a new request number, only from an open request: false when another clerk was first. */
  async markIssuing(db: Db, input: { id: number; orderNo: string; provider: string; staffName: string; at: string }): Promise<boolean> {
    const result = await db
      .updateTable('invoices')
      .set({ status: 'issuing', provider: input.provider, provider_order_no: input.orderNo, provider_serial: '', issued_by_name: input.staffName, fail_reason: '', updated_at: input.at })
      .where('id', '=', input.id)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The platform's details as they come back (serial, 红字确认单 id, its refusal), without a status move. */
  async note(db: Db, input: { id: number; at: string; serial?: string; redSerial?: string; failReason?: string }): Promise<void> {
    await db
      .updateTable('invoices')
      .set({
        updated_at: input.at,
        ...(input.serial !== undefined ? { provider_serial: input.serial } : {}),
        ...(input.redSerial !== undefined ? { red_serial: input.redSerial } : {}),
        ...(input.failReason !== undefined ? { fail_reason: input.failReason.slice(0, 500) } : {}),
      })
      .where('id', '=', input.id)
      .execute();
  },

  /** What the results job asks the platform about: requests being issued and red letters asked for, oldest first. */
  awaitingPlatform(db: Db, provider: string, limit: number): Promise<InvoiceRow[]> {
    return db
      .selectFrom('invoices')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_order_no', '!=', '')
      .where((eb) => eb.or([eb('status', '=', 'issuing'), eb.and([eb('status', '=', 'red_requested'), eb('red_serial', '!=', '')])]))
      .orderBy('updated_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  },

  /** A status move guarded by the status it leaves; false when the row was not in it. */
  async move(db: Db, input: { id: number; from: InvoiceStatus; to: InvoiceStatus; at: string; redFileKey?: string | null; failReason?: string; redSerial?: string }): Promise<boolean> {
    const stamp = input.to === 'red_requested' ? { red_requested_at: input.at } : input.to === 'red_issued' ? { red_issued_at: input.at, red_file_key: input.redFileKey ?? null } : {};
    const extra = { ...(input.failReason !== undefined ? { fail_reason: input.failReason.slice(0, 500) } : {}), ...(input.redSerial !== undefined ? { red_serial: input.redSerial } : {}) };
    const result = await db
      .updateTable('invoices')
      .set({ status: input.to, updated_at: input.at, ...stamp, ...extra })
      .where('id', '=', input.id)
      .where('status', '=', input.from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async list(db: Db, query: InvoiceListQuery): Promise<{ rows: InvoiceListRow[]; total: number }> {
    let base = db.selectFrom('invoices').innerJoin('orders', 'orders.id', 'invoices.order_id');
    if (query.status) base = base.where('invoices.status', '=', query.status);
    if (query.type) base = base.where('invoices.type', '=', query.type);
    if (query.keyword) {
      const keyword = query.keyword.trim();
      base = base.where((eb) => eb.or([eb('orders.out_trade_no', '=', keyword), eb('invoices.tax_number', '=', keyword.toUpperCase()), eb('invoices.title', '=', keyword)]));
    }
    const { since, until } = dayWindow(query.from, query.to);
    if (since) base = base.where('invoices.created_at', '>=', since);
    if (until) base = base.where('invoices.created_at', '<', until);
    const keyset = query.afterId !== undefined;
    if (keyset) base = base.where('invoices.id', '<', query.afterId!);
    const { limit, offset } = keyset ? { limit: query.page_size, offset: 0 } : pageWindow(query.page, query.page_size);
    const [rows, count] = await Promise.all([
      base
        .selectAll('invoices')
        .select(['orders.out_trade_no', 'orders.entity_name', 'orders.goods_name', 'orders.status as order_status'])
        .orderBy('invoices.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      keyset ? Promise.resolve(undefined) : base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** Paid revenue split by whether its invoice is issued (the dashboard), integer fen. */
  async revenueSplit(db: Db, window: { since?: string | undefined; until?: string | undefined }): Promise<{ invoicedFen: number; notInvoicedFen: number }> {
    let query = db
      .selectFrom('orders')
      .leftJoin('invoices', 'invoices.order_id', 'orders.id')
      .select((eb) => [
        eb.fn.sum<number | string | null>(eb.case().when('invoices.status', 'in', ['issued', 'red_requested']).then(eb.ref('orders.total_fee')).else(0).end()).as('invoiced'),
        eb.fn.sum<number | string | null>(eb.case().when('invoices.status', 'in', ['issued', 'red_requested']).then(0).else(eb.ref('orders.total_fee')).end()).as('not_invoiced'),
      ])
      .where('orders.status', '=', '2');
    if (window.since) query = query.where('orders.pay_time', '>=', window.since);
    if (window.until) query = query.where('orders.pay_time', '<', window.until);
    const row = await query.executeTakeFirst();
    return { invoicedFen: Number(row?.invoiced ?? 0), notInvoicedFen: Number(row?.not_invoiced ?? 0) };
  },
};
