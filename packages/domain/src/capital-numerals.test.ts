import Nzh from 'nzh';
import { describe, expect, it } from 'vitest';
import { toCapitalAmount } from './capital-numerals.ts';

/** nzh reads a decimal string; give it the shortest form ("1.5", not "1.50": see the quirk test). */
function shortestYuanString(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  if (cents === 0) return String(yuan);
  return `${yuan}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

function nzhCapital(fen: number): string {
  return Nzh.cn.toMoney(shortestYuanString(fen), { outSymbol: false });
}

/** Deterministic pseudo-random numbers (a 32-bit LCG), so a failure always reproduces. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Amounts from 0 to 10^10 fen (¥100,000,000): every amount below ¥20, round figures, sums of two
 * powers of ten, and random amounts of every length whose digits are zero half the time,
 * because the zero rules are where capital numerals go wrong.
 */
function sweepAmounts(): number[] {
  const amounts = new Set<number>();
  for (let fen = 0; fen <= 2000; fen++) amounts.add(fen);
  for (let k = 0; k <= 10; k++) {
    for (let d = 1; d <= 9; d++) amounts.add(d * 10 ** k);
    for (let j = 0; j < k; j++) amounts.add(10 ** k + 10 ** j);
    amounts.add(10 ** k + 1);
    amounts.add(10 ** k - 1);
  }
  const random = lcg(20260701);
  while (amounts.size < 14_000) {
    const length = 1 + Math.floor(random() * 10);
    let fen = 1 + Math.floor(random() * 9);
    for (let i = 1; i < length; i++) fen = fen * 10 + (random() < 0.5 ? 0 : Math.floor(random() * 10));
    amounts.add(fen);
  }
  amounts.add(10 ** 10);
  return [...amounts].filter((fen) => fen <= 10 ** 10);
}

describe('toCapitalAmount', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [10, '壹角'],
    [35, '叁角伍分'],
    [5, '伍分'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [150, '壹元伍角'],
    [1000, '壹拾元整'],
    [1050, '壹拾元伍角'],
    [19900, '壹佰玖拾玖元整'],
    [100530, '壹仟零伍元叁角'],
    [1_000_000, '壹万元整'],
    [10_000_156, '壹拾万零壹元伍角陆分'],
    [10_000_056, '壹拾万元伍角陆分'],
    // the PBOC rules' own examples
    [140_950, '壹仟肆佰零玖元伍角'],
    [1_640_902, '壹万陆仟肆佰零玖元零贰分'],
    [32_504, '叁佰贰拾伍元零肆分'],
    [168_032, '壹仟陆佰捌拾元叁角贰分'],
    [10_700_053, '壹拾万柒仟元伍角叁分'],
    [10_000_000_000, '壹亿元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [100_000_001, '壹佰万元零壹分'],
    [100_000_000, '壹佰万元整'],
    [1_000_010_000, '壹仟万零壹佰元整'],
    [100_000_000_000_000, '壹万亿元整'],
    [100_010_000_000_000, '壹万零壹亿元整'],
    [100_000_001_000_000, '壹万亿零壹万元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(toCapitalAmount(fen)).toBe(text);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('rejects %s with a RangeError', (fen) => {
    expect(() => toCapitalAmount(fen)).toThrow(RangeError);
  });

  it('equals nzh toMoney on a sweep of at least 10,000 amounts up to 10^10 fen', () => {
    const amounts = sweepAmounts();
    expect(amounts.length).toBeGreaterThanOrEqual(10_000);
    const mismatches = amounts
      .map((fen) => ({ fen, ours: toCapitalAmount(fen), nzh: nzhCapital(fen) }))
      .filter((row) => row.ours !== row.nzh);
    expect(mismatches).toEqual([]);
  });

  it('equals nzh above ¥100,000,000 too, up to the 万亿 range', () => {
    for (const fen of [123_456_789_012_345, 100_000_000_000_001, 900_719_925_474_099, 101_010_101_010_101]) {
      expect(toCapitalAmount(fen)).toBe(nzhCapital(fen));
    }
  });

  it('keeps 整 where nzh drops it for a zero-padded decimal string (nzh differs from the standard form)', () => {
    // nzh treats written decimals as significant: "199.00" loses its 整, which the PBOC rule
    // requires for an amount ending at 元. Our input is integer fen, so we always write 整.
    expect(Nzh.cn.toMoney('199.00', { outSymbol: false })).toBe('壹佰玖拾玖元');
    expect(toCapitalAmount(19900)).toBe('壹佰玖拾玖元整');
  });
});
