import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.ts';

describe('isValidCreditCode (docs/product/validation.md#credit-code vectors)', () => {
  it.each([
    '91350100M000100Y43', // GB 32100 worked example
    '914403001922038216',
    '91330100716105852F',
    '9144030071526726XG',
    '91110000802100433B',
    '91110108551385082Q',
    '91520000214434146R',
  ])('accepts %s', (code) => {
    expect(isValidCreditCode(code)).toBe(true);
  });

  it.each([
    ['91350100M000100Y4Z', '3'], // the standard's negative example
    ['911100001000000000', 'R'],
    ['91350200M000000510', 'D'], // circulate on the web as "valid"; they are not
    ['91350128M00000019A', 'F'],
  ])('rejects %s (expected check character %s)', (code, expected) => {
    expect(isValidCreditCode(code)).toBe(false);
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(expected);
    expect(isValidCreditCode(code.slice(0, 17) + expected)).toBe(true);
  });

  it.each([
    '',
    '91350100M000100Y4', // 17 characters
    '91350100M000100Y433', // 19 characters
    '91350100m000100y43', // lower case
    ' 91350100M000100Y43',
    '913501O0M000100Y43', // letter O in the division code
    '91350100M000100I43', // I is not a code character
  ])('rejects the malformed %j', (code) => {
    expect(isValidCreditCode(code)).toBe(false);
  });
});

describe('creditCodeCheckChar', () => {
  it('computes the worked example (Σ = 1640, 1640 mod 31 = 28, 31 − 28 = 3)', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('maps a remainder of 0 to the character 0', () => {
    // all zeros: Σ = 0, (31 − 0) mod 31 = 0
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
  });

  it('throws on a wrong length or a character outside the set', () => {
    expect(() => creditCodeCheckChar('9135010')).toThrow(RangeError);
    expect(() => creditCodeCheckChar('91350100M000100S4')).toThrow(RangeError);
    expect(() => creditCodeCheckChar('91350100m000100Y4')).toThrow(RangeError);
  });
});
