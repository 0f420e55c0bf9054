import { describe, expect, it } from 'vitest';
import { filterIdNumberInput, idNumberCheckChar, isValidIdNumber, maskIdNumber } from './id-number.ts';

const TODAY = new Date('2026-05-20T12:00:00+08:00');

/** Builds a valid 18-character number around the given first 17 digits. */
function withCheck(first17: string): string {
  return first17 + idNumberCheckChar(first17);
}

describe('filterIdNumberInput', () => {
  it('uppercases x and keeps only digits and X', () => {
    expect(filterIdNumberInput('110105 1949-1231-002x')).toEqual({ value: '11010519491231002X', exceeded: false });
  });
  it('drops other letters', () => {
    expect(filterIdNumberInput('11a0b1')).toEqual({ value: '1101', exceeded: false });
  });
  it('folds full-width digits and ｘ', () => {
    expect(filterIdNumberInput('１１０１０５１９４９１２３１００２ｘ')).toEqual({ value: '11010519491231002X', exceeded: false });
  });
  it('truncates to 18 and reports the overflow', () => {
    expect(filterIdNumberInput('11010519491231002X9')).toEqual({ value: '11010519491231002X', exceeded: true });
  });
  it('does not report 18 characters as exceeded', () => {
    expect(filterIdNumberInput('440524188001010014').exceeded).toBe(false);
  });
});

describe('isValidIdNumber', () => {
  it.each(['11010519491231002X', '440524188001010014'])('accepts the GB 11643 example %s', (id) => {
    expect(isValidIdNumber(id, TODAY)).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidIdNumber('110105194912310021', TODAY)).toBe(false);
  });

  it('rejects month 13 even though the number is otherwise well formed', () => {
    expect(isValidIdNumber('11010519491331002X', TODAY)).toBe(false);
    // and with its check character fixed, so only the date check can reject it
    expect(isValidIdNumber(withCheck('11010519491331002'), TODAY)).toBe(false);
  });

  it('rejects lower-case x: the caller filters first', () => {
    expect(isValidIdNumber('11010519491231002x', TODAY)).toBe(false);
  });

  it('rejects a birth date in the future and accepts one born today (Shanghai date)', () => {
    expect(isValidIdNumber(withCheck('11010520260521002'), TODAY)).toBe(false);
    expect(isValidIdNumber(withCheck('11010520260520002'), TODAY)).toBe(true);
    // 16:30 UTC on 20 May is already 21 May in Shanghai
    expect(isValidIdNumber(withCheck('11010520260521002'), new Date('2026-05-20T16:30:00Z'))).toBe(true);
  });

  it('defaults today to the current date', () => {
    expect(isValidIdNumber(withCheck('11010530000101002'))).toBe(false);
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
  });

  it('rejects birth years before 1800', () => {
    expect(isValidIdNumber(withCheck('11010517991231002'), TODAY)).toBe(false);
    expect(isValidIdNumber(withCheck('11010518000101002'), TODAY)).toBe(true);
  });

  it('checks 29 February by the leap-year rule', () => {
    expect(isValidIdNumber(withCheck('11010520000229002'), TODAY)).toBe(true);
    expect(isValidIdNumber(withCheck('11010519000229002'), TODAY)).toBe(false);
    expect(isValidIdNumber(withCheck('11010519990229002'), TODAY)).toBe(false);
  });

  it('rejects day 0 and day 31 of a 30-day month', () => {
    expect(isValidIdNumber(withCheck('11010519490100002'), TODAY)).toBe(false);
    expect(isValidIdNumber(withCheck('11010519490431002'), TODAY)).toBe(false);
  });

  it('rejects an unknown province code', () => {
    expect(isValidIdNumber(withCheck('99010519491231002'), TODAY)).toBe(false);
    expect(isValidIdNumber(withCheck('10010519491231002'), TODAY)).toBe(false);
    expect(isValidIdNumber(withCheck('16010519491231002'), TODAY)).toBe(false);
  });

  it.each(['71', '81', '82', '83', '65', '50'])('accepts province code %s', (province) => {
    expect(isValidIdNumber(withCheck(`${province}0105199001010021`.slice(0, 17)), TODAY)).toBe(true);
  });

  it('accepts the legacy 15-digit form with a real 19YY date and known province', () => {
    expect(isValidIdNumber('110105491231002', TODAY)).toBe(true);
    expect(isValidIdNumber('110105960229002', TODAY)).toBe(true); // 1996 was a leap year
  });

  it('rejects a 15-digit number with a bad date or province', () => {
    expect(isValidIdNumber('110105491331002', TODAY)).toBe(false);
    expect(isValidIdNumber('110105010229002', TODAY)).toBe(false);
    expect(isValidIdNumber('110105000229002', TODAY)).toBe(false); // 1900 was not a leap year
    expect(isValidIdNumber('990105491231002', TODAY)).toBe(false);
  });

  it.each(['', '11010519491231002', '11010519491231002XX', '1101051949123100X2', '11010549123100X', '110105 491231002'])(
    'rejects the malformed %j',
    (id) => {
      expect(isValidIdNumber(id, TODAY)).toBe(false);
    },
  );
});

describe('maskIdNumber', () => {
  it('keeps the first 3 and last 4 of 18 characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
  });
  it('keeps the first and last character of other lengths', () => {
    expect(maskIdNumber('110105491231002')).toBe('1*************2');
    expect(maskIdNumber('123')).toBe('1*3');
  });
  it('masks very short values entirely', () => {
    expect(maskIdNumber('12')).toBe('**');
    expect(maskIdNumber('')).toBe('');
  });
});
