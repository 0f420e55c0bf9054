import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DELETION_CODE_MAX_ATTEMPTS, DELETION_STATUS } from '@kuaibao/domain';
import type { Database, LookupCodesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type LookupCodeRow = Selectable<LookupCodesTable>;

/** A used code: it proved the phone once and proves nothing more. */
export const LOOKUP_CODE_USED = 'used';

/** SQL for the phone lookup's SMS codes (migration 030). */
export const lookupRepository = {
  /** Codes asked for a phone since `since`, and the last one's time. */
  async codesSince(db: Db, phoneHash: string, since: string): Promise<{ sent: number; last: string | null }> {
    const row = await db
      .selectFrom('lookup_codes')
      .select([sql<number>`COUNT(*)`.as('sent'), sql<string | null>`MAX(created_at)`.as('last')])
      .where('phone_hash', '=', phoneHash)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return { sent: Number(row?.sent ?? 0), last: row?.last ?? null };
  },

  async insert(db: Db, row: { phoneHash: string; codeHash: string; expiresAt: string; at: string }): Promise<void> {
    await db
      .insertInto('lookup_codes')
      .values({ phone_hash: row.phoneHash, status: DELETION_STATUS.codeSent, code_hash: row.codeHash, code_expires_at: row.expiresAt, created_at: row.at })
      .execute();
  },

  /** The phone's latest code: only the newest one can be typed. */
  latest(db: Db, phoneHash: string): Promise<LookupCodeRow | undefined> {
    return db.selectFrom('lookup_codes').selectAll().where('phone_hash', '=', phoneHash).orderBy('id', 'desc').executeTakeFirst();
  },

  /** Counts one wrong code; the code locks at the limit. Conditional, so concurrent guesses cannot pass it. */
  async countWrongCode(db: Db, id: number): Promise<void> {
    await db
      .updateTable('lookup_codes')
      .set({
        code_attempts: sql<number>`code_attempts + 1`,
        status: sql<string>`CASE WHEN code_attempts + 1 >= ${DELETION_CODE_MAX_ATTEMPTS} THEN ${DELETION_STATUS.locked} ELSE status END`,
      })
      .where('id', '=', id)
      .where('status', '=', DELETION_STATUS.codeSent)
      .execute();
  },

  async lock(db: Db, id: number): Promise<void> {
    await db.updateTable('lookup_codes').set({ status: DELETION_STATUS.locked, code_hash: null }).where('id', '=', id).execute();
  },

  /** Marks the code used, once: false when another request used it first. */
  async markUsed(db: Db, id: number): Promise<boolean> {
    const result = await db
      .updateTable('lookup_codes')
      .set({ status: LOOKUP_CODE_USED, code_hash: null })
      .where('id', '=', id)
      .where('status', '=', DELETION_STATUS.codeSent)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Rows older than `before` count towards no limit any more. */
  async deleteBefore(db: Db, before: string): Promise<void> {
    await db.deleteFrom('lookup_codes').where('created_at', '<', before).execute();
  },
};
