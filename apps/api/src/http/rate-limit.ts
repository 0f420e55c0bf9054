import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@kuaibao/domain';
import type { SharedState } from '../shared-state/shared-state.ts';
import { withRetryAfter } from './retry-after.ts';

/**
 * Rate limits through @fastify/rate-limit: its Redis store when REDIS_URL is set (every instance
 * counts against the same limit), its memory store otherwise (docs/decisions/024-shared-state-in-redis.md).
 *
 * Fixed windows on the app clock: the key carries the window's number, so every instance agrees
 * on where a window starts and the tests' clock moves it. While Redis fails, each instance counts
 * the same limits in its own memory (so two instances let through at most twice the limit), counted
 * in SharedState.counters.rateLimitPerInstance and logged once per outage; the next request after
 * Redis is back counts in Redis again (docs/decisions/052-degraded-not-down.md).
 *
 * A refusal says when to come back: Retry-After is the seconds left in the window.
 */

/** Keys the memory store keeps per limit (the least recently used go first beyond it). */
const MEMORY_KEYS_PER_LIMIT = 50_000;

export async function registerRateLimits(app: FastifyInstance, sharedState: SharedState): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(sharedState.redis ? { redis: sharedState.redis, nameSpace: 'kuaibao:rate-limit:' } : {}),
    // limitRequests asks through createRateLimit, which sets no header and throws nothing of its
    // own: the answer is the catalog's RATE_LIMITED, and a store error reaches limitRequests.
    skipOnError: false,
  });
}

export interface RequestLimit {
  /** Names the limit in its keys: two limits on one key never share a counter. */
  name: string;
  max: number;
  windowMs: number;
  /** Whom to count (the client IP, a device id); undefined or empty counts nobody. */
  key: (request: FastifyRequest) => string | undefined;
}

/**
 * Fixed-window counts kept in this process, for while Redis fails: the keys carry their window, so
 * a new window is a new key, and the least recently counted keys go first beyond `maxKeys`.
 */
export function createLocalCounts(maxKeys: number = MEMORY_KEYS_PER_LIMIT): { hit(key: string): number } {
  const counts = new Map<string, number>();
  return {
    hit(key) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.delete(key);
      counts.set(key, count);
      if (counts.size > maxKeys) counts.delete(counts.keys().next().value!);
      return count;
    },
  };
}

/** A preValidation step: counts the request and throws RATE_LIMITED past the limit. */
export function limitRequests(app: FastifyInstance, limit: RequestLimit): (request: FastifyRequest) => Promise<void> {
  const windowKey = (request: FastifyRequest) => {
    const window = Math.floor(app.services.now().getTime() / limit.windowMs);
    return `${limit.name}:${window}:${limit.key(request)}`;
  };
  const options = {
    max: limit.max,
    timeWindow: limit.windowMs,
    // Read by the memory store only (not in the plugin's types for createRateLimit).
    cache: MEMORY_KEYS_PER_LIMIT,
    keyGenerator: windowKey,
  };
  const check = app.createRateLimit(options);
  const local = createLocalCounts();
  const refuse = () => {
    const now = app.services.now().getTime();
    const windowEnds = (Math.floor(now / limit.windowMs) + 1) * limit.windowMs;
    return withRetryAfter(new AppError('RATE_LIMITED'), Math.max(1, Math.ceil((windowEnds - now) / 1000)));
  };
  return async (request) => {
    if (!limit.key(request)) return;
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(request);
    } catch (error) {
      // Redis failed: counted here alone rather than wait, fail or let everything through.
      const { sharedState } = app.services;
      sharedState.counters.rateLimitPerInstance += 1;
      sharedState.fellBack('rate limits counted per instance', error);
      if (local.hit(windowKey(request)) > limit.max) throw refuse();
      return;
    }
    if (!result.isAllowed && result.isExceeded) throw refuse();
  };
}
