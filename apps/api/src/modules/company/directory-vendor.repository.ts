import type { AppDatabase } from '../../db/database.ts';
import type { VendorCompany } from '../../providers/directory/port.ts';
import { importCompanies } from './company-insert.repository.ts';

/**
 * What the directory keeps about a commercial company-data source
 * (docs/decisions/020-company-directory-vendor.md): its answers by normalised keyword, its cost
 * ledger, and the companies it returned, written into the local directory.
 */

export interface CachedVendorAnswer {
  /** the vendor's Status ('200', '201') or our back-off marker ('110') */
  status: string;
  companies: VendorCompany[];
}

export interface VendorCallsOfDay {
  day: string;
  status: string;
  calls: number;
}

export interface DirectoryVendorRepository {
  /** The cached answer for a normalised keyword, unless it has expired at `nowIso`. */
  cachedAnswer(vendor: string, keyword: string, nowIso: string): Promise<CachedVendorAnswer | undefined>;
  cacheAnswer(vendor: string, keyword: string, answer: CachedVendorAnswer, fetchedAtIso: string, expiresAtIso: string): Promise<void>;
  /** Counts one call in the ledger (each call costs money, whatever its status). */
  recordCall(vendor: string, day: string, status: string): Promise<void>;
  callsOn(vendor: string, day: string): Promise<number>;
  /** The ledger from `fromDay` on, for the console. */
  ledger(vendor: string, fromDay: string): Promise<VendorCallsOfDay[]>;
  /**
   * Adds the vendor's companies to the local directory and its search index (a credit code
   * already there is kept as it is, and only gains the vendor's KeyNo).
   */
  saveCompanies(vendor: string, companies: readonly VendorCompany[], fetchedAtIso: string): Promise<number>;
  /** How many keywords have an unexpired cached answer at `nowIso` (searched again for free). */
  cachedKeywords(vendor: string, nowIso: string): Promise<number>;
  /** The vendor's id of a company in the local directory, by credit code. */
  keyNoOf(creditCode: string): Promise<string | undefined>;
}

export function createDirectoryVendorRepository(database: AppDatabase): DirectoryVendorRepository {
  const { db } = database;
  return {
    async cachedAnswer(vendor, keyword, nowIso) {
      const row = await db
        .selectFrom('directory_vendor_cache')
        .select(['status', 'result_json'])
        .where('vendor', '=', vendor)
        .where('keyword', '=', keyword)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
      if (!row) return undefined;
      return { status: row.status, companies: JSON.parse(row.result_json) as VendorCompany[] };
    },

    async cacheAnswer(vendor, keyword, answer, fetchedAtIso, expiresAtIso) {
      const values = { status: answer.status, result_json: JSON.stringify(answer.companies), fetched_at: fetchedAtIso, expires_at: expiresAtIso };
      await db
        .insertInto('directory_vendor_cache')
        .values({ vendor, keyword, ...values })
        .onConflict((oc) => oc.columns(['vendor', 'keyword']).doUpdateSet(values))
        .execute();
    },

    async recordCall(vendor, day, status) {
      await db
        .insertInto('directory_vendor_calls')
        .values({ vendor, day, status, calls: 1 })
        .onConflict((oc) => oc.columns(['vendor', 'day', 'status']).doUpdateSet((eb) => ({ calls: eb('directory_vendor_calls.calls', '+', 1) })))
        .execute();
    },

    async callsOn(vendor, day) {
      const row = await db
        .selectFrom('directory_vendor_calls')
        .select((eb) => eb.fn.sum<number | string | null>('calls').as('n'))
        .where('vendor', '=', vendor)
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async ledger(vendor, fromDay) {
      const rows = await db
        .selectFrom('directory_vendor_calls')
        .select(['day', 'status', 'calls'])
        .where('vendor', '=', vendor)
        .where('day', '>=', fromDay)
        .orderBy('day', 'desc')
        .orderBy('status')
        .execute();
      return rows.map((r) => ({ day: r.day, status: r.status, calls: Number(r.calls) }));
    },

    async saveCompanies(vendor, companies, fetchedAtIso) {
      if (companies.length === 0) return 0;
      // No index optimisation per answer: a few rows each time; the next import or maintenance merges.
      const result = await importCompanies(
        database,
        companies.map((c) => ({ name: c.name, credit_code: c.credit_code, oper_name: c.oper_name, status: c.status })),
        { bulk: false, optimize: false },
      );
      if (result.inserted > 0) {
        await db
          .updateTable('companies')
          .set({ source: vendor, fetched_at: fetchedAtIso })
          .where('id', '>=', result.firstId)
          .where('id', '<=', result.lastId)
          .execute();
      }
      for (const c of companies) {
        await db.updateTable('companies').set({ key_no: c.key_no }).where('credit_code', '=', c.credit_code).where('key_no', 'is', null).execute();
      }
      return result.inserted;
    },

    async cachedKeywords(vendor, nowIso) {
      const row = await db
        .selectFrom('directory_vendor_cache')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('vendor', '=', vendor)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async keyNoOf(creditCode) {
      const row = await db.selectFrom('companies').select('key_no').where('credit_code', '=', creditCode).executeTakeFirst();
      return row?.key_no ?? undefined;
    },
  };
}
