import type { Kysely } from 'kysely';
import {
  AppError,
  SiteConfigSchema,
  isDemoValue,
  isValidCreditCode,
  normalizeOperatorCreditCode,
  nextAgreementVersion,
  normalizeAgreementText,
  shanghaiIsoDay,
  siteConfigLabel,
  type Agreement,
  type ConsoleAgreement,
  type ConsoleSiteConfigEntry,
  type SiteConfig,
  DEFAULT_RETENTION_PERIODS,
  renderAgreementText,
  type RetentionPeriods,
} from '@kuaibao/domain';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { agreementRepository, type AgreementRow } from './agreement.repository.ts';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../audit/index.ts';
import type { Actor } from '../staff/index.ts';
import { siteConfigRepository } from './site-config.repository.ts';
import { cachedValue, deepFreeze } from '../../shared-state/cached-value.ts';
import type { CatalogChanges } from '../../shared-state/catalog-changes.ts';

export interface SiteConfigService {
  getSiteConfig(corpId?: number): Promise<SiteConfig>;
  /**
   * The current agreement, read from the database (not the in-memory copy): what an order is
   * checked against and what a visitor is sent after a refusal (decision 034).
   */
  currentAgreement(): Promise<Agreement | null>;
}

/** Keys the agreement versions fill in; the site_config table does not hold them (decision 034). */
const AGREEMENT_KEYS = new Set(['privacy', 'agreement_version', 'agreement_effective_date']);

/**
 * The agreement as visitors read it: its retention clauses rendered from the periods the sweep
 * applies (renderAgreementText; docs/decisions/050-separate-id-number-consent.md), so the text never
 * promises a period the settings do not keep. The console edits and stores the placeholder.
 */
/** The agreement as stored and as the console edits it: with the retention placeholder. */
function storedAgreement(row: AgreementRow): Agreement {
  return { version: row.version, effective_date: row.effective_date, text: row.text };
}

function toAgreement(row: AgreementRow, retention: RetentionPeriods): Agreement {
  return { version: row.version, effective_date: row.effective_date, text: renderAgreementText(row.text, retention) };
}

function parseSiteConfig(rows: ReadonlyArray<{ corp_id: number; key: string; value: string }>, agreement: Agreement | null): SiteConfig {
  const values: Record<string, unknown> = {};
  // Corp-specific rows override the defaults of corp 0.
  for (const row of [...rows].sort((a, b) => a.corp_id - b.corp_id)) if (!AGREEMENT_KEYS.has(row.key)) values[row.key] = JSON.parse(row.value);
  values.privacy = agreement?.text ?? '';
  values.agreement_version = agreement?.version ?? '';
  values.agreement_effective_date = agreement?.effective_date ?? '';
  return SiteConfigSchema.parse(values);
}

/**
 * Site config lives as JSON values per corp; corp 0 is the default every corp falls back to. Every
 * start-up reads it, so the whole table (a few rows per corp) is kept in memory, parsed once per corp
 * that has rows, frozen, and dropped when the console changes it (shared-state/catalog-changes.ts).
 * A corp without rows (the corp id is the visitor's header) gets corp 0's object: the cache never
 * grows with what visitors send. Without `changes` nothing is kept.
 */
