import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGE_PERMISSIONS, PERMISSIONS, STAFF_ROLES, STAFF_ROLE_NAMES, USERNAME_PATTERN, isAcceptablePassword, isStaffRole, normalizeUsername, permissionsOf, roleCan, roleCanOpen } from './staff.ts';

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

  it('recognises only the four roles', () => {
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('clerk')).toBe(true);
    expect(isStaffRole('finance')).toBe(true);
    expect(isStaffRole('supervisor')).toBe(true);
    expect(STAFF_ROLES.map((role) => STAFF_ROLE_NAMES[role])).toEqual(['管理员', '办理专员', '财务', '主管']);
    expect(isStaffRole('root')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe('财务 and 主管 (decision 058)', () => {
  it('keeps clerks away from the money figures and everyone else\'s work', () => {
    expect(roleCan('clerk', 'money.view')).toBe(false);
    expect(roleCan('clerk', 'team.view')).toBe(false);
    expect(roleCan('clerk', 'money.reconcile')).toBe(false);
  });

  it('lets 财务 read the money, refunds, invoices and exports, and nothing that moves or reveals', () => {
    for (const permission of ['money.view', 'money.reconcile', 'refunds.view', 'invoices.view', 'data.export', 'orders.view', 'team.view'] as const) expect(roleCan('finance', permission)).toBe(true);
    for (const permission of ['orders.handle', 'orders.reassign', 'orders.reveal_id', 'orders.reveal_any_id', 'refunds.request', 'refunds.approve', 'config.edit', 'staff.manage', 'feedback.handle'] as const) {
      expect(roleCan('finance', permission)).toBe(false);
    }
  });

  it('lets 主管 do a clerk\'s work, assign, approve refunds and see everyone\'s, but not staff or settings', () => {
    for (const permission of permissionsOf('clerk')) expect(roleCan('supervisor', permission)).toBe(true);
    for (const permission of ['orders.reassign', 'refunds.approve', 'team.view', 'money.view'] as const) expect(roleCan('supervisor', permission)).toBe(true);
    for (const permission of ['staff.manage', 'config.edit', 'audit.view', 'data.export', 'orders.reveal_any_id'] as const) expect(roleCan('supervisor', permission)).toBe(false);
  });

  it('opens a console page only with its permission', () => {
    expect(roleCanOpen('clerk', '/reconciliation')).toBe(false);
    expect(roleCanOpen('finance', '/reconciliation')).toBe(true);
    expect(roleCanOpen('finance', '/feedback')).toBe(false);
    expect(roleCanOpen('clerk', '/orders/12')).toBe(true);
    expect(roleCanOpen('supervisor', '/staff')).toBe(false);
    expect(roleCanOpen('admin', '/')).toBe(true);
    for (const permission of Object.values(CONSOLE_PAGE_PERMISSIONS)) expect(PERMISSIONS).toContain(permission);
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
