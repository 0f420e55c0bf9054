import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/query-helpers.ts';
import { pageWindow } from '../../db/query-helpers.ts';
import type { WechatComplaintsTable } from '../../db/schema.ts';

/** SQL for WeChat Pay complaints (decision 040). */
export const wechatComplaintsRepository = {
  /** Inserts or refreshes a complaint from WeChat's detail; what staff did is kept. */
  async upsert(db: Db, row: Omit<Insertable<WechatComplaintsTable>, 'id' | 'created_at' | 'handled_by' | 'refund_request_id' | 'responded_at' | 'completed_at' | `refund_progress${string}`>): Promise<number> {
    const { complaint_id: _id, ...update } = row;
    const saved = await db
      .insertInto('wechat_complaints')
      .values(row)
      .onConflict((oc) => oc.column('complaint_id').doUpdateSet(update))
      .returning('id')
      .executeTakeFirstOrThrow();
    return saved.id;
  },

  findById(db: Db, id: number) {
    return db.selectFrom('wechat_complaints').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async list(db: Db, query: { page: number; page_size: number; state?: WechatComplaintsTable['state'] | undefined }) {
    let base = db.selectFrom('wechat_complaints');
    if (query.state) base = base.where('state', '=', query.state);
    const { limit, offset } = pageWindow(query.page, query.page_size);
    const rows = await base.selectAll().orderBy('complaint_time', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, total: Number(total.n) };
  },

  countOpen(db: Db): Promise<number> {
    return db
      .selectFrom('wechat_complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '!=', 'PROCESSED')
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  },

  findByRefundRequest(db: Db, requestId: number) {
    return db.selectFrom('wechat_complaints').selectAll().where('refund_request_id', '=', requestId).executeTakeFirst();
  },

  async recordAction(
    db: Db,
    id: number,
    set: Pick<Updateable<WechatComplaintsTable>, 'responded_at' | 'completed_at' | 'handled_by' | 'refund_request_id' | 'updated_at' | 'refund_progress' | 'refund_progress_state' | 'refund_progress_reason' | 'refund_progress_error' | 'refund_progress_at'>,
  ): Promise<void> {
    await db.updateTable('wechat_complaints').set(set).where('id', '=', id).execute();
  },
};
