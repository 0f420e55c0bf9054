import { DatabaseSync } from 'node:sqlite';
import { E2E_DB_FILE } from './orders-db.ts';

/**
 * A seeded company no other spec pays for: the `offset`-th synthetic 有限公司 from the end of the
 * directory (apps/api/src/seed: deterministic). Each spec keeps its own offsets, because the server
 * answers "already ordered" to a second order for a company that paid for the same service.
 */
export function unusedCompany(offset: number): { name: string; creditCode: string; legal: string } {
  const db = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    const row = db.prepare("SELECT name, credit_code, oper_name FROM companies WHERE name LIKE '%有限公司' ORDER BY id DESC LIMIT 1 OFFSET ?").get(offset) as {
      name: string;
      credit_code: string;
      oper_name: string;
    };
    return { name: row.name, creditCode: row.credit_code, legal: row.oper_name };
  } finally {
    db.close();
  }
}

/** The legal representative the seeded directory gives a company: the name a 授权委托书 must be signed with (decision 035). */
export function legalRepresentativeOf(companyName: string): string {
  const db = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    const row = db.prepare('SELECT oper_name FROM companies WHERE name = ?').get(companyName) as { oper_name: string } | undefined;
    if (!row) throw new Error(`no company ${companyName} in ${E2E_DB_FILE}`);
    return row.oper_name;
  } finally {
    db.close();
  }
}
