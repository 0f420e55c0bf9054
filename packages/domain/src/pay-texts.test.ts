import { describe, expect, it } from 'vitest';
import { countdownToJuly } from './countdown.ts';
import { FEE_LABEL, PROMISES } from './goods-texts.ts';
import { handlingNotes, payCountdownText, showsPayCountdown } from './pay-texts.ts';
import { VARIANTS } from './variant-texts.ts';

const JUNE_30 = new Date('2026-06-30T23:00:00+08:00');
/** Still 30 June in UTC, already 1 July in Shanghai. */
const JULY_1 = new Date('2026-06-30T16:30:00Z');

describe('the fee label', () => {
  it('is 代办服务费: our price, never 申报金额 or 补报金额, which read like an official charge', () => {
    expect(FEE_LABEL).toBe('代办服务费');
  });
});

describe('payCountdownText', () => {
  const NOV_29 = new Date('2026-11-29T10:00:00+08:00');
  it('counts down to 30 June before 1 July', () => {
    expect(payCountdownText(countdownToJuly(JUNE_30), null)).toBe('距年报截止（6月30日）还有 1 天');
    expect(payCountdownText(countdownToJuly(JUNE_30), 2025)).toBe('距年报截止（6月30日）还有 1 天');
  });
  it('says 逾期 only when the pre-check found the report not published', () => {
    expect(payCountdownText(countdownToJuly(NOV_29), 2025)).toBe('未查到该企业2025年度报告公示，已逾期 152 天');
    expect(payCountdownText(countdownToJuly(JULY_1), 2025)).toMatch(/已逾期 1 天$/);
  });
  it('otherwise says only that the window closed and a late report is still possible', () => {
    for (const now of [JULY_1, NOV_29]) {
      const text = payCountdownText(countdownToJuly(now), null);
      expect(text).toBe('本年度报送期已于6月30日结束，未报送的仍可补报');
      expect(text).not.toMatch(/逾期/);
    }
  });
});

describe('the pay countdown and the handling notes', () => {
  it('show the pay countdown for annual reports in v0 and v1, never for the other services', () => {
    expect(VARIANTS.map((variant) => showsPayCountdown({ goodsType: 'license_year', variant }))).toEqual([true, true, false]);
    for (const goodsType of ['license_destory', 'credit_repair'] as const) {
      expect(VARIANTS.map((variant) => showsPayCountdown({ goodsType, variant }))).toEqual([false, false, false]);
    }
  });
  it('words the handling notes per service: the promises, then when the result shows', () => {
    expect(handlingNotes('license_year')).toEqual([...PROMISES, '年报提交后7个工作日内公示']);
    expect(handlingNotes('license_destory')).toEqual([...PROMISES, '注销完成后，公示系统一般在1至3天内更新']);
    expect(handlingNotes('credit_repair')).toEqual([...PROMISES, '修复完成后，公示系统一般在15至30个工作日内更新']);
    for (const type of ['license_destory', 'credit_repair'] as const) expect(handlingNotes(type).join('')).not.toMatch(/年报/);
  });
});
