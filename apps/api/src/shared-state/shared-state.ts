import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * What several instances must agree on: rate-limit counters and single-use keys
 * (docs/decisions/024-shared-state-in-redis.md; the signature nonces stay in each process since
 * docs/decisions/051-replay-in-process.md). With REDIS_URL they live in Redis; without it,
 * in this process as before. A Redis that fails never stops an answer: each user says what it
 * does instead, counts it here and logs it through reportFailure.
 */

/** How often each fallback happened since boot; the metrics export reads these. */
export interface SharedStateCounters {
  /** Requests whose rate limit was counted in this process only because Redis failed. */
  rateLimitPerInstance: number;
  /** Single-use keys kept in this process because Redis failed. */
  onceKeyLocalFallback: number;
}

export interface SharedState {
  /** Undefined: everything stays in this process. */
  redis: Redis | undefined;
  counters: SharedStateCounters;
  /** Logs a Redis failure at error level, at most once a minute per `what` (an outage must not flood the log). */
  reportFailure(what: string, error: unknown): void;
  /**
   * A user fell back to this process because Redis failed: logged once per outage per `what` (at
   * error level), and once more, at info level, when Redis is back.
   */
  fellBack(what: string, error: unknown): void;
  /** For /readyz: undefined when fine or not configured, else why not. */
  problem(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** A down Redis must fail a command at once or within this, never hold a request. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2000;
const FAILURE_LOG_INTERVAL_MS = 60_000;

export function createSharedState(options: { redisUrl: string | undefined; log: FastifyBaseLogger }): SharedState {
  const { log } = options;
  const counters: SharedStateCounters = { rateLimitPerInstance: 0, onceKeyLocalFallback: 0 };
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  function reportFailure(what: string, error: unknown): void {
    const at = Date.now();
    const last = lastLogged.get(what);
    if (last && at - last.at < FAILURE_LOG_INTERVAL_MS) {
      last.suppressed += 1;
      return;
    }
    lastLogged.set(what, { at, suppressed: 0 });
    const message = error instanceof Error ? error.message : String(error);
    log.error({ sharedState: what, err: message, suppressedSinceLast: last?.suppressed ?? 0, counters: { ...counters } }, `Redis unavailable: ${what}`);
  }

  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        lazyConnect: true,
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        // No queue while disconnected: a command fails at once and its caller falls back.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        // Keep trying to come back, at most every 2 s.
        retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      })
    : undefined;
  // ioredis reports connection errors as events; unheard, they would go to stderr on every retry.
  redis?.on('error', (error) => reportFailure('connection', error));
  /** What fell back during the current outage, and when it first did. */
  const fallenBack = new Map<string, number>();
  function fellBack(what: string, error: unknown): void {
    if (fallenBack.has(what)) return;
    fallenBack.set(what, Date.now());
    const message = error instanceof Error ? error.message : String(error);
    log.error({ sharedState: what, err: message, counters: { ...counters } }, `Redis unavailable: ${what}`);
  }
  // Connected again: every user is back on Redis with its next command; say so once per outage.
  redis?.on('ready', () => {
    for (const [what, since] of fallenBack) log.info({ sharedState: what, outageMs: Date.now() - since, counters: { ...counters } }, `Redis back: ${what} shared again`);
    fallenBack.clear();
  });
  let closed = false;

  return {
    redis,
    counters,
    reportFailure,
    fellBack,
    async problem() {
      if (!redis) return undefined;
      try {
        await redis.ping();
        return undefined;
      } catch (error) {
        return `Redis: ${error instanceof Error ? error.message : String(error)}`;
      }
    },
    async close() {
      if (!redis || closed) return;
      closed = true;
      // quit() waits for a reply a down Redis never sends.
      redis.disconnect();
    },
  };
}

/**
 * Connects before the first request, so a reachable Redis is used from the start; an unreachable
 * one is logged and retried in the background while every user falls back (the boot goes on).
 */
export async function connectSharedState(state: SharedState): Promise<void> {
  if (!state.redis) return;
  try {
    await state.redis.connect();
  } catch (error) {
    state.reportFailure('connection', error);
  }
}
