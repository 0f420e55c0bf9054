import { describe, expect, it } from 'vitest';
import { PROMISES } from './goods-texts.ts';
import { amountLabel, handlingNotes, showsPayCountdown } from './pay-texts.ts';
import { VARIANTS } from './variant-texts.ts';

const JUNE_30 = new Date('2026-06-30T23:00:00+08:00');
/** Still 30 June in UTC, already 1 July in Shanghai. */
const JULY_1 = new Date('2026-06-30T16:30:00Z');

describe('amountLabel', () => {
  it('says 申报金额 before 1 July and 补报金额 after, for v0', () => {
    expect(amountLabel({ goodsType: 'license_year', variant: 'v0', now: JUNE_30 })).toBe('申报金额');
    expect(amountLabel({ goodsType: 'license_year', variant: 'v0', now: JULY_1 })).toBe('补报金额');
  });
  it('says 支付金额 for v1 and 代办金额 for v2', () => {
    expect(amountLabel({ goodsType: 'license_year', variant: 'v1', now: JULY_1 })).toBe('支付金额');
    expect(amountLabel({ goodsType: 'license_year', variant: 'v2', now: JUNE_30 })).toBe('代办金额');
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
