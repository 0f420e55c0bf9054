import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditCodeCheckChar, type CompanySearchItem, shanghaiIsoDay } from '@kuaibao/domain';
import { startFakeQichacha, type FakeQichacha, type FakeQichachaFailure } from '@kuaibao/testing';
import { buildTestApp, envelopeOf, signedInject, type TestApp } from '../../test/helper.ts';
import { dialectSuites } from '../../test/dialects.ts';
import { QICHACHA_MAX_PAGE_SIZE, qichachaToken } from './qichacha.wire.ts';

/**
 * The 企查查 source end to end: the order form's company search (GET /api/h5/company) on an app
 * with DIRECTORY_PROVIDER=qichacha, against the fake vendor over HTTP, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL.
 */

/** A valid credit code for made-up rows: 91 + Hangzhou + a 9-character body + check. */
function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

// Characters the synthetic generator never uses, so the local directory has no match for these.
const VENDOR_ONLY = { KeyNo: 'k-yunfan', Name: '杭州蕤蓁云帆科技有限公司', CreditCode: code('QC0000001'), OperName: '李云帆', Status: '存续', StartDate: '2019-05-06', No: '330100000000001', Address: '杭州市西湖区' };
const BAD_CHECK = { KeyNo: 'k-bad', Name: '杭州蕤蓁云帆坏码有限公司', CreditCode: `${code('QC0000002').slice(0, 17)}${code('QC0000002').endsWith('0') ? '1' : '0'}` };
const NO_CODE = { KeyNo: 'k-none', Name: '杭州蕤蓁云帆无码有限公司', CreditCode: '' };
const MARKUP = { KeyNo: 'k-markup', Name: '<em>蕤蓁星河</em><script>alert(1)</script>有限公司', CreditCode: code('QC0000003'), OperName: '<b>王</b>星河' };
const CONCURRENT = { KeyNo: 'k-together', Name: '蕤蓁同时科技有限公司', CreditCode: code('QC0000004'), OperName: '周同' };
/** A seeded company that is the only local match for its full name: a "thin" local answer. */
const LOCAL_ONLY_MATCH = '华为技术有限公司';

