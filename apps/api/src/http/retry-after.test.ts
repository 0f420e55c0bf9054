import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOG, type ErrorCode } from '@kuaibao/domain';
import { retryAfterSeconds, withRetryAfter } from './retry-after.ts';

describe('Retry-After (docs/decisions/052-degraded-not-down.md)', () => {
  it('is on every 429 of the catalog, and on the 503s that pass', () => {
    const codes = Object.keys(ERROR_CATALOG) as ErrorCode[];
    const tooMany = codes.filter((code) => ERROR_CATALOG[code].status === 429);
    expect(tooMany.length).toBeGreaterThan(0);
    for (const code of tooMany) expect(retryAfterSeconds(code, new AppError(code)), code).toBeGreaterThan(0);
    expect(retryAfterSeconds('DATABASE_UNAVAILABLE', new AppError('DATABASE_UNAVAILABLE'))).toBe(3);
    expect(retryAfterSeconds('SERVICE_UNAVAILABLE', new AppError('SERVICE_UNAVAILABLE'))).toBe(5);
    // Nobody knows when the operator names themselves; a refusal is not "come back later".
    expect(retryAfterSeconds('OPERATOR_NOT_READY', new AppError('OPERATOR_NOT_READY'))).toBeUndefined();
    expect(retryAfterSeconds('VALIDATION_FAILED', new AppError('VALIDATION_FAILED'))).toBeUndefined();
  });

  it('takes what the thrower knows, in whole seconds, at least 1', () => {
    expect(retryAfterSeconds('RATE_LIMITED', withRetryAfter(new AppError('RATE_LIMITED'), 12.2))).toBe(13);
    expect(retryAfterSeconds('RATE_LIMITED', withRetryAfter(new AppError('RATE_LIMITED'), 0))).toBe(1);
  });
});
