import type { GoodsRow, NewGoods } from '../../db/schema.ts';
import type { Db } from '../../db/query-helpers.ts';

/** SQL for goods (the services on sale). */
export const goodsRepository = {
  listActive(db: Db): Promise<GoodsRow[]> {
    return db.selectFrom('goods').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
  },

  listAll(db: Db): Promise<GoodsRow[]> {
    return db.selectFrom('goods').selectAll().orderBy('sort').orderBy('id').execute();
  },

  findById(db: Db, id: number): Promise<GoodsRow | undefined> {
    return db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
  },

  insert(db: Db, values: NewGoods): Promise<GoodsRow> {
    return db.insertInto('goods').values(values).returningAll().executeTakeFirstOrThrow();
  },

  async update(db: Db, id: number, values: Omit<NewGoods, 'id'>): Promise<void> {
    await db.updateTable('goods').set(values).where('id', '=', id).execute();
  },
};
