import { describe, expect, it } from 'vitest';
import { createOnceKeys } from './once-keys.ts';

describe('single-use keys in process (no REDIS_URL)', () => {
  const clock = { now: new Date('2026-11-24T02:00:00Z') };
  const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

  it('gives a key once until its time to live is over, then once again', async () => {
    const keys = createOnceKeys({ now: () => clock.now });
    expect(await keys.claim('a', 2000)).toBe(true);
    expect(await keys.claim('a', 2000)).toBe(false);
    expect(await keys.claim('b', 2000)).toBe(true);
    advance(1999);
    expect(await keys.claim('a', 2000)).toBe(false);
    advance(1);
    expect(await keys.claim('a', 2000)).toBe(true);
    expect(await keys.claim('a', 2000)).toBe(false);
  });

  it('stays bounded: expired keys go first, then the oldest live ones', async () => {
    const keys = createOnceKeys({ now: () => clock.now, maxLocalKeys: 3 });
    expect(await keys.claim('old', 1000)).toBe(true);
    expect(await keys.claim('live-1', 60_000)).toBe(true);
    expect(await keys.claim('live-2', 60_000)).toBe(true);
    advance(1000);
    // Full: the expired key makes room, the live ones are still refused.
    expect(await keys.claim('live-3', 60_000)).toBe(true);
    expect(await keys.claim('live-1', 60_000)).toBe(false);
    expect(await keys.claim('live-3', 60_000)).toBe(false);
    // Full of live keys: the oldest is forgotten rather than the map growing.
    expect(await keys.claim('live-4', 60_000)).toBe(true);
    expect(await keys.claim('live-1', 60_000)).toBe(true);
  });
});
