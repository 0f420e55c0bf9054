import type { Kysely } from 'kysely';
import { AppError, SiteConfigSchema, yuanStringToFen, type ConsoleGoods, type ConsoleGoodsUpdate, type ConsoleSiteConfigEntry } from '@kuaibao/domain';
import type { Database, GoodsRow } from '../../db/schema.ts';
import { assertCan, type Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

/**
 * Goods and site texts. The visitor API reads both on every request (no cache), so a change
 * here is what the next visitor sees, without a restart.
 */
export interface CatalogService {
  listGoods(actor: Actor): Promise<ConsoleGoods[]>;
  createGoods(actor: Actor, input: ConsoleGoodsUpdate): Promise<ConsoleGoods>;
  updateGoods(actor: Actor, id: number, input: ConsoleGoodsUpdate): Promise<ConsoleGoods>;
  listSiteConfig(actor: Actor): Promise<ConsoleSiteConfigEntry[]>;
  updateSiteConfig(actor: Actor, key: string, value: unknown): Promise<ConsoleSiteConfigEntry>;
}

/** How each key is edited, and the limits beyond its type in SiteConfigSchema. */
const SITE_KEYS: Record<string, { label: string; kind: ConsoleSiteConfigEntry['kind']; max: number; maxLines?: number }> = {
  'client.home.tips': { label: '首页滚动提示', kind: 'multiline', max: 300 },
  'client.home.danmaku': { label: '首页滚动示例（每行一条）', kind: 'lines', max: 60, maxLines: 50 },
  privacy: { label: '服务协议及个人信息保护说明', kind: 'multiline', max: 20_000 },
  service_weixin: { label: '客服微信（二维码内容或链接）', kind: 'text', max: 500 },
  service_phone: { label: '客服电话', kind: 'text', max: 30 },
  operator_name: { label: '运营主体名称', kind: 'text', max: 60 },
  proxy_version: { label: '页面版本（v0 / v1 金色，v2 蓝色）', kind: 'variant', max: 2 },
};

function siteKeyInfo(key: string) {
  return (Object.hasOwn(SITE_KEYS, key) ? SITE_KEYS[key] : undefined) ?? { label: key, kind: 'text' as const, max: 500 };
}

function toGoods(row: GoodsRow): ConsoleGoods {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    price_fen: row.price_fen,
    pay_types: row.pay_types.split(',').filter(Boolean),
    sort: row.sort,
    active: row.active === 1,
    description: row.description,
  };
}

function goodsValues(input: ConsoleGoodsUpdate) {
  const price = yuanStringToFen(input.price_yuan);
  // A zero price cannot be paid; an absurd one is a typo (the dearest service is under ¥1,000).
  if (price === undefined || price < 1 || price > 10_000_000) throw new AppError('CONSOLE_PRICE_INVALID');
  const payTypes = [...new Set(input.pay_types)];
  return { name: input.name, type: input.type, price_fen: price, pay_types: payTypes.join(','), sort: input.sort, active: input.active ? 1 : 0, description: input.description };
}

function validateSiteValue(key: string, value: unknown): unknown {
  const shape = SiteConfigSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } } | undefined>;
  // Own keys only: `constructor`, `toString` or `__proto__` are not settings.
  const schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
  if (!schema) throw new AppError('CONSOLE_CONFIG_KEY_NOT_FOUND');
  const trimmed = typeof value === 'string' ? value.trim() : Array.isArray(value) ? value.map((line) => (typeof line === 'string' ? line.trim() : line)).filter((line) => line !== '') : value;
  const parsed = schema.safeParse(trimmed);
  if (!parsed.success) throw new AppError('CONSOLE_CONFIG_VALUE_INVALID', key);
  const info = siteKeyInfo(key);
  const data = parsed.data;
  if (typeof data === 'string' && Array.from(data).length > info.max) throw new AppError('CONSOLE_CONFIG_VALUE_INVALID', `${key}: at most ${info.max} characters`);
  if (Array.isArray(data)) {
    if (data.length === 0 || data.length > (info.maxLines ?? 50)) throw new AppError('CONSOLE_CONFIG_VALUE_INVALID', `${key}: 1 to ${info.maxLines ?? 50} lines`);
    if (data.some((line) => typeof line !== 'string' || Array.from(line).length > info.max)) throw new AppError('CONSOLE_CONFIG_VALUE_INVALID', `${key}: each line at most ${info.max} characters`);
  }
  if (key === 'service_phone' && typeof data === 'string' && data !== '' && !/^[\d\s()+-]{5,30}$/.test(data)) throw new AppError('CONSOLE_CONFIG_VALUE_INVALID', key);
  return data;
}

export function createCatalogService(deps: { db: Kysely<Database>; now: () => Date }): CatalogService {
  const { db, now } = deps;

  async function readSiteConfig(): Promise<Map<string, unknown>> {
    const rows = await db.selectFrom('site_config').select(['key', 'value']).where('corp_id', '=', 0).execute();
    return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  }

  return {
    async listGoods(actor) {
      assertCan(actor, 'config.view');
      const rows = await db.selectFrom('goods').selectAll().orderBy('sort').orderBy('id').execute();
      return rows.map(toGoods);
    },

    async createGoods(actor, input) {
      assertCan(actor, 'config.edit');
      const values = goodsValues(input);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('goods').values(values).returningAll().executeTakeFirstOrThrow();
        await writeAudit(trx, actor, { action: 'goods.create', targetType: 'goods', targetId: row.id, after: toGoods(row) }, at);
        return toGoods(row);
      });
    },

    async updateGoods(actor, id, input) {
      assertCan(actor, 'config.edit');
      const values = goodsValues(input);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw new AppError('GOODS_NOT_FOUND');
        await trx.updateTable('goods').set(values).where('id', '=', id).execute();
        const after = await trx.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await writeAudit(trx, actor, { action: 'goods.update', targetType: 'goods', targetId: id, before: toGoods(before), after: toGoods(after) }, at);
        return toGoods(after);
      });
    },

    async listSiteConfig(actor) {
      assertCan(actor, 'config.view');
      const values = await readSiteConfig();
      return Object.keys(SiteConfigSchema.shape).map((key) => {
        const info = siteKeyInfo(key);
        return { key, value: values.get(key) ?? (info.kind === 'lines' ? [] : ''), label: info.label, kind: info.kind };
      });
    },

    async updateSiteConfig(actor, key, value) {
      assertCan(actor, 'config.edit');
      const data = validateSiteValue(key, value);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('site_config').select('value').where('corp_id', '=', 0).where('key', '=', key).executeTakeFirst();
        await trx
          .insertInto('site_config')
          .values({ corp_id: 0, key, value: JSON.stringify(data) })
          .onConflict((oc) => oc.columns(['corp_id', 'key']).doUpdateSet({ value: JSON.stringify(data) }))
          .execute();
        await writeAudit(trx, actor, { action: 'site_config.update', targetType: 'site_config', targetId: key, before: before ? (JSON.parse(before.value) as unknown) : null, after: data }, at);
      });
      const info = siteKeyInfo(key);
      return { key, value: data, label: info.label, kind: info.kind };
    },
  };
}
