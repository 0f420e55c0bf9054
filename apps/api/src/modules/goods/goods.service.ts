import type { Kysely } from 'kysely';
import { AppError, isGoodsType, type Goods } from '@kuaibao/domain';
import type { Database, GoodsRow } from '../../db/schema.ts';

export interface GoodsService {
  listActiveGoods(): Promise<Goods[]>;
  /** The active goods with this id, or GOODS_NOT_FOUND. */
  getActiveGoods(goodsId: number): Promise<Goods>;
}

function toGoods(row: GoodsRow): Goods {
  if (!isGoodsType(row.type)) throw new AppError('INTERNAL', `goods ${row.id} has unknown type ${row.type}`);
  return {
    id: row.id,
    goods_id: row.id,
    name: row.name,
    goods_name: row.name,
    type: row.type,
    goods_type: row.type,
    pay_type: row.pay_types,
    price_fen: row.price_fen,
    description: row.description,
  };
}

export function createGoodsService(deps: { db: Kysely<Database> }): GoodsService {
  return {
    async listActiveGoods() {
      const rows = await deps.db.selectFrom('goods').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
      return rows.map(toGoods);
    },
    async getActiveGoods(goodsId) {
      const row = await deps.db.selectFrom('goods').selectAll().where('id', '=', goodsId).where('active', '=', 1).executeTakeFirst();
      if (!row) throw new AppError('GOODS_NOT_FOUND');
      return toGoods(row);
    },
  };
}
