import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from '@playwright/test';
import { E2E_DB_FILE } from './server-db.ts';
import { NO_REPORT_DATA, PUBLISHED_DESKTOP, PUBLISHED_MOBILE, PUBLISHED_OTHER } from './precheck.ts';

/**
 * The one way a spec gets a company to order for. The server answers "already ordered" to a second
 * order of a company for a service it paid for, and the console finds orders by company name and
 * phone, so two tests sharing a company see each other's orders. Every test that orders therefore
 * claims its own: the companies of the seeded directory (apps/api/src/seed, deterministic) are
 * handed out in one order, from the end of the directory, and each claim is a row in a file beside
 * the server's database, written under SQLite's write lock. Whatever the project, the worker or
 * the spec, no two claims on one server get the same company, and no counting or offset lives in
 * the specs. The file goes with the database when the server starts afresh.
 *
 * The companies specs name themselves are never handed out: the pre-check's demo companies are left
 * out, and the well-known ones the generator puts first (FIXED_COMPANIES) are the last in the order.
 */
export interface ClaimedCompany {
  /** The full registered name: typed in the company search, the pick is exact. */
  name: string;
  creditCode: string;
  /** The legal representative: the name a cancellation's 授权委托书 is signed with (decision 035). */
  legal: string;
  /** A phone no other claim has, so a lookup by phone finds this test's orders only. */
  phone: string;
}

/** A company (有限公司, credit code 91…) or an individual business (个体工商户, credit code 92…, the short annual declaration). */
export type CompanyKind = 'company' | 'soleTrader';

/**
 * The 登记状态 of the claimed company as the synthetic directory writes it. Specs that order get a
 * live one (存续 or 在业): a 注销 or 吊销 company is refused some services (docs/product/registration-status.md).
 */
export type CompanyStanding = 'live' | 'cancelled' | 'revoked';

const STANDINGS: Record<CompanyStanding, string> = {
  live: "status IN ('存续', '在业')",
  cancelled: "status = '注销'",
  revoked: "status = '吊销'",
};

const CLAIMS_FILE = path.join(path.dirname(E2E_DB_FILE), 'e2e-company-claims.sqlite');

/** Synthetic companies with a stored annual report, which the pre-check specs name. */
const NAMED_COMPANY_CODES = [PUBLISHED_MOBILE, PUBLISHED_DESKTOP, PUBLISHED_OTHER, NO_REPORT_DATA].map((company) => company.creditCode);

const CANDIDATES: Record<CompanyKind, string> = {
  company: "credit_code LIKE '91%' AND name LIKE '%有限公司'",
  soleTrader: "credit_code LIKE '92%'",
};

/** Claims a company no other test on this server has claimed or will claim. */
export function claimCompany(kind: CompanyKind = 'company', standing: CompanyStanding = 'live'): ClaimedCompany {
  const claims = new DatabaseSync(CLAIMS_FILE);
  const directory = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    claims.exec('PRAGMA busy_timeout = 10000');
    claims.exec('CREATE TABLE IF NOT EXISTS claims (seq INTEGER PRIMARY KEY AUTOINCREMENT, company_id INTEGER NOT NULL UNIQUE, claimed_by TEXT NOT NULL)');
    // The write lock first: a concurrent claim waits here until this one is written.
    claims.exec('BEGIN IMMEDIATE');
    try {
      const taken = new Set((claims.prepare('SELECT company_id FROM claims').all() as Array<{ company_id: number }>).map((row) => row.company_id));
      const candidates = directory
        .prepare(
          `SELECT id, name, credit_code, oper_name FROM companies
           WHERE ${CANDIDATES[kind]} AND ${STANDINGS[standing]} AND oper_name <> '' AND credit_code NOT IN (${NAMED_COMPANY_CODES.map(() => '?').join(', ')})
           ORDER BY id DESC`,
        )
        .iterate(...NAMED_COMPANY_CODES) as Iterable<{ id: number; name: string; credit_code: string; oper_name: string }>;
      let chosen: { id: number; name: string; credit_code: string; oper_name: string } | undefined;
      for (const candidate of candidates) {
        if (!taken.has(candidate.id)) {
          chosen = candidate;
          break;
        }
      }
      if (!chosen) throw new Error(`no unclaimed ${standing} ${kind} left in ${E2E_DB_FILE}`);
      const { lastInsertRowid } = claims.prepare('INSERT INTO claims (company_id, claimed_by) VALUES (?, ?)').run(chosen.id, claimant());
      claims.exec('COMMIT');
      return { name: chosen.name, creditCode: chosen.credit_code, legal: chosen.oper_name, phone: `1360${String(lastInsertRowid).padStart(7, '0')}` };
    } catch (error) {
      claims.exec('ROLLBACK');
      throw error;
    }
  } finally {
    directory.close();
    claims.close();
  }
}

/** Who claimed, for someone reading the claims file after a failed run. */
function claimant(): string {
  try {
    const info = test.info();
    return `${info.project.name}: ${info.titlePath.join(' › ')}`;
  } catch {
    return `pid ${process.pid}`;
  }
}
