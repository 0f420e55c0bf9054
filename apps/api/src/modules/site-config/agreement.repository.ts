import type { Db } from '../../db/query-helpers.ts';

export interface AgreementRow {
  id: number;
  version: string;
  effective_date: string;
  text: string;
  created_at: string;
  created_by: number | null;
}

/** SQL for the agreement versions (decision 034): insert and read, never update. */
export const agreementRepository = {
  /** The current version: the last published. */
  current(db: Db): Promise<AgreementRow | undefined> {
    return db.selectFrom('agreements').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  /** Every version, newest first, with the publisher's name. */
  listWithPublisher(db: Db): Promise<Array<AgreementRow & { created_by_name: string | null }>> {
    return db
      .selectFrom('agreements')
      .leftJoin('staff', 'staff.id', 'agreements.created_by')
      .select(['agreements.id', 'agreements.version', 'agreements.effective_date', 'agreements.text', 'agreements.created_at', 'agreements.created_by', 'staff.display_name as created_by_name'])
      .orderBy('agreements.id', 'desc')
      .execute();
  },

  async versionsLike(db: Db, day: string): Promise<string[]> {
    const rows = await db.selectFrom('agreements').select('version').where('version', 'like', `${day}%`).execute();
    return rows.map((row) => row.version);
  },

  async insert(db: Db, row: { version: string; effective_date: string; text: string; created_by: number | null }): Promise<AgreementRow> {
    return db.insertInto('agreements').values(row).returningAll().executeTakeFirstOrThrow();
  },
};
