import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { annualReportYearToCheck, shanghaiDate } from '@kuaibao/domain';
import { createAnnualReportCheckRepository, importCompanies, type ImportResult } from '../modules/company/index.ts';
import { DEFAULT_GOODS, DEFAULT_SITE_CONFIG, DEMO_OPERATOR_CONFIG, FIRST_AGREEMENT, FIRST_AGREEMENT_VERSION } from './defaults.ts';
import { generateCompanies } from './synthetic-companies.ts';

export interface SeedOptions {
  /** size of the synthetic company directory (FIXED_COMPANIES included); 0 for none */
  companies: number;
  /** PRNG seed of the synthetic directory */
  seed?: number;
  /** corp whose site config is seeded (default 0, the default corp) */
  corpId?: number;
  /** today, for the demo annual reports (default: the clock) */
  now?: Date;
  /** also seed the demo operator (DEMO_OPERATOR_CONFIG): outside production only */
  demoOperator?: boolean;
}

/**
 * Synthetic companies of the default directory whose annual report for the filing year is stored
 * as published, so the pre-check shows with the local directory (README.md, docs/product/annual-report-precheck.md).
 * Names as the generator makes them with its default seed; e2e tests rely on the first.
 */
export const PUBLISHED_REPORT_DEMO_COMPANIES: readonly { name: string; credit_code: string }[] = [
  { name: '鄂尔多斯远英信息技术有限公司', credit_code: '91150600MAY593XU66' },
  { name: '重庆诚宏科技有限公司', credit_code: '91500000MA47B6TCXD' },
  { name: '济南市华福软件开发有限责任公司', credit_code: '913701008988462985' },
];

/** The demo's publish date: 15 March of the filing year, or today when that is still to come. */
export function demoPublishDate(now: Date): string {
  const today = shanghaiDate(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const todayIso = `${today.year}-${pad(today.month)}-${pad(today.day)}`;
  const march15 = `${today.year}-03-15`;
  return todayIso < march15 ? todayIso : march15;
}

export interface SeedResult {
  goodsInserted: number;
  configInserted: number;
  /** The first agreement version was written (the table was empty). */
  agreementInserted: boolean;
  /** undefined when the directory already had companies (or none were asked for) */
  companies: ImportResult | undefined;
  ms: number;
}

/**
 * The first agreement version when there is none (decision 034). A database from before versioned
 * agreements keeps its text: the corp-0 `privacy` key of site_config becomes the first version
 * (under the version its text names, else FIRST_AGREEMENT_VERSION), and the key is removed, since
 * the agreement is no longer a site setting.
 */
async function seedFirstAgreement(database: AppDatabase): Promise<boolean> {
  const { db } = database;
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('agreements').select('id').limit(1).executeTakeFirst()) return false;
    const legacy = await trx.selectFrom('site_config').select('value').where('corp_id', '=', 0).where('key', '=', 'privacy').executeTakeFirst();
    let first: { version: string; effective_date: string; text: string } = FIRST_AGREEMENT;
    const legacyText = legacy ? (JSON.parse(legacy.value) as unknown) : null;
    if (typeof legacyText === 'string' && legacyText.trim() !== '') {
      const named = /版本[：:]\s*(\d{4}-\d{2}-\d{2})/.exec(legacyText)?.[1];
      const version = named ?? FIRST_AGREEMENT_VERSION;
      first = { version, effective_date: version, text: legacyText.replace(/\n?版本[：:][^\n]*\n/, '').trim() };
    }
    // Idempotent even without the boot lock (db/boot-lock.ts): a version another start wrote meanwhile stays.
    const inserted = await trx.insertInto('agreements').values({ ...first, created_by: null }).onConflict((oc) => oc.column('version').doNothing()).executeTakeFirst();
    await trx.deleteFrom('site_config').where('key', '=', 'privacy').execute();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
  });
}

/**
 * Fills an empty (migrated) database with what the app needs to run: the three goods, the site
 * configuration of the default corp and a synthetic company directory. Idempotent: goods and
 * config keys that exist are left alone (console edits survive a restart), and the directory is
 * only generated when the companies table is empty (an imported real directory is never mixed
 * with synthetic rows). The demo companies of PUBLISHED_REPORT_DEMO_COMPANIES, when the directory
 * has them, get a published annual report for the filing year.
 */
export async function seedDatabase(database: AppDatabase, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const { db } = database;
  const corpId = opts.corpId ?? 0;

  const goods = await db
    .insertInto('goods')
    .values(DEFAULT_GOODS.map((g) => ({ ...g, active: 1 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  if (database.kind === 'postgres') {
    // Explicit ids do not advance the identity sequence; move it past them.
    await sql`SELECT setval(pg_get_serial_sequence('goods', 'id'), GREATEST((SELECT max(id) FROM goods), 1))`.execute(db);
  }

  const config = await db
    .insertInto('site_config')
    .values(Object.entries({ ...DEFAULT_SITE_CONFIG, ...(opts.demoOperator ? DEMO_OPERATOR_CONFIG : {}) }).map(([key, value]) => ({ corp_id: corpId, key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.columns(['corp_id', 'key']).doNothing())
    .executeTakeFirst();

  const agreementInserted = await seedFirstAgreement(database);

  let companies: ImportResult | undefined;
  if (opts.companies > 0) {
    const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (!existing) {
      const rows = generateCompanies(opts.companies, opts.seed === undefined ? {} : { seed: opts.seed });
      companies = await importCompanies(database, rows);
    }
  }

  // On every start, so the demo follows the filing year; an answer already stored is kept.
  const now = opts.now ?? new Date();
  const year = annualReportYearToCheck('license_year', now);
  const demoCodes = PUBLISHED_REPORT_DEMO_COMPANIES.map((c) => c.credit_code);
  // Name and code must both be the demo's: a real directory's company is never given a made-up report.
  const present = (await db.selectFrom('companies').select(['credit_code', 'name']).where('credit_code', 'in', demoCodes).execute()).filter((row) =>
    PUBLISHED_REPORT_DEMO_COMPANIES.some((demo) => demo.credit_code === row.credit_code && demo.name === row.name),
  );
  if (year !== null && present.length > 0) {
    const publishDate = demoPublishDate(now);
    await createAnnualReportCheckRepository(database).addMissing(
      present.map((c) => ({ creditCode: c.credit_code!, year, published: true, publishDate, source: 'seed', answeredAt: now.toISOString() })),
    );
  }

  return {
    goodsInserted: Number(goods.numInsertedOrUpdatedRows ?? 0n),
    configInserted: Number(config.numInsertedOrUpdatedRows ?? 0n),
    agreementInserted,
    companies,
    ms: Math.round(performance.now() - started),
  };
}
