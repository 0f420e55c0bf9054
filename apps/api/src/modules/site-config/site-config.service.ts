import type { Kysely } from 'kysely';
import { AppError, SiteConfigSchema, type ConsoleSiteConfigEntry, type SiteConfig } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../staff/actor.ts';
import { siteConfigRepository } from './site-config.repository.ts';
import { cachedValue, deepFreeze } from '../../shared-state/cached-value.ts';
import type { CatalogChanges } from '../../shared-state/catalog-changes.ts';

export interface SiteConfigService {
  getSiteConfig(corpId?: number): Promise<SiteConfig>;
}

function parseSiteConfig(rows: ReadonlyArray<{ corp_id: number; key: string; value: string }>): SiteConfig {
  const values: Record<string, unknown> = {};
  // Corp-specific rows override the defaults of corp 0.
  for (const row of [...rows].sort((a, b) => a.corp_id - b.corp_id)) values[row.key] = JSON.parse(row.value);
  return SiteConfigSchema.parse(values);
}

/**
 * Site config lives as JSON values per corp; corp 0 is the default every corp falls back to. Every
 * start-up reads it, so the whole table (a few rows per corp) is kept in memory, parsed once per corp
 * that has rows, frozen, and dropped when the console changes it (shared-state/catalog-changes.ts).
 * A corp without rows (the corp id is the visitor's header) gets corp 0's object: the cache never
 * grows with what visitors send. Without `changes` nothing is kept.
 */
export function createSiteConfigService(deps: { db: Kysely<Database>; changes?: CatalogChanges }): SiteConfigService {
  const { changes } = deps;
  const byCorp = cachedValue({
    load: async () => {
      const rows = await siteConfigRepository.listAll(deps.db);
      const defaults = rows.filter((row) => row.corp_id === 0);
      const configs = new Map<number, SiteConfig>([[0, deepFreeze(parseSiteConfig(defaults))]]);
      for (const corpId of new Set(rows.map((row) => row.corp_id))) {
        if (corpId !== 0) configs.set(corpId, deepFreeze(parseSiteConfig([...defaults, ...rows.filter((row) => row.corp_id === corpId)])));
      }
      return configs;
    },
    maxAgeMs: () => changes?.maxAgeMs() ?? 0,
  });
  changes?.onChange('site-config', byCorp.drop);
  return {
    async getSiteConfig(corpId = 0) {
      const configs = await byCorp.get();
      return configs.get(corpId) ?? configs.get(0)!;
    },
  };
}

/** How each key is edited, and the limits beyond its type in SiteConfigSchema. */
const SITE_KEYS: Record<string, { label: string; kind: ConsoleSiteConfigEntry['kind']; max: number; maxLines?: number }> = {
  'client.home.tips': { label: '首页滚动提示', kind: 'multiline', max: 300 },
  'client.home.danmaku': { label: '首页滚动示例（每行一条）', kind: 'lines', max: 60, maxLines: 50 },
  privacy: { label: '服务协议及个人信息保护说明', kind: 'multiline', max: 20_000 },
  service_weixin: { label: '客服微信（二维码内容或链接）', kind: 'text', max: 500 },
  service_phone: { label: '客服电话', kind: 'text', max: 30 },
  operator_name: { label: '运营主体名称（营业执照上的名称，页脚和服务协议中显示）', kind: 'text', max: 60 },
  icp_filing: { label: 'ICP备案号（页脚显示，链接到工信部备案网站）', kind: 'text', max: 40 },
  police_filing: { label: '公安备案号（可选，页脚显示）', kind: 'text', max: 40 },
  proxy_version: { label: '页面版本（v0 / v1 金色，v2 蓝色）', kind: 'variant', max: 2 },
};

function siteKeyInfo(key: string) {
  return (Object.hasOwn(SITE_KEYS, key) ? SITE_KEYS[key] : undefined) ?? { label: key, kind: 'text' as const, max: 500 };
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

/** Editing the default (corp 0) site texts (the console's catalog); who may is the caller's to check. Every change is audited. */
export interface SiteConfigAdmin {
  list(): Promise<ConsoleSiteConfigEntry[]>;
  update(actor: Actor, key: string, value: unknown): Promise<ConsoleSiteConfigEntry>;
}

/** `changes` drops every instance's copy of the site config once a change has committed. */
export function createSiteConfigAdmin(deps: { db: Kysely<Database>; now: () => Date; changes?: CatalogChanges }): SiteConfigAdmin {
  const { db, now } = deps;
  return {
    async list() {
      const rows = await siteConfigRepository.listForCorps(db, [0]);
      const values = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
      return Object.keys(SiteConfigSchema.shape).map((key) => {
        const info = siteKeyInfo(key);
        return { key, value: values.get(key) ?? (info.kind === 'lines' ? [] : ''), label: info.label, kind: info.kind };
      });
    },

    async update(actor, key, value) {
      const data = validateSiteValue(key, value);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = await siteConfigRepository.findValue(trx, 0, key);
        await siteConfigRepository.upsert(trx, { corpId: 0, key, value: JSON.stringify(data) });
        await writeAudit(trx, actor, { action: 'site_config.update', targetType: 'site_config', targetId: key, before: before ? (JSON.parse(before.value) as unknown) : null, after: data }, at);
      });
      await deps.changes?.changed('site-config');
      const info = siteKeyInfo(key);
      return { key, value: data, label: info.label, kind: info.kind };
    },
  };
}
