import { SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';

/**
 * The replay cache of the request signature: the nonces this process accepted, each until its
 * signed timestamp has left the window (docs/decisions/051-replay-in-process.md). In process and
 * bounded on purpose: the signing secret ships in the web app, so anyone can sign a fresh request
 * and a replayed one is worth no more than that. Nothing is written anywhere per request; a restart
 * or another instance does not know these nonces, and that is accepted.
 */
export interface NonceStore {
  /** True the first time a nonce is seen while its timestamp is in the window; false for a replay. */
  remember(nonce: string, nowSeconds: number, signedAtSeconds: number): boolean;
  /** How many nonces are held now (never more than the cap). */
  readonly size: number;
}

/**
 * About 200 bytes a nonce with its map entries: the cap keeps the cache near 20 MB at most. A
 * flood larger than this evicts the oldest nonces; a nonce evicted early can be replayed, which
 * gains nothing a freshly signed request would not.
 */
export const NONCE_CACHE_MAX_ENTRIES = 100_000;

/**
 * Time-bucketed: nonces are grouped by the second their timestamp leaves the window, so expiry walks
 * the buckets in order and touches only what is gone; when full, the nonce closest to expiry goes
 * first (the oldest signed), one at a time, so the size never passes `maxEntries`.
 */
export function createMemoryNonceStore(maxEntries = NONCE_CACHE_MAX_ENTRIES): NonceStore {
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError(`nonce cache needs a positive size, not ${maxEntries}`);
  /** nonce → the second from which it may be forgotten */
  const expiryOf = new Map<string, number>();
  /** that second → the nonces that expire then */
  const buckets = new Map<number, Set<string>>();
  /** The earliest bucket's second when known; recomputed when that bucket is gone. */
  let earliestSeen = Number.POSITIVE_INFINITY;

  /** The second of the earliest bucket; the buckets span at most twice the window, so this is cheap. */
  function earliest(): number {
    if (!buckets.has(earliestSeen)) earliestSeen = buckets.size === 0 ? Number.POSITIVE_INFINITY : Math.min(...buckets.keys());
    return earliestSeen;
  }

  function forget(second: number): void {
    for (const nonce of buckets.get(second) ?? []) expiryOf.delete(nonce);
    buckets.delete(second);
  }

  function evictOldest(): void {
    const second = earliest();
    const bucket = buckets.get(second)!;
    const nonce = bucket.values().next().value as string;
    bucket.delete(nonce);
    expiryOf.delete(nonce);
    if (bucket.size === 0) buckets.delete(second);
  }

  return {
    remember(nonce, nowSeconds, signedAtSeconds) {
      while (earliest() <= nowSeconds) forget(earliest());
      if (expiryOf.has(nonce)) return false;
      // The signature check refuses a timestamp more than the window away from now, so after this
      // second the same request cannot be accepted again anyway.
      const expiresAt = Math.max(nowSeconds, signedAtSeconds + SIGNATURE_WINDOW_SECONDS) + 1;
      if (expiryOf.size >= maxEntries) evictOldest();
      expiryOf.set(nonce, expiresAt);
      let bucket = buckets.get(expiresAt);
      if (!bucket) buckets.set(expiresAt, (bucket = new Set()));
      bucket.add(nonce);
      if (expiresAt < earliestSeen) earliestSeen = expiresAt;
      return true;
    },
    get size() {
      return expiryOf.size;
    },
  };
}
