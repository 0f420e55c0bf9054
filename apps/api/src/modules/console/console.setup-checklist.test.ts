import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleSetupChecklist, InitResponse } from '@kuaibao/domain';
import { envelopeOf, signedInject } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, login, type Call, type ConsoleTestApp } from './console.test-support.ts';

/*
 * The first-run checklist and the operator's footer fields. A fresh
 * database carries the seed's placeholder contacts, no operator and no filing number, on the
 * sandbox and the console SMS provider: every item is open until filled.
 */
describeDialects('the first-run checklist and the operator fields (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let asClerk: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    const clerk = await createStaff(test, admin, { username: 'clerk.zhao', role: 'clerk', display_name: '赵专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists everything open on a fresh deployment, and closes the site items once they are filled', async () => {
    const fresh = dataOf<ConsoleSetupChecklist>(await asAdmin('GET', '/api/console/setup-checklist'));
    expect(fresh.done).toBe(false);
    expect(fresh.items.filter((item) => item.done).map((item) => item.key)).toEqual([]);

    dataOf(await asAdmin('PUT', '/api/console/site-config/service_weixin', { value: 'https://work.weixin.qq.com/kfid/kfc0001' }));
    dataOf(await asAdmin('PUT', '/api/console/site-config/service_phone', { value: '400-123-4567' }));
    dataOf(await asAdmin('PUT', '/api/console/site-config/operator_name', { value: '上海某某企业服务有限公司' }));
    // Saved as the registry writes it: upper case, no spaces.
    expect(dataOf<{ value: string }>(await asAdmin('PUT', '/api/console/site-config/operator_credit_code', { value: '91310115ma1k4abcd d' })).value).toBe('91310115MA1K4ABCDD');
    dataOf(await asAdmin('PUT', '/api/console/site-config/icp_filing', { value: '沪ICP备12345678号-1' }));
    dataOf(await asAdmin('PUT', '/api/console/site-config/police_filing', { value: '沪公网安备31010402001234号' }));

    const filled = dataOf<ConsoleSetupChecklist>(await asAdmin('GET', '/api/console/setup-checklist'));
    expect(filled.items.filter((item) => item.done).map((item) => item.key)).toEqual(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact']);
    // The test server signs SMS with the default name, on the console provider and the sandbox.
    expect(filled.items.filter((item) => !item.done).map((item) => item.key)).toEqual(['sms_sign_name', 'payment_providers', 'sms_provider']);
    expect(filled.done).toBe(false);

    // One working contact is enough; with both put back to placeholders the item reopens.
    dataOf(await asAdmin('PUT', '/api/console/site-config/service_phone', { value: '400-000-0000' }));
    expect(dataOf<ConsoleSetupChecklist>(await asAdmin('GET', '/api/console/setup-checklist')).items.find((item) => item.key === 'service_contact')?.done).toBe(true);
    dataOf(await asAdmin('PUT', '/api/console/site-config/service_weixin', { value: 'https://kf.example.com/kuaibao/weixin' }));
    const reopened = dataOf<ConsoleSetupChecklist>(await asAdmin('GET', '/api/console/setup-checklist'));
    expect(reopened.items.find((item) => item.key === 'service_contact')?.done).toBe(false);
  });

  it('sends the operator and filing numbers to the visitor app', async () => {
    const init = envelopeOf<InitResponse>(test, await signedInject(test, { url: '/api/h5/corp' })).data;
    expect(init.config.operator_name).toBe('上海某某企业服务有限公司');
    expect(init.config.operator_credit_code).toBe('91310115MA1K4ABCDD');
    expect(init.config.icp_filing).toBe('沪ICP备12345678号-1');
    expect(init.config.police_filing).toBe('沪公网安备31010402001234号');
  });

  it('lets staff read the checklist and only admins change the fields', async () => {
    expect(dataOf<ConsoleSetupChecklist>(await asClerk('GET', '/api/console/setup-checklist')).items).toHaveLength(7);
    expectError(await asClerk('PUT', '/api/console/site-config/icp_filing', { value: '京ICP备1号' }), 'CONSOLE_FORBIDDEN');
    expectError(await asAdmin('PUT', '/api/console/site-config/icp_filing', { value: '号'.repeat(41) }), 'CONSOLE_CONFIG_VALUE_INVALID');
    // The credit code is checked like a company's: a wrong check character is refused, empty clears it.
    expectError(await asAdmin('PUT', '/api/console/site-config/operator_credit_code', { value: '91310115MA1K4ABCDE' }), 'CONSOLE_CONFIG_VALUE_INVALID');
    expect(dataOf<{ value: string }>(await asAdmin('PUT', '/api/console/site-config/operator_credit_code', { value: '' })).value).toBe('');
  });
});
