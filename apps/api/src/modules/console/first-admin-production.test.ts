import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { describeDialects } from '../../test/dialects.ts';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, dataOf, expectError, login, type ConsoleTestApp } from './console.test-support.ts';

/*
 * The first admin set by CONSOLE_ADMIN_PASSWORD (server.ts ensureFirstAdmin): in production
 * (APP_ENV=prod) that password sits in a deployment file, so the admin is asked to replace it at the
 * first sign-in, through the same temporary-password step as a clerk's (the console's password
 * dialog); nothing else is open until then. Outside production the configured password stands.
 */

describeDialects('the first admin in production (%s)', (dialect) => {
  let g: FakeGatewaysApp;

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, providers: 'wechatpay', env: PRODUCTION_SETTINGS });
  });
  afterAll(async () => {
    await g?.close();
  });

  it('must replace the CONSOLE_ADMIN_PASSWORD password at first sign-in, and only then works', async () => {
    expect(g.test.config.env).toBe('prod');
    const first = await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    expect(first).toMatchObject({ created: true, generatedPassword: undefined });
    const session = await login(g.test, 'admin', ADMIN_PASSWORD);
    const call = caller(g.test, session);
    expect(dataOf<{ must_change_password: boolean; role: string }>(await call('GET', '/api/console/session'))).toMatchObject({ must_change_password: true, role: 'admin' });
    expectError(await call('GET', '/api/console/orders'), 'CONSOLE_FORBIDDEN');
    // The configured password cannot be kept as the new one.
    expectError(await call('POST', '/api/console/me/password', { current_password: ADMIN_PASSWORD, new_password: ADMIN_PASSWORD }), 'CONSOLE_PASSWORD_WEAK');
    dataOf(await call('POST', '/api/console/me/password', { current_password: ADMIN_PASSWORD, new_password: 'owner-chose-this-9' }));
    expect(dataOf<{ must_change_password: boolean }>(await call('GET', '/api/console/session')).must_change_password).toBe(false);
    expect(dataOf<{ items: unknown[] }>(await call('GET', '/api/console/orders')).items).toBeInstanceOf(Array);
    expect(await auditRows(g.test, 'staff.password_change', session.staffId)).toHaveLength(1);
  });
});

describeDialects('the first admin outside production (%s)', (dialect) => {
  let test: ConsoleTestApp;
  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('keeps the configured password (development and tests sign in with it)', async () => {
    expect(test.config.env).not.toBe('prod');
    const session = await login(test, 'admin', ADMIN_PASSWORD);
    expect(dataOf<{ must_change_password: boolean }>(await caller(test, session)('GET', '/api/console/session')).must_change_password).toBe(false);
  });
});
