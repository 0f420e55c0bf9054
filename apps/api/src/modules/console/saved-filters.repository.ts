import type { Db } from '../../db/query-helpers.ts';

const COLUMNS = ['id', 'list', 'name', 'search', 'created_at'] as const;

/** SQL for staff members' saved filters (decision 045): every statement is scoped to one staff member. */
export const savedFiltersRepository = {
  listOwn(db: Db, staffId: number, list: string) {
    return db.selectFrom('saved_filters').select(COLUMNS).where('staff_id', '=', staffId).where('list', '=', list).orderBy('id').execute();
  },
  async deleteOwnByName(db: Db, staffId: number, list: string, name: string): Promise<void> {
    await db.deleteFrom('saved_filters').where('staff_id', '=', staffId).where('list', '=', list).where('name', '=', name).execute();
  },
  async countOwn(db: Db, staffId: number, list: string): Promise<number> {
    const { count } = await db.selectFrom('saved_filters').select((eb) => eb.fn.countAll<number>().as('count')).where('staff_id', '=', staffId).where('list', '=', list).executeTakeFirstOrThrow();
    return Number(count);
  },
  insert(db: Db, row: { staff_id: number; list: string; name: string; search: string; created_at: string }) {
    return db.insertInto('saved_filters').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
  },
  /** How many rows went: 0 when the id is not one of the staff member's. */
  async deleteOwn(db: Db, staffId: number, id: number): Promise<number> {
    const result = await db.deleteFrom('saved_filters').where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
