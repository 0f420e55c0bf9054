import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, STAFF_ROLES, permissionsOf, type ConsoleDashboard, type ConsoleOrderCounts, type ConsoleOrderListItem, type ConsolePage, type ConsoleRefundRequest, type ConsoleSessionStaff, type StaffRole } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, placeAndPay, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * The four roles against the routes (docs/decisions/058-finance-and-supervisor-roles-and-commission.md):
 * one representative route per permission, for each role allowed (not 403) or refused with
 * CONSOLE_FORBIDDEN / CONSOLE_ASSIGN_FORBIDDEN (403). The table is packages/domain/src/staff.ts.
 */
describeDialects('roles and permissions (%s)', (dialect) => {
  let test: ConsoleTestApp;
  const sessions = {} as Record<StaffRole, Session>;
  const as = {} as Record<StaffRole, Call>;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    sessions.admin = await login(test, 'admin', ADMIN_PASSWORD);
    sessions.clerk = await createStaff(test, sessions.admin, { username: 'clerk.zhao', role: 'clerk', display_name: '赵专员' });
    sessions.finance = await createStaff(test, sessions.admin, { username: 'finance.qian', role: 'finance', display_name: '钱财务' });
    sessions.supervisor = await createStaff(test, sessions.admin, { username: 'lead.sun', role: 'supervisor', display_name: '孙主管' });
    for (const role of STAFF_ROLES) as[role] = caller(test, sessions[role]);
  });
  afterAll(async () => {
    await test.close();
  });

  it('stores the new roles (the database accepts them and nothing else) and signs them in with their permissions', async () => {
    for (const role of STAFF_ROLES) {
      const me = dataOf<ConsoleSessionStaff>(await as[role]('GET', '/api/console/session'));
      expect(me.role).toBe(role);
      expect([...me.permissions].sort()).toEqual(permissionsOf(role).sort());
    }
    await expect(
      test.database.db.insertInto('staff').values({ username: 'root.user', display_name: 'x', role: 'root', password_hash: 'x' } as never).execute(),
    ).rejects.toThrow(/check constraint/i);
  });

  /** A fresh paid, untaken order per check, so one role's move does not change another's. */
  const order = (overrides: Parameters<typeof insertOrder>[1] = {}) => insertOrder(test, overrides);

  type Check = { permission: string; run: (call: Call, role: StaffRole) => Promise<{ statusCode: number; body: string }> };
  const CHECKS: Check[] = [
    { permission: 'orders.view', run: (call) => call('GET', '/api/console/orders', undefined, { query: { view: 'all' } }) },
    { permission: 'orders.handle', run: async (call) => call('POST', `/api/console/orders/${await order()}/take`, {}) },
    {
      permission: 'orders.reassign',
      // To a colleague (a clerk may only take orders for themselves).
      run: async (call, role) => call('POST', '/api/console/orders/bulk/assign', { ids: [await order()], staff_id: (role === 'clerk' ? sessions.supervisor : sessions.clerk).staffId }),
    },
    {
      // Revealing an ID number on an order the role handles itself (admins: any order).
      permission: 'orders.reveal_id',
      run: async (call, role) => {
        const id = await order({ admin_id: sessions[role].staffId, admin_name: role });
        return call('POST', `/api/console/orders/${id}/reveal-id`, { reason: '办理需要' });
      },
    },
    {
      // Revealing an ID number on a colleague's order.
      permission: 'orders.reveal_any_id',
      run: async (call, role) => {
        const colleague = role === 'clerk' ? sessions.supervisor : sessions.clerk;
        return call('POST', `/api/console/orders/${await order({ admin_id: colleague.staffId, admin_name: '同事' })}/reveal-id`, { reason: '办理需要' });
      },
    },
    { permission: 'refunds.view', run: (call) => call('GET', '/api/console/refund-requests') },
    { permission: 'refunds.request', run: async (call) => call('POST', `/api/console/orders/${await order()}/refund-requests`, { reason: '办理失败' }) },
    {
      permission: 'refunds.approve',
      run: async (call) => {
        const request = dataOf<ConsoleRefundRequest>(await as.clerk('POST', `/api/console/orders/${await order()}/refund-requests`, { reason: '客户要求' }));
        return call('POST', `/api/console/refund-requests/${request.id}/reject`, { note: '不符合退款条件' });
      },
    },
    { permission: 'feedback.handle', run: (call) => call('GET', '/api/console/feedback') },
    { permission: 'sms.view', run: (call) => call('GET', '/api/console/sms') },
    { permission: 'config.view', run: (call) => call('GET', '/api/console/goods') },
    { permission: 'config.edit', run: (call) => call('PUT', '/api/console/completion-rules/license_destory', { screenshot_required: true }) },
    { permission: 'staff.manage', run: (call) => call('GET', '/api/console/staff') },
    { permission: 'audit.view', run: (call) => call('GET', '/api/console/audit') },
    { permission: 'money.reconcile', run: (call) => call('GET', '/api/console/reconciliation') },
    { permission: 'money.view', run: (call) => call('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }) },
    { permission: 'data.export', run: (call) => call('GET', '/api/console/exports/orders', undefined, { query: { format: 'csv' } }) },
  ];

  describe.each(STAFF_ROLES)('as %s', (role) => {
    it.each(CHECKS.map((check) => [check.permission, check] as const))('%s: allowed exactly when the table says so', async (permission, check) => {
      const allowed = permissionsOf(role).includes(permission as never);
      const response = await check.run(as[role], role);
      const code = response.statusCode === 403 ? (JSON.parse(response.body) as { code: number }).code : 0;
      // Refused by the permission check itself, or by the rule behind it (assigning to others, a colleague's ID number).
      const refusals: number[] = [ERROR_CATALOG.CONSOLE_FORBIDDEN.code, ERROR_CATALOG.CONSOLE_ASSIGN_FORBIDDEN.code, ERROR_CATALOG.CONSOLE_ID_REVEAL_NOT_THEIRS.code];
      const outcome = response.statusCode === 200 ? 'allowed' : response.statusCode === 403 && refusals.includes(code) ? 'refused' : `unexpected ${response.statusCode}: ${response.body}`;
      expect(outcome).toBe(allowed ? 'allowed' : 'refused');
    });
  });

  describe('财务 reads and moves nothing', () => {
    it('cannot take, move, note, assign or refund an order, nor reveal its ID number; the order stays as it was', async () => {
      const id = await order();
      expectError(await as.finance('POST', `/api/console/orders/${id}/take`, {}), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('POST', `/api/console/orders/${id}/process-status`, { process_status: '4' }), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('POST', '/api/console/orders/bulk/take', { ids: [id] }), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('POST', '/api/console/orders/bulk/process-status', { ids: [id], process_status: '4', note: '' }), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('POST', `/api/console/orders/${id}/notes`, { content: '看一下' }), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('POST', `/api/console/orders/${id}/refund-requests`, { reason: 'x' }), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('POST', `/api/console/orders/${id}/reveal-id`, { reason: '办理需要' }), 'CONSOLE_FORBIDDEN');
      const row = await test.database.db.selectFrom('orders').select(['admin_id', 'process_status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ admin_id: null, process_status: '1' });
      // The detail it may read shows the ID number masked.
      const detail = dataOf<{ entity_idno: string }>(await as.finance('GET', `/api/console/orders/${id}`));
      expect(detail.entity_idno).not.toContain('19491231');
      expect(detail.entity_idno).toMatch(/\*/);
    });

    it('exports orders and refunds but not the lists it may not read (SMS, audit log)', async () => {
      expect((await as.finance('GET', '/api/console/exports/refunds', undefined, { query: { format: 'csv' } })).statusCode).toBe(200);
      expectError(await as.finance('GET', '/api/console/exports/audit', undefined, { query: { format: 'csv' } }), 'CONSOLE_FORBIDDEN');
      expectError(await as.finance('GET', '/api/console/exports/sms', undefined, { query: { format: 'csv' } }), 'CONSOLE_FORBIDDEN');
    });
  });

  describe('主管', () => {
    it('approves a refund for real but cannot manage staff or change settings', async () => {
      const paid = await placeAndPay(test, { entity_phone: '13612349999' });
      const request = dataOf<ConsoleRefundRequest>(await as.clerk('POST', `/api/console/orders/${paid.orderId}/refund-requests`, { reason: '登记机关不予受理' }));
      const approved = dataOf<ConsoleRefundRequest>(await as.supervisor('POST', `/api/console/refund-requests/${request.id}/approve`, {}));
      expect(approved.status).toBe('SUCCEEDED');
      const row = await test.database.db.selectFrom('orders').select('status').where('id', '=', paid.orderId).executeTakeFirstOrThrow();
      expect(row.status).toBe('4');

      expectError(await as.supervisor('POST', '/api/console/staff', { username: 'new.one', display_name: '新人', role: 'admin', password: 'temp-new-one-123' }), 'CONSOLE_FORBIDDEN');
      expectError(await as.supervisor('PATCH', `/api/console/staff/${sessions.clerk.staffId}`, { role: 'admin' }), 'CONSOLE_FORBIDDEN');
      expectError(await as.supervisor('GET', '/api/console/staff'), 'CONSOLE_FORBIDDEN');
    });

    it('assigns a clerk\'s order to another and takes one over', async () => {
      const id = await order({ admin_id: sessions.clerk.staffId, admin_name: '赵专员' });
      const result = dataOf<{ done: unknown[]; failed: unknown[] }>(await as.supervisor('POST', '/api/console/orders/bulk/assign', { ids: [id], staff_id: sessions.supervisor.staffId }));
      expect(result.failed).toEqual([]);
      const row = await test.database.db.selectFrom('orders').select('admin_id').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.admin_id).toBe(sessions.supervisor.staffId);
    });
  });

  describe('the dashboard\'s money (clerks see no income)', () => {
    it('sends no revenue, refund amounts or net to a clerk, and all of them to 财务, 主管 and admins', async () => {
      await order({ total_fee: 29900 });
      const clerkView = dataOf<ConsoleDashboard>(await as.clerk('GET', '/api/console/dashboard'));
      for (const period of [clerkView.today, clerkView.month]) {
        expect(Object.keys(period).sort()).toEqual(['paid_orders', 'refunded_orders']);
      }
      expect(clerkView.today.paid_orders).toBeGreaterThan(0);
      for (const role of ['finance', 'supervisor', 'admin'] as const) {
        const view = dataOf<ConsoleDashboard>(await as[role]('GET', '/api/console/dashboard'));
        expect(view.today.revenue_fen).toBeGreaterThanOrEqual(29900);
        expect(view.month.net_fen).toBeTypeOf('number');
      }
      expectError(await as.clerk('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }), 'CONSOLE_FORBIDDEN');
    });
  });

  describe('新付款待处理', () => {
    it('lists and counts only the new paid orders nobody has taken, not a colleague\'s', async () => {
      const free = await order();
      const taken = await order();
      dataOf(await as.supervisor('POST', `/api/console/orders/${taken}/take`, {}));
      const before = dataOf<ConsoleOrderCounts>(await as.clerk('GET', '/api/console/orders/counts'));
      const page = dataOf<ConsolePage<ConsoleOrderListItem>>(await as.clerk('GET', '/api/console/orders', undefined, { query: { view: 'new', page_size: '100' } }));
      const ids = page.items.map((o) => o.id);
      expect(ids).toContain(free);
      expect(ids).not.toContain(taken);
      expect(page.items.every((o) => o.admin_id === null)).toBe(true);
      // The badge counts what the list shows.
      expect(before.new_paid).toBe(page.total);
      // Still in the whole list, as the colleague's.
      const all = dataOf<ConsolePage<ConsoleOrderListItem>>(await as.clerk('GET', '/api/console/orders', undefined, { query: { view: 'all', ids: String(taken) } }));
      expect(all.items.map((o) => o.admin_id)).toEqual([sessions.supervisor.staffId]);
    });
  });
});
