import type { Db } from '../../db/query-helpers.ts';

/** SQL for the site texts: one JSON value per corp and key. */
export const siteConfigRepository = {
  listForCorps(db: Db, corpIds: readonly number[]): Promise<Array<{ corp_id: number; key: string; value: string }>> {
    return db.selectFrom('site_config').select(['corp_id', 'key', 'value']).where('corp_id', 'in', corpIds).execute();
  },

  /** Every corp's rows: the table is a few rows per corp, read whole into memory (site-config.service.ts). */
  listAll(db: Db): Promise<Array<{ corp_id: number; key: string; value: string }>> {
    return db.selectFrom('site_config').select(['corp_id', 'key', 'value']).execute();
  },

  findValue(db: Db, corpId: number, key: string): Promise<{ value: string } | undefined> {
    return db.selectFrom('site_config').select('value').where('corp_id', '=', corpId).where('key', '=', key).executeTakeFirst();
  },

  async upsert(db: Db, row: { corpId: number; key: string; value: string }): Promise<void> {
    await db
      .insertInto('site_config')
      .values({ corp_id: row.corpId, key: row.key, value: row.value })
      .onConflict((oc) => oc.columns(['corp_id', 'key']).doUpdateSet({ value: row.value }))
      .execute();
  },
};
