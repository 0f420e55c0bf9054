import type { Kysely } from 'kysely';
import { AppError } from '@kuaibao/domain';
import type { Database } from '../db/schema.ts';
import { NONCE_LIFETIME_SECONDS, type NonceStore } from './nonce-store.ts';

/** Expired rows are deleted every this many remembered nonces (cheap, and bounded by the window). */
const PRUNE_EVERY = 500;

/** Nonces written by one statement at most (PostgreSQL takes up to 65,535 parameters). */
const MAX_BATCH = 1000;

interface Waiting {
  nonce: string;
  nowSeconds: number;
  settle: (fresh: boolean) => void;
  fail: (error: unknown) => void;
}

/**
 * In the `request_nonces` table (migration 008). An upsert per nonce: a new nonce is inserted; an
 * expired one is renewed; a live one changes nothing and is a replay.
 *
 * Group commit: the nonces of the requests that arrive in one turn of the event loop are written by
 * one multi-row statement after it (setImmediate), each request waiting for its own answer. On
 * SQLite every commit is a write to the WAL, about a quarter of a millisecond here, which capped every
 * signed route at ~4,000 requests a second; on PostgreSQL it is one round trip instead of one per
 * request (docs/decisions/029-catalog-in-memory-and-hot-path.md). Nothing is answered before its nonce is stored,
 * so a crash loses only nonces of requests that were never answered. The same nonce twice in one
 * batch: the first counts, the second is a replay, as if they had come one after the other.
 */
export function createDatabaseNonceStore(db: Kysely<Database>): NonceStore {
  let sincePrune = 0;
  let waiting: Waiting[] = [];

  async function write(batch: Waiting[]): Promise<void> {
    // One statement per clock second in the batch (one, nearly always): the renewal condition needs it.
    const seconds = [...new Set(batch.map((entry) => entry.nowSeconds))];
    for (const nowSeconds of seconds) {
      const entries = batch.filter((entry) => entry.nowSeconds === nowSeconds);
      const firsts = new Map<string, Waiting>();
      for (const entry of entries) {
        if (firsts.has(entry.nonce)) entry.settle(false);
        else firsts.set(entry.nonce, entry);
      }
      const expiresAt = nowSeconds + NONCE_LIFETIME_SECONDS;
      const stored = await db
        .insertInto('request_nonces')
        .values([...firsts.keys()].map((nonce) => ({ nonce, expires_at: expiresAt })))
        .onConflict((oc) => oc.column('nonce').doUpdateSet({ expires_at: expiresAt }).where('request_nonces.expires_at', '<=', nowSeconds))
        .returning('nonce')
        .execute();
      const fresh = new Set(stored.map((row) => row.nonce));
      for (const [nonce, entry] of firsts) entry.settle(fresh.has(nonce));
      sincePrune += firsts.size;
      if (sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        await db.deleteFrom('request_nonces').where('expires_at', '<=', nowSeconds).execute();
      }
    }
  }

  function flush(): void {
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(batch.length);
    if (waiting.length > 0) setImmediate(flush);
    write(batch).catch((error: unknown) => {
      for (const entry of batch) entry.fail(error);
    });
  }

  return {
    remember(nonce, nowSeconds) {
      return new Promise<boolean>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ nonce, nowSeconds, settle: resolve, fail: (error) => reject(new AppError('INTERNAL', 'nonce store unavailable', { cause: error })) });
      });
    },
  };
}
