import { describe, expect, it } from 'vitest';
import { GUARANTEE_BADGES } from './guarantee-badges.ts';
import { PROMISES } from './goods-texts.ts';
import { REPORT_TYPES } from './report.ts';

describe('guarantee badges', () => {
  it('are three, each with a meaning and a way to claim it', () => {
    expect(GUARANTEE_BADGES.map((badge) => badge.label)).toEqual(['维权援助', '未办理全额退款', '防冒充收费']);
    for (const badge of GUARANTEE_BADGES) {
      expect(badge.meaning.length).toBeGreaterThan(10);
      expect(badge.claim).toMatch(/联系客服/);
    }
  });

  it('promise no payout the product does not make: no 赔付, and the refund is the promised one', () => {
    for (const badge of GUARANTEE_BADGES) expect(`${badge.label}${badge.meaning}${badge.claim}`).not.toMatch(/赔付|赔偿/);
    expect(GUARANTEE_BADGES[1]!.meaning).toContain(PROMISES[0]);
  });

  it('point to report types the form offers', () => {
    const named = GUARANTEE_BADGES.flatMap((badge) => [...badge.claim.matchAll(/“([^”]+)”/g)].map((match) => match[1]!)).filter((name) => name !== '平台举报');
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(REPORT_TYPES).toContain(name);
  });
});
