import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTHORIZATION_TEMPLATE_VERSION, annualReportYearToCheck, creditCodeCheckChar, type AnnualReportCheck, type CompanySearchItem, type CreateOrderResult } from '@kuaibao/domain';
import { startFakeQichacha, type FakeQichacha } from '@kuaibao/testing';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { dialectSuites } from '../../test/dialects.ts';
import { PUBLISHED_REPORT_DEMO_COMPANIES, demoPublishDate } from '../../seed/seed.ts';
import { NOT_PUBLISHED_VALID_DAYS } from './annual-report-checks.ts';
import { ANNUAL_REPORT_CHECKS_PER_MINUTE } from './company.routes.ts';

/**
 * The annual-report pre-check (docs/decisions/023-annual-report-precheck.md) through HTTP:
 * GET /api/h5/company/annual-report-check with the 企查查 source (the fake vendor over HTTP) and
 * with the local directory, and what an order records of it; on SQLite and PostgreSQL.
 */

/** A valid credit code for made-up rows: 91 + Hangzhou + a 9-character body + check. */
function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

// Characters the synthetic generator never uses, so only the vendor knows these companies.
const FILED = { KeyNo: 'k-filed', Name: '杭州蕤蓁已报科技有限公司', CreditCode: code('PC0000001'), OperName: '李已报' };
const NOT_FILED = { KeyNo: 'k-notfiled', Name: '杭州蕤蓁未报科技有限公司', CreditCode: code('PC0000002'), OperName: '王未报' };
const FLAKY = { KeyNo: 'k-flaky', Name: '杭州蕤蓁断线科技有限公司', CreditCode: code('PC0000003'), OperName: '赵断线' };
const WHILE_DOWN = { KeyNo: 'k-down', Name: '杭州蕤蓁停摆科技有限公司', CreditCode: code('PC0000004'), OperName: '钱停摆' };

const URL_PATH = '/api/h5/company/annual-report-check';

async function check(test: TestApp, creditCode: string | undefined, headers: Record<string, string> = {}) {
  const response = await signedInject(test, { url: URL_PATH, query: creditCode === undefined ? {} : { credit_code: creditCode }, headers });
  return { status: response.statusCode, envelope: envelopeOf<AnnualReportCheck>(test, response) };
}

async function checked(test: TestApp, creditCode: string): Promise<AnnualReportCheck> {
  const { status, envelope } = await check(test, creditCode);
  expect(status).toBe(200);
  expect(envelope.code).toBe(0);
  return envelope.data;
}

async function orderPrecheckColumns(test: TestApp, publicId: string) {
  return test.database.db
    .selectFrom('orders')
    .select(['precheck_result', 'precheck_year', 'precheck_publish_date', 'precheck_checked_at', 'precheck_continued'])
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
}

async function createOrder(test: TestApp, overrides: Record<string, unknown>): Promise<CreateOrderResult> {
  const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(overrides), headers: { 'x-device-id': `dev-${Math.random()}` } });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeOf<CreateOrderResult>(test, response).data;
}