for (const { dialect, describeDialect } of dialectSuites()) {
  describeDialect(`company directory: 企查查 (${dialect})`, () => {
    let fake: FakeQichacha;
    let test: TestApp;
    const logs: string[] = [];

    const search = async (keyword: string) => {
      const envelope = envelopeOf<CompanySearchItem[]>(test, await signedInject(test, { url: '/api/h5/company', query: { keyword } }));
      expect(envelope.code).toBe(0);
      return envelope.data;
    };
    const vendorCalls = () => fake.requests.length;
    const ledger = async () =>
      Object.fromEntries(
        (await test.database.db.selectFrom('directory_vendor_calls').select(['status', 'calls']).where('day', '=', shanghaiIsoDay(test.clock.now)).execute()).map((r) => [r.status, Number(r.calls)]),
      );

    beforeAll(async () => {
      fake = await startFakeQichacha();
      fake.addCompanies(VENDOR_ONLY, BAD_CHECK, NO_CODE, MARKUP, CONCURRENT);
      fake.setAnnualReports(VENDOR_ONLY.KeyNo, [{ No: '1', Year: '2024', Remarks: '', HasDetailInfo: true, PublishDate: '2025-03-18' }]);
      test = await buildTestApp({
        dialect,
        env: { DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: fake.key, QICHACHA_SECRET_KEY: fake.secretKey, QICHACHA_BASE_URL: fake.url, QICHACHA_TIMEOUT_MS: '300', LOG_LEVEL: 'info' },
        logStream: { write: (line) => void logs.push(line) },
      });
    });

    afterAll(async () => {
      await test?.close();
      await fake?.close();
    });

    it('finds a company only the vendor has, signing the call as the vendor checks it', async () => {
      const results = await search('蕤蓁云帆');
      expect(results.map((r) => r.name)).toEqual([VENDOR_ONLY.Name]);
      expect(results[0]).toMatchObject({ credit_code: VENDOR_ONLY.CreditCode, oper_name: '李云帆', color_name: '杭州<em>蕤蓁云帆</em>科技有限公司' });

      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request).toMatchObject({ path: '/FuzzySearch/GetList', verified: true, timespan: String(Math.floor(test.clock.now.getTime() / 1000)) });
      expect(request!.params).toEqual({ key: fake.key, searchKey: '蕤蓁云帆', pageSize: String(QICHACHA_MAX_PAGE_SIZE), pageIndex: '1' });
      expect(request!.token).toBe(qichachaToken(fake.key, request!.timespan, fake.secretKey));
      expect(request!.token).toMatch(/^[0-9A-F]{32}$/);
      expect(await ledger()).toEqual({ '200': 1 });
    });

    it('writes the vendor company into the local directory, and drops empty or invalid credit codes', async () => {
      const rows = await test.database.db.selectFrom('companies').select(['name', 'credit_code', 'oper_name', 'status', 'key_no', 'source', 'fetched_at']).where('source', '=', 'qichacha').orderBy('name').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: VENDOR_ONLY.Name, credit_code: VENDOR_ONLY.CreditCode, oper_name: '李云帆', status: '存续', key_no: 'k-yunfan', fetched_at: test.clock.now.toISOString() });
      const names = (await search('蕤蓁云帆')).map((r) => r.name);
      expect(names).not.toContain(BAD_CHECK.Name);
      expect(names).not.toContain(NO_CODE.Name);
    });

    it('answers the same search a second time without a vendor call', async () => {
      const before = vendorCalls();
      expect((await search('蕤蓁云帆')).map((r) => r.name)).toEqual([VENDOR_ONLY.Name]);
      expect((await search(' 蕤蓁 云帆 ')).map((r) => r.name)).toEqual([VENDOR_ONLY.Name]);
      expect(vendorCalls()).toBe(before);
    });

    it('makes one vendor call for the same keyword searched at once', async () => {
      const before = vendorCalls();
      const answers = await Promise.all([search('蕤蓁同时'), search('蕤蓁同时'), search(' 蕤蓁同时 ')]);
      for (const names of answers.map((a) => a.map((r) => r.name))) expect(names).toEqual([CONCURRENT.Name]);
      expect(vendorCalls()).toBe(before + 1);
      expect(await test.database.db.selectFrom('companies').select('id').where('credit_code', '=', CONCURRENT.CreditCode).execute()).toHaveLength(1);
    });

    it('caches "no result" too', async () => {
      const before = vendorCalls();
      expect(await search('龘靐齉')).toEqual([]);
      expect(vendorCalls()).toBe(before + 1);
      expect(await search('龘靐齉')).toEqual([]);
      expect(vendorCalls()).toBe(before + 1);
      expect((await ledger())['201']).toBe(1);
    });

    it('keeps vendor markup off the page: stored as plain text, highlighted by us', async () => {
      const [hit] = await search('蕤蓁星河');
      expect(hit).toMatchObject({ name: '蕤蓁星河alert(1)有限公司', oper_name: '王星河', color_name: '<em>蕤蓁星河</em>alert(1)有限公司' });
    });

    it('does not ask the vendor when the local answer is enough, or for a 1-character keyword', async () => {
      const before = vendorCalls();
      expect((await search('有限公司')).length).toBeGreaterThanOrEqual(3);
      expect(Array.isArray(await search('蕤'))).toBe(true);
      expect(vendorCalls()).toBe(before);
    });

    it('gives the annual-report summary of a company the vendor returned', async () => {
      const before = vendorCalls();
      expect(await test.app.services.directory.annualReports(VENDOR_ONLY.CreditCode, 2024)).toEqual({
        kind: 'found',
        reports: [{ year: 2024, publishDate: '2025-03-18', remarks: '', hasDetailInfo: true }],
      });
      expect(fake.requests.at(-1)).toMatchObject({ path: '/AR/GetAnnualReportSummary', verified: true, params: { key: fake.key, keyNo: 'k-yunfan', year: '2024' } });
      expect(await test.app.services.directory.annualReports(VENDOR_ONLY.CreditCode, 2023)).toEqual({ kind: 'none' });
      // A company the vendor never returned has no KeyNo: no call, no answer.
      expect(await test.app.services.directory.annualReports('91110108551385082Q', 2024)).toEqual({ kind: 'unavailable' });
      expect(vendorCalls()).toBe(before + 2);
    });

    const failures: Array<[string, FakeQichachaFailure, string]> = [
      ...['101', '102', '107', '109', '110', '112', '116', '120', '122'].map((status): [string, FakeQichachaFailure, string] => [status, { kind: 'status', status }, status]),
      ['a timeout', { kind: 'hang' }, 'timeout'],
      ['HTTP 500', { kind: 'http500' }, 'http'],
      // Last: a 213 ("keyword too short") answer is cached for the keyword like "no result".
      ['213', { kind: 'status', status: '213' }, '213'],
    ];
    it.each(failures)('falls back to local results on %s, with no error and no repeated call', async (_label, failure, ledgerStatus) => {
      // A fresh day and a closed breaker for each case.
      test.clock.advance(25 * 3600_000);
      fake.failWith(failure);
      try {
        const before = vendorCalls();
        const logged = logs.length;
        const first = await search(LOCAL_ONLY_MATCH);
        expect(first.map((r) => r.name)).toEqual([LOCAL_ONLY_MATCH]);
        expect(vendorCalls()).toBe(before + 1);
        expect(await ledger()).toEqual({ [ledgerStatus]: 1 });
        expect(logs.slice(logged).join('')).toMatch(/answering from the local directory/);
        const paused = ['110', '213'].includes(ledgerStatus) ? null : ledgerStatus;
        expect(test.app.services.directory.vendorState()?.pauseReason).toBe(paused);
        // The breaker (or, for 110 and 213, the cached refusal) keeps the next search local.
        expect((await search(LOCAL_ONLY_MATCH)).map((r) => r.name)).toEqual([LOCAL_ONLY_MATCH]);
        expect(vendorCalls()).toBe(before + 1);
      } finally {
        fake.clearFailure();
      }
    });

    it('calls again once the breaker has closed', async () => {
      const keyword = '深圳市腾讯计算机系统有限公司';
      test.clock.advance(25 * 3600_000);
      fake.failWith({ kind: 'status', status: '122' });
      await search(keyword);
      fake.clearFailure();
      const before = vendorCalls();
      await search(keyword);
      expect(vendorCalls()).toBe(before);
      expect(test.app.services.directory.vendorState()).toEqual({ pausedUntil: new Date(test.clock.now.getTime() + 60_000).toISOString(), pauseReason: '122' });
      test.clock.advance(61_000);
      expect(test.app.services.directory.vendorState()).toEqual({ pausedUntil: null, pauseReason: null });
      expect((await search(keyword)).map((r) => r.name)).toEqual([keyword]);
      expect(vendorCalls()).toBe(before + 1);
    });

    it('asks again once a cached answer has expired', async () => {
      const before = vendorCalls();
      await search('龘靐齉');
      expect(vendorCalls()).toBe(before);
      test.clock.advance(test.config.directory.qichacha!.cacheHours * 3600_000);
      await search('龘靐齉');
      expect(vendorCalls()).toBe(before + 1);
    });
  });

  describeDialect(`company directory: 企查查 daily budget (${dialect})`, () => {
    let fake: FakeQichacha;
    let test: TestApp;

    beforeAll(async () => {
      fake = await startFakeQichacha();
      fake.addCompanies(VENDOR_ONLY);
      test = await buildTestApp({
        dialect,
        env: { DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: fake.key, QICHACHA_SECRET_KEY: fake.secretKey, QICHACHA_BASE_URL: fake.url, QICHACHA_DAILY_BUDGET: '2' },
      });
    });

    afterAll(async () => {
      await test?.close();
      await fake?.close();
    });

    it('stops calling when the day’s budget is spent, answers from local data, and calls again the next day', async () => {
      const search = async (keyword: string) => {
        const envelope = envelopeOf<CompanySearchItem[]>(test, await signedInject(test, { url: '/api/h5/company', query: { keyword } }));
        expect(envelope.code).toBe(0);
        return envelope.data.map((r) => r.name);
      };
      expect(await search('龘靐一')).toEqual([]);
      expect(await search('龘靐二')).toEqual([]);
      expect(fake.requests).toHaveLength(2);
      expect(await search(LOCAL_ONLY_MATCH)).toEqual([LOCAL_ONLY_MATCH]);
      expect(await search('蕤蓁云帆')).toEqual([]);
      expect(fake.requests).toHaveLength(2);
      expect(test.app.services.directory.vendorState()?.pauseReason).toBe('budget');
      test.clock.advance(24 * 3600_000);
      expect(await search('蕤蓁云帆')).toEqual([VENDOR_ONLY.Name]);
      expect(fake.requests).toHaveLength(3);
    });
  });
}
