import type { Kysely } from 'kysely';
import { AppError, isGoodsType, payTypesOfGoods, yuanStringToFen, type ConsoleGoods, type ConsoleGoodsUpdate, type Goods } from '@kuaibao/domain';
import type { Database, GoodsRow } from '../../db/schema.ts';
import { writeAudit } from '../audit/index.ts';
import type { Actor } from '../staff/index.ts';
import { goodsRepository } from './goods.repository.ts';
import { cachedValue, deepFreeze } from '../../shared-state/cached-value.ts';
import type { CatalogChanges } from '../../shared-state/catalog-changes.ts';

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
    individual_price_fen: row.individual_price_fen,
    description: row.description,
  };
}

/**
 * The active goods, read on every start-up and every order: kept in memory (frozen, shared by every
 * request) and dropped when the console changes them (shared-state/catalog-changes.ts). Without
 * `changes` nothing is kept.
 */
export function createGoodsService(deps: { db: Kysely<Database>; changes?: CatalogChanges }): GoodsService {
  const { changes } = deps;
  const active = cachedValue({
    load: async () => deepFreeze((await goodsRepository.listActive(deps.db)).map(toGoods)),
    maxAgeMs: () => changes?.maxAgeMs() ?? 0,
  });
  changes?.onChange('goods', active.drop);
  return {
    listActiveGoods: () => active.get(),
    async getActiveGoods(goodsId) {
      const goods = (await active.get()).find((item) => item.id === goodsId);
      if (!goods) throw new AppError('GOODS_NOT_FOUND');
      return goods;
    },
  };
}

/** Editing the goods (the console's catalog); who may is the caller's to check. Every change is audited. */
export interface GoodsAdmin {
  list(): Promise<ConsoleGoods[]>;
  create(actor: Actor, input: ConsoleGoodsUpdate): Promise<ConsoleGoods>;
  update(actor: Actor, id: number, input: ConsoleGoodsUpdate): Promise<ConsoleGoods>;
}

function toConsoleGoods(row: GoodsRow): ConsoleGoods {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    price_fen: row.price_fen,
    individual_price_fen: row.individual_price_fen,
    pay_types: row.pay_types.split(',').filter(Boolean),
    sort: row.sort,
    active: row.active === 1,
    description: row.description,
  };
}

// A zero price cannot be paid; an absurd one is a typo (the dearest service is under ¥1,000).
const payablePrice = (fen: number | undefined): fen is number => fen !== undefined && fen >= 1 && fen <= 10_000_000;

function goodsValues(input: ConsoleGoodsUpdate) {
  const price = yuanStringToFen(input.price_yuan);
  if (!payablePrice(price)) throw new AppError('CONSOLE_PRICE_INVALID');
  // The 个体工商户 price is optional: empty means the same price for everyone (customer-price.ts); a
  // malformed one is refused as the price is (the same words fit both).
  const individualText = input.individual_price_yuan ?? '';
  const individualPrice = individualText === '' ? null : yuanStringToFen(individualText);
  if (individualPrice !== null && !payablePrice(individualPrice)) throw new AppError('CONSOLE_PRICE_INVALID');
  const payTypes = payTypesOfGoods(input.pay_types.join(','));
  return { name: input.name, type: input.type, price_fen: price, individual_price_fen: individualPrice, pay_types: payTypes.join(','), sort: input.sort, active: input.active ? 1 : 0, description: input.description };
}

/** `changes` drops every instance's copy of the active goods once a change has committed. */
export function createGoodsAdmin(deps: { db: Kysely<Database>; now: () => Date; changes?: CatalogChanges }): GoodsAdmin {
  const { db, now } = deps;
  const changed = async <T>(result: T): Promise<T> => {
    await deps.changes?.changed('goods');
    return result;
  };
  return {
    async list() {
      return (await goodsRepository.listAll(db)).map(toConsoleGoods);
    },

    async create(actor, input) {
      const values = goodsValues(input);
      const at = now();
      return changed(
        await db.transaction().execute(async (trx) => {
          const row = await goodsRepository.insert(trx, values);
          await writeAudit(trx, actor, { action: 'goods.create', targetType: 'goods', targetId: row.id, after: toConsoleGoods(row) }, at);
          return toConsoleGoods(row);
        }),
      );
    },

    async update(actor, id, input) {
      const values = goodsValues(input);
      const at = now();
      return changed(
        await db.transaction().execute(async (trx) => {
          const before = await goodsRepository.findById(trx, id);
          if (!before) throw new AppError('GOODS_NOT_FOUND');
          await goodsRepository.update(trx, id, values);
          const after = (await goodsRepository.findById(trx, id))!;
          await writeAudit(trx, actor, { action: 'goods.update', targetType: 'goods', targetId: id, before: toConsoleGoods(before), after: toConsoleGoods(after) }, at);
          return toConsoleGoods(after);
        }),
      );
    },
  };
}
