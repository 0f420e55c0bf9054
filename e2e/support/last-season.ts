import { DatabaseSync } from 'node:sqlite';
import { reorderSeasonStart } from '@kuaibao/domain';
import { E2E_DB_FILE } from './server-db.ts';

/** A moment of last season: 100 days before this calendar year began in Shanghai (decision 066's "last season"). */
export const lastSeasonTime = (now = new Date()) => new Date(Date.parse(reorderSeasonStart(now)) - 100 * 24 * 3600_000).toISOString();

/**
 * Moves a paid order back to last season, as if the customer had paid a year ago, and purges its ID
 * number the way the retention sweep does after it closed (decision 031): the reorder must ask for it again.
 */
export function moveOrderToLastSeason(publicId: string): void {
  const at = lastSeasonTime();
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const changed = db
      .prepare("UPDATE orders SET create_time = ?, pay_time = ?, update_time = ?, entity_idno_enc = NULL, entity_idno_hash = NULL, idno_purged_at = ? WHERE public_id = ? AND status = '2'")
      .run(at, at, at, at, publicId);
    if (Number(changed.changes) !== 1) throw new Error(`no paid order ${publicId} in ${E2E_DB_FILE}`);
  } finally {
    db.close();
  }
}

/** The paid annual reports of a company this season: the reorder's payment makes one. */
export function paidThisSeason(creditCode: string): number {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const row = db.prepare("SELECT COUNT(*) AS n FROM orders WHERE entity_id = ? AND goods_type = 'license_year' AND status = '2' AND create_time >= ?").get(creditCode, reorderSeasonStart(new Date())) as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}
