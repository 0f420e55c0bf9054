import { AppError } from '@kuaibao/domain';

/**
 * A fixed-window counter per key (usually the client IP), in process. Lookups by phone
 * number and complaint submissions are what a scraper or a spammer would hammer; several
 * API instances need a shared store instead (CONTRIBUTING.md#run).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  constructor(options: { limit: number; windowMs: number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
  }

  /** Counts one hit; throws RATE_LIMITED past the limit. */
  hit(key: string, nowMs: number): void {
    const current = this.windows.get(key);
    if (!current || nowMs - current.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(nowMs);
      this.windows.set(key, { start: nowMs, count: 1 });
      return;
    }
    current.count += 1;
    if (current.count > this.limit) throw new AppError('RATE_LIMITED');
  }

  private sweep(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.start >= this.windowMs) this.windows.delete(key);
  }
}
