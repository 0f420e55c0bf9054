import { SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';

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

export { createDatabaseNonceStore } from './request-nonces.repository.ts';
