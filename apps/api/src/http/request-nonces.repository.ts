import type { Kysely } from 'kysely';
import { AppError } from '@kuaibao/domain';
import type { Database } from '../db/schema.ts';
import { NONCE_LIFETIME_SECONDS, type NonceStore } from './nonce-store.ts';

/** Expired rows are deleted every this many remembered nonces (cheap, and bounded by the window). */
const PRUNE_EVERY = 500;

/**
 * In the `request_nonces` table (migration 008). One upsert per signed request: a new nonce is
 * inserted; an expired one is renewed; a live one changes nothing and is a replay.
 */
export function createDatabaseNonceStore(db: Kysely<Database>): NonceStore {
  let sincePrune = 0;
  return {
    async remember(nonce, nowSeconds) {
      const expiresAt = nowSeconds + NONCE_LIFETIME_SECONDS;
      try {
        const stored = await db
          .insertInto('request_nonces')
          .values({ nonce, expires_at: expiresAt })
          .onConflict((oc) => oc.column('nonce').doUpdateSet({ expires_at: expiresAt }).where('request_nonces.expires_at', '<=', nowSeconds))
          .returning('nonce')
          .executeTakeFirst();
        sincePrune += 1;
        if (sincePrune >= PRUNE_EVERY) {
          sincePrune = 0;
          await db.deleteFrom('request_nonces').where('expires_at', '<=', nowSeconds).execute();
        }
        return stored !== undefined;
      } catch (error) {
        throw new AppError('INTERNAL', 'nonce store unavailable', { cause: error });
      }
    },
  };
}
