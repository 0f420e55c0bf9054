import { describe, expect, it } from 'vitest';
import { AppError } from '@kuaibao/domain';
import { RateLimiter } from './rate-limit.ts';

describe('rate limiter', () => {
  it('allows the limit per window and key, then refuses with RATE_LIMITED until the window ends', () => {
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000 });
    limiter.hit('a', 0);
    limiter.hit('a', 10);
    expect(() => limiter.hit('a', 20)).toThrow(AppError);
    expect(() => limiter.hit('a', 30)).toThrow(expect.objectContaining({ errorCode: 'RATE_LIMITED' }));
    expect(() => limiter.hit('b', 30)).not.toThrow();
    expect(() => limiter.hit('a', 1000)).not.toThrow();
  });
});
