import type { Db } from '../../db/query-helpers.ts';

/** The documents customers uploaded while their order waited on them (migration 040). */
export const customerFilesRepository = {
  async count(db: Db, orderId: number): Promise<number> {
    const row = await db.selectFrom('order_customer_files').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert(db: Db, file: { orderId: number; url: string; storageKey: string; contentType: string; bytes: number; filename: string; at: string }) {
    return db
      .insertInto('order_customer_files')
      .values({ order_id: file.orderId, url: file.url, storage_key: file.storageKey, content_type: file.contentType, bytes: file.bytes, filename: file.filename, created_at: file.at })
      .returning(['id', 'filename', 'content_type', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  /** Oldest first, as the timeline reads them. */
  async listForOrder(db: Db, orderId: number) {
    const rows = await db.selectFrom('order_customer_files').select(['id', 'url', 'content_type', 'bytes', 'filename', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), bytes: Number(row.bytes) }));
  },
};
