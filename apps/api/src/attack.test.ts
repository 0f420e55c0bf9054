import { describe, expect, it } from 'vitest';
import { formatResult } from '../attack/probe.ts';
import { loadExtras, runSuite } from '../attack/suite.ts';

/**
 * The attack suite (apps/api/attack/, `npm run attack`) against a server it starts itself: every
 * probe must hold. The fast cut: the slow-client probe against a 2 s request timeout instead of the
 * default 30 s, one kill -9 round, and no fuzzer (apps/api/src/fuzz.test.ts runs its slice).
 */
describe('the attack suite against a self-started server', () => {
  it('holds every defence', { timeout: 180_000 }, async () => {
    const { extras } = await loadExtras();
    const results = await runSuite({ fuzzCases: 0, crashRounds: 1, slowTimeoutMs: 2000, extras });
    const broken = results.filter((result) => !result.held).map(formatResult);
    expect(broken).toEqual([]);
    // Every finding of the issue is probed: a suite that quietly ran nothing would pass the line above.
    expect(results.length).toBeGreaterThanOrEqual(40);
  });
});
