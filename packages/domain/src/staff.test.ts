import { describe, expect, it } from 'vitest';
import { PERMISSIONS, USERNAME_PATTERN, isAcceptablePassword, isStaffRole, normalizeUsername, permissionsOf, roleCan } from './staff.ts';

describe('staff roles', () => {
  it('lets an admin do everything', () => {
    for (const permission of PERMISSIONS) expect(roleCan('admin', permission)).toBe(true);
  });

  it('keeps money and configuration decisions away from clerks', () => {
    expect(roleCan('clerk', 'refunds.approve')).toBe(false);
    expect(roleCan('clerk', 'config.edit')).toBe(false);
    expect(roleCan('clerk', 'staff.manage')).toBe(false);
    expect(roleCan('clerk', 'audit.view')).toBe(false);
    expect(roleCan('clerk', 'orders.reassign')).toBe(false);
    // Whole lists leave as files only with an admin (decision 038).
    expect(roleCan('clerk', 'data.export')).toBe(false);
  });

  it('lets a clerk work orders, request refunds and handle complaints', () => {
    expect(permissionsOf('clerk')).toEqual(expect.arrayContaining(['orders.handle', 'orders.reveal_id', 'refunds.request', 'feedback.handle', 'sms.view']));
  });

  it('recognises only the two roles', () => {
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('clerk')).toBe(true);
    expect(isStaffRole('root')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe('passwords and usernames', () => {
  it.each([
    ['short1', false],
    ['onlyletterslong', false],
    ['1234567890123', false],
    ['letters1234', true],
    ['一个很长的中文口令也要有字母a和数字1', true],
    ['a1'.repeat(65), false],
  ])('judges %s as %s', (password, ok) => {
    expect(isAcceptablePassword(password)).toBe(ok);
  });

  it('normalises and checks usernames', () => {
    expect(normalizeUsername('  Admin ')).toBe('admin');
    expect(USERNAME_PATTERN.test('zhang.san')).toBe(true);
    expect(USERNAME_PATTERN.test('ab')).toBe(false);
    expect(USERNAME_PATTERN.test('张三')).toBe(false);
    expect(USERNAME_PATTERN.test('-lead')).toBe(false);
  });
});
