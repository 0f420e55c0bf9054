import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Agreement, ConsoleAgreement, ConsoleOrderDetail, CreateOrderResult, InitResponse } from '@kuaibao/domain';
import { DEFAULT_RETENTION_PERIODS, ID_NUMBER_CONSENT_VERSION, RETENTION_PLACEHOLDER, renderAgreementText } from '@kuaibao/domain';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, login, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';
import { FIRST_AGREEMENT, FIRST_AGREEMENT_VERSION } from '../../seed/defaults.ts';

/** Versioned agreements (docs/decisions/034-versioned-agreements.md) through HTTP, on each database. */
describeDialects('versioned agreements (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let asClerk: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, {}, new Date('2026-11-27T02:00:00.000Z'));
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    asAdmin = caller(test, admin);
    asClerk = caller(test, await createStaff(test, admin, { username: 'clerk.agreement', role: 'clerk', display_name: '王专员' }));
  });
  afterAll(async () => {
    await test.close();
  });

  const init = async () => envelopeOf<InitResponse>(test, await signedInject(test, { url: '/api/h5/corp' })).data;
  const order = (version: string | undefined, overrides: Record<string, unknown> = {}) =>
    signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ extra: { consent: true, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION, ...(version === undefined ? {} : { agreement_version: version }) }, ...overrides }) });

  it('seeds the first version, and the visitor app receives its text, version and effective date', async () => {
    const config = (await init()).config;
    expect(config.agreement_version).toBe(FIRST_AGREEMENT_VERSION);
    expect(config.agreement_effective_date).toBe(FIRST_AGREEMENT_VERSION);
    // Its retention clauses rendered from the settings (decision 050); the stored text holds the placeholder.
    expect(config.privacy).toBe(renderAgreementText(FIRST_AGREEMENT.text, DEFAULT_RETENTION_PERIODS));
    expect(FIRST_AGREEMENT.text).toContain(RETENTION_PLACEHOLDER);
    // The page shows the version above the text; the text does not carry an older one.
    expect(config.privacy).not.toContain('版本：');
    const current = envelopeOf<Agreement>(test, await signedInject(test, { url: '/api/h5/agreement' })).data;
    expect(current).toEqual({ version: FIRST_AGREEMENT_VERSION, effective_date: FIRST_AGREEMENT_VERSION, text: renderAgreementText(FIRST_AGREEMENT.text, DEFAULT_RETENTION_PERIODS) });
    // No longer a site setting: the console's configuration neither lists nor edits it.
    const keys = dataOf<Array<{ key: string }>>(await asAdmin('GET', '/api/console/site-config')).map((entry) => entry.key);
    expect(keys).not.toContain('privacy');
    expect(keys).not.toContain('agreement_version');
    expectError(await asAdmin('PUT', '/api/console/site-config/privacy', { value: '改写' }), 'CONSOLE_CONFIG_KEY_NOT_FOUND');
  });

  it('records on the order the version it was shown and the server time of the consent; the console shows both', async () => {
    const response = await order(FIRST_AGREEMENT_VERSION);
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    const row = await test.database.db.selectFrom('orders').select(['id', 'consent_version', 'consent_time']).where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    expect(row.consent_version).toBe(FIRST_AGREEMENT_VERSION);
    expect(row.consent_time).toBe(test.clock.now.toISOString());
    const detail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${row.id}`));
    expect(detail).toMatchObject({ consent_version: FIRST_AGREEMENT_VERSION, consent_time: test.clock.now.toISOString() });
  });

  it('refuses an order naming an unknown version or none', async () => {
    expectError(await order('2026-11'), 'AGREEMENT_OUTDATED');
    expectError(await order(undefined), 'AGREEMENT_OUTDATED');
  });

  it('publishes an edit as a new version, never rewriting the old one; orders then need the new version', async () => {
    const before = await test.database.db.selectFrom('agreements').selectAll().orderBy('id').execute();
    expectError(await asClerk('POST', '/api/console/agreements', { text: '新协议' }), 'CONSOLE_FORBIDDEN');
    expectError(await asAdmin('POST', '/api/console/agreements', { text: '   ' }), 'CONSOLE_AGREEMENT_TEXT_INVALID');
    expectError(await asAdmin('POST', '/api/console/agreements', { text: FIRST_AGREEMENT.text }), 'CONSOLE_AGREEMENT_UNCHANGED');

    const published = dataOf<ConsoleAgreement>(await asAdmin('POST', '/api/console/agreements', { text: `${FIRST_AGREEMENT.text}\n\n十三、新增条款` }));
    // 2026-11-27T02:00Z is 27 November in Beijing.
    expect(published).toMatchObject({ version: '2026-11-27', effective_date: '2026-11-27', current: true, created_by_name: '管理员' });
    const again = dataOf<ConsoleAgreement>(await asAdmin('POST', '/api/console/agreements', { text: `${FIRST_AGREEMENT.text}\n\n十三、新增条款（修订）` }));
    expect(again.version).toBe('2026-11-27.2');
    expect(await auditRows(test, 'agreement.publish', '2026-11-27.2')).toHaveLength(1);

    // The earlier rows are exactly as they were.
    const after = await test.database.db.selectFrom('agreements').selectAll().orderBy('id').execute();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((row) => row.version)).toEqual([FIRST_AGREEMENT_VERSION, '2026-11-27', '2026-11-27.2']);

    const list = dataOf<ConsoleAgreement[]>(await asClerk('GET', '/api/console/agreements'));
    expect(list.map((entry) => [entry.version, entry.current])).toEqual([
      ['2026-11-27.2', true],
      ['2026-11-27', false],
      [FIRST_AGREEMENT_VERSION, false],
    ]);

    // The visitor app gets the new version at once; an order with the version of a page opened before is refused.
    expect((await init()).config.agreement_version).toBe('2026-11-27.2');
    expectError(await order(FIRST_AGREEMENT_VERSION, { entity_phone: '13912345678' }), 'AGREEMENT_OUTDATED');
    expect(envelopeOf<Agreement>(test, await signedInject(test, { url: '/api/h5/agreement' })).data.version).toBe('2026-11-27.2');
    const accepted = await order('2026-11-27.2', { entity_phone: '13912345678' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, accepted).data;
    const row = await test.database.db.selectFrom('orders').select('consent_version').where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    expect(row.consent_version).toBe('2026-11-27.2');
  });

  it('a reused unpaid order takes the latest consent', async () => {
    test.clock.advance(60_000);
    const response = await order('2026-11-27.2', { pay_type: 'alipay' });
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    const row = await test.database.db.selectFrom('orders').select(['consent_version', 'consent_time']).where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ consent_version: '2026-11-27.2', consent_time: test.clock.now.toISOString() });
  });
});
