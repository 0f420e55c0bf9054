import type { ErrorCode } from '@kuaibao/domain';

/**
 * `Retry-After` on the answers that mean "not now": every 429 and the 503s that pass (docs/decisions/052-degraded-not-down.md).
 * A thrower that knows the time left says it (withRetryAfter: a rate limit's window); otherwise
 * the code's default below. Clients and nginx read it; the web app may retry a GET once after it.
 */

const RETRY_AFTER = new WeakMap<Error, number>();

/** When the answer to this error may be asked again, in whole seconds (at least 1). */
export function withRetryAfter<E extends Error>(error: E, seconds: number): E {
  RETRY_AFTER.set(error, Math.max(1, Math.ceil(seconds)));
  return error;
}

/** The database went away (a restart, a failover): a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/** Codes that carry Retry-After when the thrower gave none. OPERATOR_NOT_READY has none: no one knows when. */
const DEFAULT_SECONDS: Partial<Record<ErrorCode, number>> = {
  // The limits' windows are one or ten minutes; the codes' own words say "1 分钟后".
  RATE_LIMITED: 60,
  DELETION_CODE_TOO_SOON: 60,
  // A staff member's daily number of ID reveals: the thrower says how long until Beijing midnight.
  CONSOLE_ID_REVEAL_DAILY_LIMIT: 3600,
  CONSOLE_LOGIN_SLOW_DOWN: 60,
  SERVICE_UNAVAILABLE: 5,
  DATABASE_UNAVAILABLE: DATABASE_RETRY_AFTER_SECONDS,
};

/** The Retry-After of an answer with this code, thrown as `error`; undefined: no header. */
export function retryAfterSeconds(errorCode: ErrorCode, error: unknown): number | undefined {
  const given = error instanceof Error ? RETRY_AFTER.get(error) : undefined;
  return given ?? DEFAULT_SECONDS[errorCode];
}
