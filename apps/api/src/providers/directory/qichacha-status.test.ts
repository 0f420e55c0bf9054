import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG, creditCodeCheckChar, type CompanySearchItem } from '@kuaibao/domain';
import { startFakeQichacha, type FakeQichacha } from '@kuaibao/testing';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * 企查查's `Status` as the registration status (docs/product/registration-status.md): shown with the
 * suggestion, and read by the server when an order is created for a company the local directory
 * does not hold (the vendor's search by credit code), through the fake vendor over HTTP.
 */

function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

// Characters the synthetic generator never uses, so only the vendor knows these companies.
const REVOKED = { KeyNo: 'k-revoked', Name: '杭州蕤蓁吊销科技有限公司', CreditCode: code('QC1000001'), OperName: '吴吊', Status: '吊销，未注销' };
const CANCELLED = { KeyNo: 'k-cancelled', Name: '杭州蕤蓁注销科技有限公司', CreditCode: code('QC1000002'), OperName: '郑注', Status: '注销' };

describeDialects('registration status from 企查查 (%s)', (dialect) => {
  let fake: FakeQichacha;
  let test: TestApp;

  beforeAll(async () => {
    fake = await startFakeQichacha();
    fake.addCompanies(REVOKED, CANCELLED);
    test = await buildTestApp({
      dialect,
      env: { DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: fake.key, QICHACHA_SECRET_KEY: fake.secretKey, QICHACHA_BASE_URL: fake.url, QICHACHA_TIMEOUT_MS: '300' },
    });
  });
  afterAll(async () => {
    await test?.close();
    await fake?.close();
  });

  async function order(company: typeof REVOKED, goodsId: string) {
    const response = await signedInject(test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ goods_id: goodsId, entity_name: company.Name, entity_id: company.CreditCode, entity_legal: company.OperName }),
    });
    return envelopeOf<unknown>(test, response);
  }

  it("shows the vendor's 吊销 in the suggestion and refuses that company's annual report", async () => {
    const items = envelopeOf<CompanySearchItem[]>(test, await signedInject(test, { url: '/api/h5/company', query: { keyword: '蕤蓁吊销' } })).data;
    expect(items).toEqual([expect.objectContaining({ credit_code: REVOKED.CreditCode, status: 'revoked', status_text: '吊销' })]);
    expect((await order(REVOKED, '1')).code).toBe(ERROR_CATALOG.COMPANY_REVOKED_ANNUAL_REPORT.code);
  });

  it('asks the vendor by credit code for a company the directory does not hold, and refuses a 注销 one', async () => {
    const before = fake.requests.length;
    expect((await order(CANCELLED, '3')).code).toBe(ERROR_CATALOG.COMPANY_DEREGISTERED.code);
    expect(fake.requests.slice(before).map((request) => request.params['searchKey'])).toEqual([CANCELLED.CreditCode]);
    // The answer was written into the directory: the next order is refused without a call.
    expect((await order(CANCELLED, '1')).code).toBe(ERROR_CATALOG.COMPANY_DEREGISTERED.code);
    expect(fake.requests.length).toBe(before + 1);
    expect(await test.database.db.selectFrom('orders').select('id').where('entity_id', 'in', [REVOKED.CreditCode, CANCELLED.CreditCode]).execute()).toEqual([]);
  });
});
