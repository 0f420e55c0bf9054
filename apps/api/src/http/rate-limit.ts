import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@kuaibao/domain';
import type { SharedState } from '../shared-state/shared-state.ts';

/**
 * Rate limits through @fastify/rate-limit: its Redis store when REDIS_URL is set (every instance
 * counts against the same limit), its memory store otherwise (docs/decisions/024-shared-state-in-redis.md).
 *
 * Fixed windows on the app clock: the key carries the window's number, so every instance agrees
 * on where a window starts and the tests' clock moves it. A Redis that fails lets the request
 * through (fail open), counted in SharedState.counters and logged at error level once a minute.
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

/** A preValidation step: counts the request and throws RATE_LIMITED past the limit. */
export function limitRequests(app: FastifyInstance, limit: RequestLimit): (request: FastifyRequest) => Promise<void> {
  const options = {
    max: limit.max,
    timeWindow: limit.windowMs,
    // Read by the memory store only (not in the plugin's types for createRateLimit).
    cache: MEMORY_KEYS_PER_LIMIT,
    keyGenerator: (request: FastifyRequest) => {
      const window = Math.floor(app.services.now().getTime() / limit.windowMs);
      return `${limit.name}:${window}:${limit.key(request)}`;
    },
  };
  const check = app.createRateLimit(options);
  return async (request) => {
    if (!limit.key(request)) return;
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(request);
    } catch (error) {
      // Redis failed: the request goes through uncounted rather than wait or fail (decision 024).
      app.services.sharedState.counters.rateLimitFailOpen += 1;
      app.services.sharedState.reportFailure('rate limits fail open', error);
      return;
    }
    if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED');
  };
}
