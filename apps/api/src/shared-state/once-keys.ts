import type { SharedState } from './shared-state.ts';

/**
 * Keys that can be claimed once until they expire: a used OAuth state, the last provider query
 * of a payment attempt. In Redis (SET NX PX) when REDIS_URL is set, so every instance sees the
 * claim; in this process otherwise, and while Redis fails (decision 024: these guard against a
 * replayed cookie and a provider's query quota, where one process's memory is the old behaviour).
 */
export interface OnceKeys {
  /** True for the first claim of `key` within `ttlMs`; false while an earlier claim lives. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/** Keys kept in process at most; beyond it the oldest go (each claim is also bounded by its ttl). */
const MAX_LOCAL_KEYS = 100_000;

/** Without `sharedState` (tools, unit tests): in this process only. */
export function createOnceKeys(deps: { sharedState?: SharedState; now: () => Date; maxLocalKeys?: number }): OnceKeys {
  const { sharedState, now } = deps;
  const maxLocalKeys = deps.maxLocalKeys ?? MAX_LOCAL_KEYS;
  const local = new Map<string, number>();

  function claimLocally(key: string, ttlMs: number): boolean {
    const at = now().getTime();
    const until = local.get(key);
    if (until !== undefined && until > at) return false;
    if (local.size >= maxLocalKeys) {
      for (const [old, expiry] of local) if (expiry <= at) local.delete(old);
      for (const old of local.keys()) {
        if (local.size < maxLocalKeys) break;
        local.delete(old);
      }
    }
    local.delete(key);
    local.set(key, at + ttlMs);
    return true;
  }

  return {
    async claim(key, ttlMs) {
      const redis = sharedState?.redis;
      if (!sharedState || !redis) return claimLocally(key, ttlMs);
      try {
        return (await redis.set(`kuaibao:once:${key}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
      } catch (error) {
        sharedState.counters.onceKeyLocalFallback += 1;
        sharedState.reportFailure('single-use keys kept in process', error);
        return claimLocally(key, ttlMs);
      }
    },
  };
}