for (const { dialect, describeDialect } of dialectSuites()) {
  describeDialect(`annual-report pre-check: 企查查 (${dialect})`, () => {
    let fake: FakeQichacha;
    let test: TestApp;
    let year: number;
    const reportCalls = () => fake.requests.filter((r) => r.path === '/AR/GetAnnualReportSummary').length;

    beforeAll(async () => {
      fake = await startFakeQichacha();
      fake.addCompanies(FILED, NOT_FILED, FLAKY, WHILE_DOWN);
      // A fixed spring day: the tests advance the clock by weeks, which from late November crossed
      // into the next year, and with it the report year to check.
      test = await buildTestApp({ dialect, env: { ...fake.env(), QICHACHA_TIMEOUT_MS: '300' }, now: new Date('2026-04-01T02:00:00Z') });
      year = annualReportYearToCheck('license_year', test.clock.now)!;
      fake.setAnnualReports(FILED.KeyNo, [{ No: '1', Year: String(year), Remarks: '', HasDetailInfo: true, PublishDate: `${year + 1}-03-15` }]);
      // The visitor found these companies through the search: the directory knows their KeyNo.
      for (const keyword of ['蕤蓁已报', '蕤蓁未报', '蕤蓁断线', '蕤蓁停摆']) {
        const envelope = envelopeOf<CompanySearchItem[]>(test, await signedInject(test, { url: '/api/h5/company', query: { keyword } }));
        if (envelope.data.length !== 1) throw new Error(`the vendor search for ${keyword} found ${envelope.data.length} companies`);
      }
    });

    afterAll(async () => {
      await test?.close();
      await fake?.close();
    });

    it('says when the report for the filing year is published, asking the vendor once', async () => {
      const before = reportCalls();
      expect(await checked(test, FILED.CreditCode)).toEqual({ published: true, year, publishDate: `${year + 1}-03-15` });
      expect(fake.requests.at(-1)).toMatchObject({ path: '/AR/GetAnnualReportSummary', params: { keyNo: FILED.KeyNo, year: String(year) } });
      // Lower case and spaces are the same company; the answer is stored: no second call.
      expect(await checked(test, ` ${FILED.CreditCode.toLowerCase()} `)).toEqual({ published: true, year, publishDate: `${year + 1}-03-15` });
      expect(reportCalls()).toBe(before + 1);
      // "Published" is final.
      test.clock.advance(30 * 24 * 3600_000);
      expect(await checked(test, FILED.CreditCode)).toMatchObject({ published: true });
      expect(reportCalls()).toBe(before + 1);
    });

    it('says "not published", stores it, and asks again once it is older than the rule allows', async () => {
      const before = reportCalls();
      expect(await checked(test, NOT_FILED.CreditCode)).toEqual({ published: false, year });
      expect(await checked(test, NOT_FILED.CreditCode)).toEqual({ published: false, year });
      expect(reportCalls()).toBe(before + 1);
      // Filed and published meanwhile: seen at the next question after the stored answer lapses.
      fake.setAnnualReports(NOT_FILED.KeyNo, [{ No: '1', Year: String(year), Remarks: '', HasDetailInfo: false, PublishDate: `${year + 1}-05-20` }]);
      test.clock.advance((NOT_PUBLISHED_VALID_DAYS - 1) * 24 * 3600_000);
      expect(await checked(test, NOT_FILED.CreditCode)).toEqual({ published: false, year });
      expect(reportCalls()).toBe(before + 1);
      test.clock.advance(24 * 3600_000);
      expect(await checked(test, NOT_FILED.CreditCode)).toEqual({ published: true, year, publishDate: `${year + 1}-05-20` });
      expect(reportCalls()).toBe(before + 2);
    });

    it('answers many checks of one company at once with one vendor call', async () => {
      fake.setAnnualReports(FLAKY.KeyNo, []);
      const before = reportCalls();
      const answers = await Promise.all([checked(test, FLAKY.CreditCode), checked(test, FLAKY.CreditCode), checked(test, FLAKY.CreditCode)]);
      expect(answers).toEqual([{ published: false, year }, { published: false, year }, { published: false, year }]);
      expect(reportCalls()).toBe(before + 1);
    });

    it('stays silent when the vendor is down, stores nothing, and asks again once it is back', async () => {
      fake.setAnnualReports(WHILE_DOWN.KeyNo, [{ No: '1', Year: String(year), Remarks: '', HasDetailInfo: true, PublishDate: `${year + 1}-04-01` }]);
      fake.failWith({ kind: 'http500' });
      try {
        const before = reportCalls();
        const { status, envelope } = await check(test, WHILE_DOWN.CreditCode);
        expect(status).toBe(200);
        expect(envelope).toMatchObject({ code: 0, data: null });
        expect(reportCalls()).toBe(before + 1);
        // The breaker keeps the next check local: silent, and no call.
        expect(await checked(test, WHILE_DOWN.CreditCode)).toBeNull();
        expect(reportCalls()).toBe(before + 1);
        expect(await test.database.db.selectFrom('annual_report_checks').select('year').where('credit_code', '=', WHILE_DOWN.CreditCode).execute()).toEqual([]);
      } finally {
        fake.clearFailure();
      }
      test.clock.advance(61_000);
      expect(await checked(test, WHILE_DOWN.CreditCode)).toEqual({ published: true, year, publishDate: `${year + 1}-04-01` });
    });

    it('never asks the vendor about a company the directory does not know', async () => {
      const before = fake.requests.length;
      expect(await checked(test, code('PC0000099'))).toBeNull();
      expect(fake.requests.length).toBe(before);
    });

    it('refuses a bad credit code with the catalog’s message, not a 500', async () => {
      const before = fake.requests.length;
      for (const bad of [undefined, '', '123', `${FILED.CreditCode.slice(0, 17)}${FILED.CreditCode.endsWith('0') ? '1' : '0'}`, '<script>', 'x'.repeat(33)]) {
        const { status, envelope } = await check(test, bad);
        expect(status, String(bad)).toBe(400);
        expect(envelope.code).not.toBe(0);
        expect(envelope.msg).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(fake.requests.length).toBe(before);
    });

    it('records on the order what the visitor was shown, and that they chose to go on', async () => {
      const goOn = await createOrder(test, { entity_name: FILED.Name, entity_id: FILED.CreditCode, entity_legal: FILED.OperName, precheck_continued: true });
      expect(await orderPrecheckColumns(test, goOn.orderId)).toMatchObject({
        precheck_result: 'published',
        precheck_year: year,
        precheck_publish_date: `${year + 1}-03-15`,
        precheck_continued: 1,
      });
      expect((await orderPrecheckColumns(test, goOn.orderId)).precheck_checked_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      // Creating an order never asks the vendor: it records what is stored.
      const before = fake.requests.length;
      const unknown = await createOrder(test, { precheck_continued: true });
      expect(await orderPrecheckColumns(test, unknown.orderId)).toEqual({
        precheck_result: 'unavailable',
        precheck_year: year,
        precheck_publish_date: '',
        precheck_checked_at: null,
        // Nothing was shown, so there was nothing to go on past.
        precheck_continued: 0,
      });
      expect(fake.requests.length).toBe(before);

      const notFiled = await createOrder(test, { entity_name: FLAKY.Name, entity_id: FLAKY.CreditCode, entity_legal: FLAKY.OperName });
      expect(await orderPrecheckColumns(test, notFiled.orderId)).toMatchObject({ precheck_result: 'not_published', precheck_year: year, precheck_continued: 0 });

      // Cancellation (goods 2) is never pre-checked.
      const cancellation = await createOrder(test, {
        goods_id: '2',
        entity_name: FILED.Name,
        entity_id: FILED.CreditCode,
        entity_legal: FILED.OperName,
        authorization: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: FILED.OperName, confirmed: true },
      });
      expect(await orderPrecheckColumns(test, cancellation.orderId)).toEqual({
        precheck_result: null,
        precheck_year: null,
        precheck_publish_date: null,
        precheck_checked_at: null,
        precheck_continued: 0,
      });
    });
  });

  describeDialect(`annual-report pre-check: local directory (${dialect})`, () => {
    let test: TestApp;
    let year: number;
    const demo = PUBLISHED_REPORT_DEMO_COMPANIES[0]!;

    beforeAll(async () => {
      test = await buildTestApp({ dialect });
      year = annualReportYearToCheck('license_year', test.clock.now)!;
    });

    afterAll(async () => {
      await test?.close();
    });

    it('answers from the stored reports: the seeded demo company is published', async () => {
      expect(await checked(test, demo.credit_code)).toEqual({ published: true, year, publishDate: demoPublishDate(test.clock.now) });
    });

    it('says nothing for a company it holds no report data for', async () => {
      expect(await checked(test, '91110108551385082Q')).toBeNull();
    });

    it('limits checks per IP', async () => {
      // A fresh window: the checks above are in the last one.
      test.clock.advance(60_000);
      const answers: Array<[number, string]> = [];
      for (let i = 0; i < ANNUAL_REPORT_CHECKS_PER_MINUTE + 2; i++) {
        const { status, envelope } = await check(test, demo.credit_code);
        answers.push([status, envelope.msg]);
      }
      expect(answers.filter(([status]) => status === 200)).toHaveLength(ANNUAL_REPORT_CHECKS_PER_MINUTE);
      expect(answers.slice(-2)).toEqual([
        [429, '操作过于频繁，请稍后再试'],
        [429, '操作过于频繁，请稍后再试'],
      ]);
      test.clock.advance(60_000);
      expect((await check(test, demo.credit_code)).status).toBe(200);
    });
  });
}
