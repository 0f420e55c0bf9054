import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { importCompanies } from '../modules/company/company.repository.ts';
import type { ImportResult } from '../modules/company/company.repository.ts';
import { DEFAULT_GOODS, DEFAULT_SITE_CONFIG } from './defaults.ts';
import { generateCompanies } from './synthetic-companies.ts';

export interface SeedOptions {
  /** size of the synthetic company directory (FIXED_COMPANIES included); 0 for none */
  companies: number;
  /** PRNG seed of the synthetic directory */
  seed?: number;
  /** corp whose site config is seeded (default 0, the default corp) */
  corpId?: number;
}

export interface SeedResult {
  goodsInserted: number;
  configInserted: number;
  /** undefined when the directory already had companies (or none were asked for) */
  companies: ImportResult | undefined;
  ms: number;
}

/**
 * Fills an empty (migrated) database with what the app needs to run: the three goods, the site
 * configuration of the default corp and a synthetic company directory. Idempotent: goods and
 * config keys that exist are left alone (console edits survive a restart), and the directory is
 * only generated when the companies table is empty (an imported real directory is never mixed
 * with synthetic rows).
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
    .values(Object.entries(DEFAULT_SITE_CONFIG).map(([key, value]) => ({ corp_id: corpId, key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.columns(['corp_id', 'key']).doNothing())
    .executeTakeFirst();

  let companies: ImportResult | undefined;
  if (opts.companies > 0) {
    const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (!existing) {
      const rows = generateCompanies(opts.companies, opts.seed === undefined ? {} : { seed: opts.seed });
      companies = await importCompanies(database, rows);
    }
  }

  return {
    goodsInserted: Number(goods.numInsertedOrUpdatedRows ?? 0n),
    configInserted: Number(config.numInsertedOrUpdatedRows ?? 0n),
    companies,
    ms: Math.round(performance.now() - started),
  };
}
