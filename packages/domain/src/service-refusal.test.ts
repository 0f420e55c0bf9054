import { describe, expect, it } from 'vitest';
import { PAGE_ERRORS } from './page-errors.ts';
import { GOODS_TYPES } from './goods-texts.ts';
import { REGISTRATION_STATUSES, serviceRefusal } from './registration-status.ts';
import { isServiceRefused } from './service-refusal.ts';

describe('serviceRefusal: the status × service rule', () => {
  it.each(GOODS_TYPES)('refuses every service of a 注销 company (%s)', (goodsType) => {
    expect(serviceRefusal('cancelled', goodsType)).toBe('COMPANY_DEREGISTERED');
  });

  it.each(GOODS_TYPES)('refuses every service of a company whose registration was 撤销 (%s)', (goodsType) => {
    expect(serviceRefusal('withdrawn', goodsType)).toBe('COMPANY_REGISTRATION_WITHDRAWN');
  });

  it('refuses the annual report of a 吊销 company, allows its 注销 and 信用修复', () => {
    expect(serviceRefusal('revoked', 'license_year')).toBe('COMPANY_REVOKED_ANNUAL_REPORT');
    expect(serviceRefusal('revoked', 'license_destory')).toBeNull();
    expect(serviceRefusal('revoked', 'credit_repair')).toBeNull();
  });

  it.each(['active', 'moved_out', 'suspended', 'liquidating', 'unknown'] as const)('allows every service for %s', (status) => {
    for (const goodsType of GOODS_TYPES) expect(serviceRefusal(status, goodsType)).toBeNull();
  });

  it('allows a missing status (a company the directory does not hold)', () => {
    expect(serviceRefusal(undefined, 'license_year')).toBeNull();
    expect(serviceRefusal(null, 'license_destory')).toBeNull();
  });

  it('names a catalog code with a message for every refusal, and none for what it allows', () => {
    for (const status of REGISTRATION_STATUSES) {
      for (const goodsType of GOODS_TYPES) {
        const refusal = serviceRefusal(status, goodsType);
        expect(refusal !== null, `${status} × ${goodsType}`).toBe(isServiceRefused(status, goodsType));
        expect(refusal === null || PAGE_ERRORS[refusal].message.length > 0).toBe(true);
      }
    }
  });
});
