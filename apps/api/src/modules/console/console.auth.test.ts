import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import {
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_IP_AND_USER,
  LOGIN_SLOWDOWN_AFTER,
  LOGIN_SLOWDOWN_MAX_MS,
  LOGIN_WINDOW_MS,
  SESSION_IDLE_MS,
  slowdownMs,
} from '../staff/staff-auth.service.ts';
import { consoleRouteTable, CONSOLE_COOKIE, CONSOLE_REQUEST_HEADER, DEVICE_COOKIE } from './console.routes.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, login, type ConsoleTestApp, type Session } from './console.test-support.ts';

describeDialects('console sign-in, sessions and roles (%s)', (dialect) => {
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

/** One sign-in attempt as the console page makes it, from `ip`, with a device cookie when given. */
function attempt(test: ConsoleTestApp, input: { username: string; password: string; ip: string; device?: string }): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method: 'POST',
    url: '/api/console/session',
    remoteAddress: input.ip,
    headers: { 'content-type': 'application/json', [CONSOLE_REQUEST_HEADER]: '1', ...(input.device ? { cookie: `${DEVICE_COOKIE}=${input.device}` } : {}) },
    payload: JSON.stringify({ username: input.username, password: input.password }),
  });
}

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : [header].flat().map(String);
}

function deviceCookieOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  const value = setCookies(response)
    .map((cookie) => new RegExp(`^${DEVICE_COOKIE}=([^;]+)`).exec(cookie)?.[1])
    .find(Boolean);
  expect(value).toBeTruthy();
  return value!;
}

/** The envelope's numeric code (the probe's view). */
const codeOf = (response: LightMyRequestResponse) => (response.json() as { code: number }).code;

