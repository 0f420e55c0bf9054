import { AppError, SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';
import type { SharedState } from '../shared-state/shared-state.ts';

/**
 * Where signature nonces are remembered for their window, so a captured request is accepted once.
 * One small interface: the database store is the default (a restart or a second instance on the
 * same database does not reopen the window); with REDIS_URL, Redis stands in front of it.
 */
export interface NonceStore {
  /**
   * True the first time a nonce is seen inside its window; false for a replay. `signedAtSeconds`
   * is the request's signed timestamp (the Redis store needs it to know what an outage hid).
   */
  remember(nonce: string, nowSeconds: number, signedAtSeconds?: number): Promise<boolean>;
}

/** A nonce is kept for twice the window: a timestamp may be that far from our clock either way. */
export const NONCE_LIFETIME_SECONDS = 2 * SIGNATURE_WINDOW_SECONDS;

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

/**
 * SET NX with the nonce's lifetime in Redis, shared by every instance; the database store while
 * Redis fails (docs/decisions/024-shared-state-in-redis.md). A nonce seen by Redis only is not in
 * the database, so while Redis fails a request that may have been seen before the failure began
 * (signed less than a window after it) is refused with SERVICE_UNAVAILABLE, never accepted; and
 * after Redis comes back, a request that may have been seen during the failure is checked in the
 * database too, as is one that may have been seen before this instance started (the database was
 * the store before REDIS_URL was set). Per instance: one cut off alone also fails /readyz and is drained.
 */
export function createRedisNonceStore(deps: { sharedState: SharedState; fallback: NonceStore; nowSeconds: number }): NonceStore {
  const { sharedState, fallback } = deps;
  const redis = sharedState.redis;
  if (!redis) throw new AppError('INTERNAL', 'createRedisNonceStore without REDIS_URL');
  /** When this instance saw Redis fail first, while it still fails. */
  let failingSince: number | undefined;
  /** The last time the database may have recorded a nonce Redis does not know: at first, the start. */
  let lastFallbackAt = deps.nowSeconds;
  return {
    // Without the signed timestamp, the earliest it could have been.
    async remember(nonce, nowSeconds, signedAtSeconds = nowSeconds - SIGNATURE_WINDOW_SECONDS) {
      let fresh: boolean;
      try {
        fresh = (await redis.set(`kuaibao:nonce:${nonce}`, '1', 'EX', NONCE_LIFETIME_SECONDS, 'NX')) === 'OK';
      } catch (error) {
        failingSince ??= nowSeconds;
        sharedState.reportFailure('nonces checked in the database', error);
        // Seen at most a window away from its timestamp: before the failure began, only Redis knows it.
        if (signedAtSeconds < failingSince + SIGNATURE_WINDOW_SECONDS) {
          sharedState.counters.nonceRefusedDuringOutage += 1;
          throw new AppError('SERVICE_UNAVAILABLE', 'Redis failed; this nonce may be known to Redis only', { cause: error });
        }
        sharedState.counters.nonceDatabaseFallback += 1;
        lastFallbackAt = nowSeconds;
        return fallback.remember(nonce, nowSeconds, signedAtSeconds);
      }
      failingSince = undefined;
      if (!fresh) return false;
      // Possibly first seen while Redis failed, or before this start: then only the database knows it.
      if (signedAtSeconds <= lastFallbackAt + SIGNATURE_WINDOW_SECONDS) return fallback.remember(nonce, nowSeconds, signedAtSeconds);
      return true;
    },
  };
}
