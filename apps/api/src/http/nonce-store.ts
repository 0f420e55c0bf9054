import type { Kysely } from 'kysely';
import { AppError, SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';
import type { Database } from '../db/schema.ts';

/**
 * Where signature nonces are remembered for their window, so a captured request is accepted once.
 * One small interface: the database store is the default (a restart or a second instance on the
 * same database does not reopen the window); a shared cache can replace it later.
 */
export interface NonceStore {
  /** True the first time a nonce is seen inside its window; false for a replay. */
  remember(nonce: string, nowSeconds: number): Promise<boolean>;
}

/** A nonce is kept for twice the window: a timestamp may be that far from our clock either way. */
const NONCE_LIFETIME_SECONDS = 2 * SIGNATURE_WINDOW_SECONDS;

/** In process only: for tools and tests that want no database; forgets everything at exit. */
export function createMemoryNonceStore(maxEntries = 200_000): NonceStore {
  const seen = new Map<string, number>();
  function evict(nowSeconds: number): void {
    for (const [nonce, expiry] of seen) if (expiry <= nowSeconds) seen.delete(nonce);
    // Still full of live nonces: drop the oldest half rather than grow without bound.
    if (seen.size >= maxEntries) {
      let drop = Math.floor(maxEntries / 2);
      for (const nonce of seen.keys()) {
        if (drop-- <= 0) break;
        seen.delete(nonce);
      }
    }
  }
  return {
    async remember(nonce, nowSeconds) {
      const expiry = seen.get(nonce);
      if (expiry !== undefined && expiry > nowSeconds) return false;
      if (seen.size >= maxEntries) evict(nowSeconds);
      seen.set(nonce, nowSeconds + NONCE_LIFETIME_SECONDS);
      return true;
    },
  };
}

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
