import { describe, expect, it } from 'vitest';
import { CREDIT_RECORD_LABELS, CREDIT_RECORD_TYPES, creditRecordLabel, isCreditRecordType } from './credit-records.ts';

describe('credit records', () => {
  it('are the three kinds of record the 信用修复 rules name', () => {
    expect(CREDIT_RECORD_TYPES.map((type) => CREDIT_RECORD_LABELS[type])).toEqual(['经营异常名录', '严重违法失信名单', '行政处罚']);
  });

  it('accepts only a known type', () => {
    expect(isCreditRecordType('business_anomaly')).toBe(true);
    expect(isCreditRecordType('经营异常名录')).toBe(false);
    expect(isCreditRecordType('')).toBe(false);
    expect(isCreditRecordType(undefined)).toBe(false);
    expect(isCreditRecordType('toString')).toBe(false);
  });

  it('labels a stored value, and nothing for none or an unknown one', () => {
    expect(creditRecordLabel('administrative_penalty')).toBe('行政处罚');
    expect(creditRecordLabel(null)).toBe('');
    expect(creditRecordLabel('other')).toBe('');
  });
});
