import { describe, expect, it } from 'vitest';
import { staffFiguresError } from './staff-figures.ts';

describe('staffFiguresError', () => {
  it('accepts figures where women and insured staff are each at most the staff', () => {
    expect(staffFiguresError({ total: 5, female: 0, insured: 0 })).toBeUndefined();
    expect(staffFiguresError({ total: 5, female: 5, insured: 5 })).toBeUndefined();
    expect(staffFiguresError({ total: 12, female: 7, insured: 3 })).toBeUndefined();
  });

  it('refuses more women than staff', () => {
    expect(staffFiguresError({ total: 5, female: 6, insured: 0 })).toBe('DECLARATION_FEMALE_OVER_TOTAL');
  });

  it('refuses more insured staff than staff (12 insured of 5)', () => {
    expect(staffFiguresError({ total: 5, female: 0, insured: 12 })).toBe('DECLARATION_INSURED_OVER_TOTAL');
    expect(staffFiguresError({ total: 5, female: 2, insured: 6 })).toBe('DECLARATION_INSURED_OVER_TOTAL');
  });

  it('names the women first when both are impossible, in the order the form asks', () => {
    expect(staffFiguresError({ total: 1, female: 2, insured: 2 })).toBe('DECLARATION_FEMALE_OVER_TOTAL');
  });
});