describeDialects('console sign-in throttling: nobody is locked out by strangers (%s)', { timeout: 120_000 }, (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  // Every test has its own account and addresses: the counters are per username and per address.
  const account = async (username: string) => {
    await createStaff(test, admin, { username, role: 'clerk' });
    return { username, password: `${username}-final-2026` };
  };

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await test.close();
  });

  it('grows the slowdown 2 s, 4 s, 8 s … and caps it at a minute', () => {
    expect(slowdownMs(0)).toBe(0);
    expect(slowdownMs(LOGIN_SLOWDOWN_AFTER - 1)).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => slowdownMs(LOGIN_SLOWDOWN_AFTER + k))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(slowdownMs(1_000_000)).toBe(LOGIN_SLOWDOWN_MAX_MS);
    expect(LOGIN_SLOWDOWN_MAX_MS).toBe(60_000);
  });

  it('locks one address out of one account after five failures, and lets the right password in from another address at once', async () => {
    const { username, password } = await account('clerk.ip');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(codeOf(await attempt(test, { username, password: `guess-${i}-xxxxxx`, ip: '10.1.0.1' })));
    expect(statuses).toEqual([...Array<number>(LOGIN_MAX_FAILURES_PER_IP_AND_USER).fill(40160), ...Array<number>(20 - LOGIN_MAX_FAILURES_PER_IP_AND_USER).fill(40162)]);
    // That address is refused even the right password (it checks no password while locked) …
    expectError(await attempt(test, { username, password, ip: '10.1.0.1' }), 'CONSOLE_LOGIN_LOCKED');
    // … another address is not: no wait, no lock.
    expect((await attempt(test, { username, password, ip: '10.1.0.2' })).statusCode).toBe(200);
    // The locked address may try again once its failures leave the window.
    test.clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await attempt(test, { username, password, ip: '10.1.0.1' })).statusCode).toBe(200);
  });

  it('slows untrusted guessing on an account from many addresses, at most a minute after the last failure, and lets the right password in', async () => {
    const { username, password } = await account('clerk.botnet');
    const refusals: Array<{ code: number; msg: string; retryAfter: string }> = [];
    const failures: number[] = [];
    for (let host = 1; failures.length < LOGIN_SLOWDOWN_AFTER + 8; host++) {
      const response = await attempt(test, { username, password: `guess-${host}-xxxxxx`, ip: `10.2.${host >> 8}.${host & 255}` });
      if (response.statusCode === 429) {
        refusals.push({ ...(response.json() as { code: number; msg: string }), retryAfter: String(response.headers['retry-after']) });
        test.clock.advance(Number(response.headers['retry-after']) * 1000);
      } else {
        failures.push(codeOf(response));
      }
    }
    expect(new Set(failures)).toEqual(new Set([ERROR_CATALOG.CONSOLE_LOGIN_FAILED.code]));
    const waits = refusals.map((r) => Number(r.retryAfter));
    expect(refusals).toEqual(waits.map((wait) => ({ code: 42960, msg: `${ERROR_CATALOG.CONSOLE_LOGIN_SLOW_DOWN.message},retry_after=${wait}`, retryAfter: String(wait) })));
    // The first ten are answered at once; then each waits longer, never more than a minute.
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
    // Refused attempts check no password and do not count: a flood of them does not extend the wait.
    for (let host = 1; host <= 30; host++) expectError(await attempt(test, { username, password: 'flood-xxxxxx-1', ip: `10.3.0.${host}` }), 'CONSOLE_LOGIN_SLOW_DOWN');
    // The right password from a clean address without a device cookie: told to wait at most a minute, then in.
    test.clock.advance(10_000);
    const slowed = await attempt(test, { username, password, ip: '10.4.0.1' });
    expectError(slowed, 'CONSOLE_LOGIN_SLOW_DOWN');
    expect(Number(slowed.headers['retry-after'])).toBe(50);
    test.clock.advance(50_000);
    expect((await attempt(test, { username, password, ip: '10.4.0.1' })).statusCode).toBe(200);
    test.clock.advance(LOGIN_WINDOW_MS);
  });

  it('lets a browser that signed in before in at once, from a locked address, while strangers are slowed', async () => {
    const { username, password } = await account('clerk.device');
    const device = deviceCookieOf(await attempt(test, { username, password, ip: '10.5.0.1' }));
    // Five guesses from 10.5.0.9 lock it out of the account; thirty more addresses push the account into the slowdown.
    for (let i = 0; i < 6; i++) await attempt(test, { username, password: `guess-${i}-xxxxxx`, ip: '10.5.0.9' });
    for (let host = 10; host < 40; host++) await attempt(test, { username, password: `guess-${host}-xxxxxx`, ip: `10.5.0.${host}` });
    expectError(await attempt(test, { username, password, ip: '10.5.0.9' }), 'CONSOLE_LOGIN_LOCKED');
    expectError(await attempt(test, { username, password, ip: '10.5.1.1' }), 'CONSOLE_LOGIN_SLOW_DOWN');
    // The device cookie's owner, even from the locked address: in, no wait.
    const signedIn = await attempt(test, { username, password, ip: '10.5.0.9', device });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // and a typo with it is only a typo.
    expectError(await attempt(test, { username, password: 'typo-xxxxxx-1', ip: '10.5.0.9', device: deviceCookieOf(signedIn) }), 'CONSOLE_LOGIN_FAILED');
    test.clock.advance(LOGIN_WINDOW_MS);
  });

  it('sets the device cookie httpOnly, SameSite=Strict, for the sign-in route only, for 180 days', async () => {
    const response = await attempt(test, { username: 'admin', password: ADMIN_PASSWORD, ip: '10.6.0.1' });
    const cookie = setCookies(response).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/console\/session;/);
    expect(cookie).toMatch(/; Max-Age=15552000;/);
    // It names the account and is signed; nothing else in it.
    const [name, nonce, mac] = deviceCookieOf(response).split('.');
    expect(Buffer.from(name!, 'base64url').toString()).toBe('admin');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(mac!, 'base64url')).toHaveLength(32);
  });

  it('trusts a device cookie only for its own account, unaltered, and only until it fails five times', async () => {
    const one = await account('clerk.one');
    const two = await account('clerk.two');
    const device = deviceCookieOf(await attempt(test, { ...one, ip: '10.7.0.1' }));
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP_AND_USER; i++) {
      await attempt(test, { username: one.username, password: `guess-${i}-xxxxxx`, ip: '10.7.0.9' });
      await attempt(test, { username: two.username, password: `guess-${i}-xxxxxx`, ip: '10.7.0.9' });
    }
    // Another account's cookie, or one with a changed name or signature, is no cookie.
    expectError(await attempt(test, { ...two, ip: '10.7.0.9', device }), 'CONSOLE_LOGIN_LOCKED');
    const [, nonce, mac] = device.split('.');
    expectError(await attempt(test, { ...two, ip: '10.7.0.9', device: `${Buffer.from(two.username).toString('base64url')}.${nonce}.${mac}` }), 'CONSOLE_LOGIN_LOCKED');
    const flipped = `${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`;
    expectError(await attempt(test, { ...one, ip: '10.7.0.9', device: device.replace(mac!, flipped) }), 'CONSOLE_LOGIN_LOCKED');
    // Its own account: five failures count under the device, then it is treated as untrusted (and that address is locked).
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_DEVICE; i++) expectError(await attempt(test, { username: one.username, password: `dev-${i}-xxxxxx`, ip: '10.7.0.9', device }), 'CONSOLE_LOGIN_FAILED');
    expectError(await attempt(test, { ...one, ip: '10.7.0.9', device }), 'CONSOLE_LOGIN_LOCKED');
    // From a clean address it is an ordinary untrusted attempt.
    expect((await attempt(test, { ...one, ip: '10.7.0.2', device })).statusCode).toBe(200);
    test.clock.advance(LOGIN_WINDOW_MS);
  });

  it('gives an unknown username the same answers as a wrong password, and counts it the same', async () => {
    await account('clerk.real');
    const answers = async (username: string, ip: string) => {
      const seen: Array<{ status: number; body: string }> = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP_AND_USER + 1; i++) {
        const response = await attempt(test, { username, password: `guess-${i}-xxxxxx`, ip });
        seen.push({ status: response.statusCode, body: response.body });
      }
      return seen;
    };
    const real = await answers('clerk.real', '10.8.0.1');
    const ghost = await answers('clerk.ghost', '10.8.0.2');
    expect(ghost).toEqual(real);
    expect(real.at(0)).toEqual({ status: 401, body: JSON.stringify({ code: 40160, msg: '用户名或密码错误' }) });
    expect(real.at(-1)).toEqual({ status: 401, body: JSON.stringify({ code: 40162, msg: '登录失败次数过多，请 15 分钟后再试' }) });
    test.clock.advance(LOGIN_WINDOW_MS);
  });

  it('limits one address across usernames (password spraying)', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) expectError(await attempt(test, { username: `spray-${i}`, password: 'Password2026', ip: '10.9.0.1' }), 'CONSOLE_LOGIN_FAILED');
    expectError(await attempt(test, { username: 'spray-x', password: 'Password2026', ip: '10.9.0.1' }), 'CONSOLE_LOGIN_LOCKED');
    expect((await attempt(test, { username: 'admin', password: ADMIN_PASSWORD, ip: '10.9.0.2' })).statusCode).toBe(200);
    test.clock.advance(LOGIN_WINDOW_MS);
  });

  it('lets no more guesses through in parallel than one after another', async () => {
    const { username } = await account('clerk.parallel');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(test, { username, password: `burst-${i}-xxxxxx`, ip: '10.10.0.1' })));
    const codes = responses.map(codeOf).sort();
    expect(codes.filter((c) => c === 40160)).toHaveLength(LOGIN_MAX_FAILURES_PER_IP_AND_USER);
    expect(codes.filter((c) => c === 40162)).toHaveLength(20 - LOGIN_MAX_FAILURES_PER_IP_AND_USER);
    test.clock.advance(LOGIN_WINDOW_MS);
  });

  it('writes every failed sign-in to the audit log, and folds a flood of refused ones into one entry a minute', async () => {
    const { username, password } = await account('clerk.audit');
    const staff = await test.database.db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const failed = () => auditRows(test, 'staff.sign_in_failed');
    const before = (await failed()).length;
    await attempt(test, { username: 'Clerk.Audit', password: 'wrong-xxxxxx-1', ip: '10.11.0.1' });
    await attempt(test, { username: 'clerk.nobody', password: 'wrong-xxxxxx-1', ip: '10.11.0.1' });
    let rows = (await failed()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ staff_id: null, staff_name: '未登录', ip: '10.11.0.1', target_type: 'staff', target_id: String(staff.id) });
    expect(JSON.parse(rows[0]!.after!)).toEqual({ username: 'Clerk.Audit', reason: 'wrong_password', device: 'none' });
    expect(rows[1]).toMatchObject({ target_id: '' });
    expect(JSON.parse(rows[1]!.after!)).toMatchObject({ username: 'clerk.nobody', reason: 'unknown_user' });
    // A username longer than any real one is cut.
    await attempt(test, { username: 'x'.repeat(64), password: 'wrong-xxxxxx-1', ip: '10.11.0.1' });
    expect((JSON.parse((await failed()).at(-1)!.after!) as { username: string }).username).toHaveLength(64);

    // Locked: the first refusal is written; the next nine within the minute are counted into the following entry.
    for (let i = 0; i < 4; i++) await attempt(test, { username, password: `wrong-${i}-xxxxxx`, ip: '10.11.0.1' });
    const beforeLocked = (await failed()).length;
    for (let i = 0; i < 10; i++) expectError(await attempt(test, { username, password: 'wrong-xxxxxx-9', ip: '10.11.0.1' }), 'CONSOLE_LOGIN_LOCKED');
    rows = (await failed()).slice(beforeLocked);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.after!)).toEqual({ username, reason: 'locked', limit: 'ip_and_account', device: 'none', refused_since_previous_entry: 0 });
    test.clock.advance(60_000);
    await attempt(test, { username, password, ip: '10.11.0.1' });
    rows = (await failed()).slice(beforeLocked);
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]!.after!)).toMatchObject({ reason: 'locked', refused_since_previous_entry: 9 });

    // Slowed (another account: the fold is per username): written with the wait.
    const slowed = await account('clerk.audit2');
    for (let host = 1; host <= LOGIN_SLOWDOWN_AFTER; host++) await attempt(test, { username: slowed.username, password: `wrong-${host}-xxxxxx`, ip: `10.12.0.${host}` });
    expectError(await attempt(test, { ...slowed, ip: '10.12.1.1' }), 'CONSOLE_LOGIN_SLOW_DOWN');
    expect(JSON.parse((await failed()).at(-1)!.after!)).toEqual({ username: slowed.username, reason: 'slowed', retryAfterSeconds: 2, device: 'none', refused_since_previous_entry: 0 });

    // A success from a clean address is an auth.login entry.
    test.clock.advance(LOGIN_SLOWDOWN_MAX_MS);
    expect((await attempt(test, { username, password, ip: '10.12.1.1' })).statusCode).toBe(200);
    expect((await auditRows(test, 'auth.login', staff.id)).at(-1)).toMatchObject({ ip: '10.12.1.1', staff_id: staff.id });
    test.clock.advance(LOGIN_WINDOW_MS);
  });
  // Each scrypt is a real one (tens of milliseconds, more on a busy machine), and these tests make dozens.
});

describe('the device cookie behind HTTPS', () => {
  it('is Secure when a trusted proxy says https', async () => {
    const test = await buildConsoleTestApp('sqlite', { TRUST_PROXY: '1' });
    try {
      const deviceCookie = async (headers: Record<string, string>) => {
        const response = await test.app.inject({
          method: 'POST',
          url: '/api/console/session',
          headers: { 'content-type': 'application/json', [CONSOLE_REQUEST_HEADER]: '1', ...headers },
          payload: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
        });
        return setCookies(response).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
      };
      expect(await deviceCookie({})).not.toMatch(/; Secure/);
      expect(await deviceCookie({ 'x-forwarded-proto': 'https' })).toMatch(/; Secure$/);
    } finally {
      await test.close();
    }
  });
});