export function createSiteConfigService(deps: { db: Kysely<Database>; changes?: CatalogChanges; retention?: RetentionPeriods }): SiteConfigService {
  const { changes } = deps;
  const retention = deps.retention ?? DEFAULT_RETENTION_PERIODS;
  const byCorp = cachedValue({
    load: async () => {
      const [rows, agreementRow] = await Promise.all([siteConfigRepository.listAll(deps.db), agreementRepository.current(deps.db)]);
      const agreement = agreementRow ? toAgreement(agreementRow, retention) : null;
      const defaults = rows.filter((row) => row.corp_id === 0);
      const configs = new Map<number, SiteConfig>([[0, deepFreeze(parseSiteConfig(defaults, agreement))]]);
      for (const corpId of new Set(rows.map((row) => row.corp_id))) {
        if (corpId !== 0) configs.set(corpId, deepFreeze(parseSiteConfig([...defaults, ...rows.filter((row) => row.corp_id === corpId)], agreement)));
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
    async currentAgreement() {
      const row = await agreementRepository.current(deps.db);
      return row ? toAgreement(row, retention) : null;
    },
  };
}

/** How each key is edited, and the limits beyond its type in SiteConfigSchema. */
const SITE_KEYS: Record<string, { label: string; kind: ConsoleSiteConfigEntry['kind']; max: number; maxLines?: number }> = {
  // The annual report's words: cancellation and credit repair show their own (packages/domain/src/service-notices.ts).
  'client.home.tips': { label: siteConfigLabel('client.home.tips'), kind: 'multiline', max: 300 },
  'client.home.danmaku': { label: siteConfigLabel('client.home.danmaku'), kind: 'lines', max: 60, maxLines: 50 },
  service_weixin: { label: siteConfigLabel('service_weixin'), kind: 'text', max: 500 },
  service_phone: { label: siteConfigLabel('service_phone'), kind: 'text', max: 30 },
  operator_name: { label: siteConfigLabel('operator_name'), kind: 'text', max: 60 },
  operator_credit_code: { label: siteConfigLabel('operator_credit_code'), kind: 'text', max: 30 },
  icp_filing: { label: siteConfigLabel('icp_filing'), kind: 'text', max: 40 },
  police_filing: { label: siteConfigLabel('police_filing'), kind: 'text', max: 40 },
  proxy_version: { label: siteConfigLabel('proxy_version'), kind: 'variant', max: 2 },
};

function siteKeyInfo(key: string) {
  return (Object.hasOwn(SITE_KEYS, key) ? SITE_KEYS[key] : undefined) ?? { label: key, kind: 'text' as const, max: 500 };
}

function validateSiteValue(key: string, value: unknown): unknown {
  const shape = SiteConfigSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } } | undefined>;
  // Own keys only: `constructor`, `toString` or `__proto__` are not settings.
  // The agreement is published as versions (publishAgreement), never edited here.
  const schema = Object.hasOwn(shape, key) && !AGREEMENT_KEYS.has(key) ? shape[key] : undefined;
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
  // The registry's spelling (upper case, no spaces) and a matching check character, or empty to clear
  // it; the demo's own value may be put back (it says it is a demo and never counts, operator-readiness.ts).
  if (key === 'operator_credit_code' && typeof data === 'string' && data !== '' && !isDemoValue(data)) {
    const code = normalizeOperatorCreditCode(data);
    if (!isValidCreditCode(code)) throw new AppError('CONSOLE_CONFIG_VALUE_INVALID', `${key}: not a valid 统一社会信用代码`);
    return code;
  }
  return data;
}

/** Editing the default (corp 0) site texts (the console's catalog); who may is the caller's to check. Every change is audited. */
export interface SiteConfigAdmin {
  list(): Promise<ConsoleSiteConfigEntry[]>;
  update(actor: Actor, key: string, value: unknown): Promise<ConsoleSiteConfigEntry>;
  /** Every agreement version, newest first. */
  listAgreements(): Promise<ConsoleAgreement[]>;
  /** Publishes `text` as a new version effective today; earlier versions stay as they were (decision 034). */
  publishAgreement(actor: Actor, text: string): Promise<ConsoleAgreement>;
}

/** Two staff publishing in the same moment both compute the same next version: the second tries again. */
const PUBLISH_ATTEMPTS = 3;

/** `changes` drops every instance's copy of the site config once a change has committed. */
export function createSiteConfigAdmin(deps: { db: Kysely<Database>; now: () => Date; changes?: CatalogChanges }): SiteConfigAdmin {
  const { db, now } = deps;
  return {
    async list() {
      const rows = await siteConfigRepository.listForCorps(db, [0]);
      const values = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
      return Object.keys(SiteConfigSchema.shape).filter((key) => !AGREEMENT_KEYS.has(key)).map((key) => {
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

    async listAgreements() {
      const rows = await agreementRepository.listWithPublisher(db);
      return rows.map((row, index) => ({ ...storedAgreement(row), id: row.id, created_at: row.created_at, created_by_name: row.created_by_name, current: index === 0 }));
    },

    async publishAgreement(actor, rawText) {
      const text = normalizeAgreementText(rawText);
      if (text === null) throw new AppError('CONSOLE_AGREEMENT_TEXT_INVALID');
      const at = now();
      const day = shanghaiIsoDay(at);
      for (let attempt = 1; ; attempt += 1) {
        try {
          const row = await db.transaction().execute(async (trx) => {
            const current = await agreementRepository.current(trx);
            if (current?.text === text) throw new AppError('CONSOLE_AGREEMENT_UNCHANGED');
            const version = nextAgreementVersion(day, await agreementRepository.versionsLike(trx, day));
            const inserted = await agreementRepository.insert(trx, { version, effective_date: day, text, created_by: actor.id });
            await writeAudit(trx, actor, { action: 'agreement.publish', targetType: 'agreement', targetId: version, before: current ? { version: current.version } : null, after: { version } }, at);
            return inserted;
          });
          await deps.changes?.changed('site-config');
          return { ...storedAgreement(row), id: row.id, created_at: row.created_at, created_by_name: actor.displayName, current: true };
        } catch (error) {
          if (attempt >= PUBLISH_ATTEMPTS || !isUniqueViolation(error)) throw error;
        }
      }
    },
  };
}
