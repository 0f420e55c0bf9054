import { describe, expect, it } from 'vitest';
import { alreadyOrderedMessage } from './already-ordered.ts';
import { ERROR_CATALOG } from './error-catalog.ts';
import { toastText } from './errors.ts';

describe('already ordered', () => {
  it('words "already ordered" per service under one code, the annual report as the spec does', () => {
    expect(alreadyOrderedMessage('license_year')).toBe('当前公司已申报');
    expect(alreadyOrderedMessage('license_year')).toBe(ERROR_CATALOG.COMPANY_ALREADY_FILED.message);
    expect(alreadyOrderedMessage('license_destory')).toBe('当前公司已下单注销代办，无需重复下单');
    expect(alreadyOrderedMessage('credit_repair')).toBe('当前公司已下单信用修复代办，无需重复下单');
    // A toast shows the first ASCII-comma segment: each message must survive it whole.
    for (const type of ['license_year', 'license_destory', 'credit_repair'] as const) expect(toastText(alreadyOrderedMessage(type))).toBe(alreadyOrderedMessage(type));
  });
});
