import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { availableDialects } from '../../test/helper.ts';
import { LOGIN_MAX_FAILURES_PER_USER, LOGIN_WINDOW_MS, SESSION_IDLE_MS } from './auth.service.ts';
import { consoleRouteTable, CONSOLE_COOKIE } from './console.routes.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, login, type ConsoleTestApp, type Session } from './console.test-support.ts';

describe.each(availableDialects())('console sign-in, sessions and roles (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.li', role: 'clerk', display_name: '李专员' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers no route under /api/console/ without a session, except sign-in: 401 with the envelope', async () => {
    const routes = consoleRouteTable(test.app);
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/console/session']);
    const anonymous = caller(test, undefined);
    for (const route of routes.filter((r) => !r.public)) {
      const url = route.url.replace(':id', '1').replace(':fileId', '1').replace(':key', 'privacy');
      const response = await anonymous(route.method as 'GET', url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      expect(response.json(), `${route.method} ${url}`).toEqual({ code: ERROR_CATALOG.CONSOLE_LOGIN_REQUIRED.code, msg: ERROR_CATALOG.CONSOLE_LOGIN_REQUIRED.message });
    }
    // A forged or stale cookie is no better than none.
    expectError(await caller(test, { cookie: 'x'.repeat(43), staffId: 0 })('GET', '/api/console/orders'), 'CONSOLE_LOGIN_REQUIRED');
  });

  it('does not require the visitor signature on console routes', async () => {
    const response = await caller(test, admin)('GET', '/api/console/session');
    expect(dataOf<{ username: string; role: string }>(response)).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('sets an httpOnly, SameSite=Strict cookie scoped to the console API', async () => {
    const response = await caller(test, undefined)('POST', '/api/console/session', { username: 'admin', password: ADMIN_PASSWORD });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`${CONSOLE_COOKIE}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/console/);
    const sessions = await test.database.db.selectFrom('staff_sessions').select('id').execute();
    const token = /kb_console=([^;]+)/.exec(cookie)![1]!;
    // Only a hash of the token is stored.
    expect(sessions.some((s) => s.id === token)).toBe(false);
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.id))).toBe(true);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    expectError(await caller(test, undefined)('POST', '/api/console/session', { username: 'admin', password: 'wrong-password-1' }), 'CONSOLE_LOGIN_FAILED');
    expectError(await caller(test, undefined)('POST', '/api/console/session', { username: 'nobody', password: 'wrong-password-1' }), 'CONSOLE_LOGIN_FAILED');
    expectError(await caller(test, undefined)('POST', '/api/console/session', { username: '', password: '' }), 'VALIDATION_FAILED');
  });

  it('locks a username after repeated failures, even for the right password, until the window passes', async () => {
    await createStaff(test, admin, { username: 'clerk.wang', role: 'clerk' });
    const anonymous = caller(test, undefined);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_USER; i++) {
      expectError(await anonymous('POST', '/api/console/session', { username: 'clerk.wang', password: `guess-${i}-xxxxxx` }), 'CONSOLE_LOGIN_FAILED');
    }
    expectError(await anonymous('POST', '/api/console/session', { username: 'clerk.wang', password: 'clerk.wang-final-2026' }), 'CONSOLE_LOGIN_LOCKED');
    // Other accounts are not locked by it.
    await login(test, 'admin', ADMIN_PASSWORD);
    test.clock.advance(LOGIN_WINDOW_MS + 1000);
    await login(test, 'clerk.wang', 'clerk.wang-final-2026');
  });

  it('requires the console header on state-changing requests', async () => {
    const response = await caller(test, admin)('POST', '/api/console/orders/1/notes', { content: 'x' }, { headers: { 'x-kb-console': '0' } });
    expectError(response, 'CONSOLE_REQUEST_ORIGIN_INVALID');
  });

  it('keeps a staff member with a temporary password to changing it', async () => {
    const created = await caller(test, admin)('POST', '/api/console/staff', { username: 'clerk.zhao', display_name: '赵专员', role: 'clerk', password: 'temporary-pass-1' });
    expect(created.statusCode).toBe(200);
    const session = await login(test, 'clerk.zhao', 'temporary-pass-1');
    const call = caller(test, session);
    expect(dataOf<{ must_change_password: boolean }>(await call('GET', '/api/console/session')).must_change_password).toBe(true);
    expectError(await call('GET', '/api/console/orders'), 'CONSOLE_FORBIDDEN');
    expectError(await call('POST', '/api/console/me/password', { current_password: 'temporary-pass-1', new_password: 'short' }), 'CONSOLE_PASSWORD_WEAK');
    expectError(await call('POST', '/api/console/me/password', { current_password: 'not-it-at-all-1', new_password: 'a-better-password-9' }), 'CONSOLE_CURRENT_PASSWORD_WRONG');
    dataOf(await call('POST', '/api/console/me/password', { current_password: 'temporary-pass-1', new_password: 'a-better-password-9' }));
    expect(dataOf<{ items: unknown[] }>(await call('GET', '/api/console/orders')).items).toBeInstanceOf(Array);
    expect(await auditRows(test, 'staff.password_change', session.staffId)).toHaveLength(1);
  });

  it('ends a session at sign-out and after the idle timeout', async () => {
    const session = await login(test, 'admin', ADMIN_PASSWORD);
    const call = caller(test, session);
    dataOf(await call('DELETE', '/api/console/session'));
    expectError(await call('GET', '/api/console/session'), 'CONSOLE_LOGIN_REQUIRED');
    expect(await auditRows(test, 'auth.logout')).not.toHaveLength(0);

    const idle = await login(test, 'admin', ADMIN_PASSWORD);
    test.clock.advance(SESSION_IDLE_MS + 1000);
    expectError(await caller(test, idle)('GET', '/api/console/session'), 'CONSOLE_LOGIN_REQUIRED');
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await login(test, 'clerk.li', 'clerk.li-final-2026');
  });

  it('writes an audit row for every sign-in', async () => {
    const before = (await auditRows(test, 'auth.login')).length;
    await login(test, 'admin', ADMIN_PASSWORD);
    const rows = await auditRows(test, 'auth.login');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ target_type: 'staff', staff_name: '管理员（admin）' });
  });

  describe('roles', () => {
    it('keeps clerks from approving refunds, changing prices and site texts, staff and the audit log', async () => {
      const call = caller(test, clerk);
      expectError(await call('POST', '/api/console/refund-requests/1/approve', { note: '' }), 'CONSOLE_FORBIDDEN');
      expectError(await call('POST', '/api/console/refund-requests/1/reject', { note: 'no' }), 'CONSOLE_FORBIDDEN');
      const goods = { name: '营业执照年报代办', type: 'license_year', price_yuan: '1.00', pay_types: ['weixin'], sort: 1, active: true, description: '' };
      expectError(await call('PUT', '/api/console/goods/1', goods), 'CONSOLE_FORBIDDEN');
      expectError(await call('POST', '/api/console/goods', goods), 'CONSOLE_FORBIDDEN');
      expectError(await call('PUT', '/api/console/site-config/privacy', { value: '改' }), 'CONSOLE_FORBIDDEN');
      expectError(await call('GET', '/api/console/staff'), 'CONSOLE_FORBIDDEN');
      expectError(await call('POST', '/api/console/staff', { username: 'sneaky', display_name: 'x', role: 'admin', password: 'sneaky-pass-123' }), 'CONSOLE_FORBIDDEN');
      expectError(await call('GET', '/api/console/audit'), 'CONSOLE_FORBIDDEN');
      // The price did not change.
      const row = await test.database.db.selectFrom('goods').select('price_fen').where('id', '=', 1).executeTakeFirstOrThrow();
      expect(row.price_fen).toBe(19900);
    });

    it('lets clerks read goods and site texts', async () => {
      const call = caller(test, clerk);
      expect(dataOf<unknown[]>(await call('GET', '/api/console/goods')).length).toBeGreaterThan(0);
      expect(dataOf<Array<{ key: string }>>(await call('GET', '/api/console/site-config')).map((e) => e.key)).toContain('client.home.danmaku');
    });

    it('protects the last admin and the admin\'s own account', async () => {
      const call = caller(test, admin);
      expectError(await call('PATCH', `/api/console/staff/${admin.staffId}`, { active: false }), 'CONSOLE_CANNOT_CHANGE_SELF');
      expectError(await call('PATCH', `/api/console/staff/${admin.staffId}`, { role: 'clerk' }), 'CONSOLE_CANNOT_CHANGE_SELF');
      expectError(await call('PATCH', '/api/console/staff/99999', { active: false }), 'CONSOLE_STAFF_NOT_FOUND');
      expectError(await call('POST', '/api/console/staff', { username: 'clerk.li', display_name: 'x', role: 'clerk', password: 'another-pass-123' }), 'CONSOLE_USERNAME_TAKEN');
    });

    it('signs a disabled account out at once and keeps it out', async () => {
      const session = await createStaff(test, admin, { username: 'clerk.gone', role: 'clerk' });
      const staff = dataOf<Array<{ id: number; username: string }>>(await caller(test, admin)('GET', '/api/console/staff')).find((s) => s.username === 'clerk.gone')!;
      const updated = dataOf<{ active: boolean }>(await caller(test, admin)('PATCH', `/api/console/staff/${staff.id}`, { active: false }));
      expect(updated.active).toBe(false);
      expectError(await caller(test, session)('GET', '/api/console/session'), 'CONSOLE_LOGIN_REQUIRED');
      expectError(await caller(test, undefined)('POST', '/api/console/session', { username: 'clerk.gone', password: 'clerk.gone-final-2026' }), 'CONSOLE_ACCOUNT_DISABLED');
      const audit = await auditRows(test, 'staff.update', staff.id);
      expect(audit.at(-1)).toMatchObject({ before: expect.stringContaining('"active":true'), after: expect.stringContaining('"active":false') });
      expect(audit.at(-1)!.after).not.toContain('scrypt');
    });
  });

  it('creates the first admin only once', async () => {
    const again = await test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: undefined });
    expect(again).toEqual({ created: false, username: 'admin', generatedPassword: undefined });
  });
});

describe('the first admin on an empty database', () => {
  it('gets a generated password that must be changed at first sign-in', async () => {
    const test = await buildConsoleTestApp('sqlite');
    try {
      await test.database.db.deleteFrom('audit_log').execute();
      await test.database.db.deleteFrom('staff_sessions').execute();
      await test.database.db.deleteFrom('staff').execute();
      const first = await test.app.services.console.auth.ensureFirstAdmin({ username: 'boss', password: undefined });
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z2-9]{16}$/);
      const session = await login(test, 'boss', first.generatedPassword!);
      expect(dataOf<{ must_change_password: boolean; role: string }>(await caller(test, session)('GET', '/api/console/session'))).toMatchObject({ must_change_password: true, role: 'admin' });
    } finally {
      await test.close();
    }
  });
});
