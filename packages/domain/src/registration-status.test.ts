import { describe, expect, it } from 'vitest';
import { normalizeRegistrationStatus, registrationStatusLabel } from './registration-status.ts';

describe('normalizeRegistrationStatus', () => {
  it.each([
    ['存续', 'active'],
    ['在业', 'active'],
    ['开业', 'active'],
    ['存续（在营、开业、在册）', 'active'],
    ['在营（开业）企业', 'active'],
    ['注销', 'cancelled'],
    ['已注销', 'cancelled'],
    ['吊销，已注销', 'cancelled'],
    ['吊销后注销', 'cancelled'],
    ['吊销', 'revoked'],
    ['吊销，未注销', 'revoked'],
    ['吊销,未注销', 'revoked'],
    ['吊销未注销', 'revoked'],
    ['撤销', 'withdrawn'],
    ['撤销登记', 'withdrawn'],
    ['迁出', 'moved_out'],
    ['停业', 'suspended'],
    ['歇业', 'suspended'],
    ['清算', 'liquidating'],
    ['', 'unknown'],
    ['  ', 'unknown'],
    ['其他', 'unknown'],
  ] as const)('%s → %s', (raw, kind) => {
    expect(normalizeRegistrationStatus(raw)).toBe(kind);
  });

  it('reads null and undefined as unknown', () => {
    expect(normalizeRegistrationStatus(null)).toBe('unknown');
    expect(normalizeRegistrationStatus(undefined)).toBe('unknown');
  });
});

describe('registrationStatusLabel', () => {
  it('gives our short word for a known kind', () => {
    expect(registrationStatusLabel('吊销，未注销')).toBe('吊销');
    expect(registrationStatusLabel('存续（在营、开业、在册）')).toBe('存续');
    expect(registrationStatusLabel('吊销，已注销')).toBe('注销');
  });

  it("keeps the registry's own words, cut short, for one we do not know", () => {
    expect(registrationStatusLabel('其他')).toBe('其他');
    expect(registrationStatusLabel('一个很长很长的未知状态')).toBe('一个很长很长');
    expect(registrationStatusLabel('')).toBe('');
  });
});
