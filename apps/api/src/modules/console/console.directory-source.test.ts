import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, type ConsoleDirectorySource } from '@kuaibao/domain';
import { startFakeQichacha, type FakeQichacha } from '@kuaibao/testing';
import { signedInject } from '../../test/helper.ts';
import { dialectSuites } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, login, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * GET /api/console/directory-source: which source answers company searches, whether the vendor is
 * paused and why, and the calls it has cost per day and status (docs/decisions/020-company-directory-vendor.md).
 */

function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

const VENDOR_ONLY = { KeyNo: 'k-ledger', Name: '杭州蕤蓁账本科技有限公司', CreditCode: code('QC0000091'), OperName: '李账本' };

for (const { dialect, describeDialect } of dialectSuites()) {
  describeDialect(`console: directory source (${dialect})`, () => {
    describe('with the local directory', () => {
      let test: ConsoleTestApp;
      let admin: Session;
      beforeAll(async () => {
        test = await buildConsoleTestApp(dialect);
        admin = await login(test, 'admin', ADMIN_PASSWORD);
      });
      afterAll(async () => test?.close());

      it('says the local directory answers and has no vendor ledger', async () => {
        const source = dataOf<ConsoleDirectorySource>(await caller(test, admin)('GET', '/api/console/directory-source'));
        expect(source).toEqual({ provider: 'local', vendor: null });
      });

      it('is refused without a session', async () => {
        expectError(await caller(test, undefined)('GET', '/api/console/directory-source'), 'CONSOLE_LOGIN_REQUIRED');
      });
    });

    describe('with 企查查', () => {
      let fake: FakeQichacha;
      let test: ConsoleTestApp;
      let admin: Session;
      const search = async (keyword: string) => {
        const response = await signedInject(test, { url: '/api/h5/company', query: { keyword } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ code: 0 });
      };
      const summary = async (session = admin) => dataOf<ConsoleDirectorySource>(await caller(test, session)('GET', '/api/console/directory-source'));

      beforeAll(async () => {
        fake = await startFakeQichacha();
        fake.addCompanies(VENDOR_ONLY);
        test = await buildConsoleTestApp(dialect, {
          DIRECTORY_PROVIDER: 'qichacha',
          QICHACHA_KEY: fake.key,
          QICHACHA_SECRET_KEY: fake.secretKey,
          QICHACHA_BASE_URL: fake.url,
          QICHACHA_DAILY_BUDGET: '50',
          QICHACHA_TIMEOUT_MS: '300',
        });
        admin = await login(test, 'admin', ADMIN_PASSWORD);
      });
      afterAll(async () => {
        await test?.close();
        await fake?.close();
      });

      it('shows today’s calls against the budget, per status, and the cached keywords', async () => {
        const before = await summary();
        expect(before.provider).toBe('qichacha');
        expect(before.vendor).toMatchObject({ daily_budget: 50, calls_today: 0, paused_until: null, pause_reason: null, pause_text: '', cached_keywords: 0, days: [] });

        await search('蕤蓁账本'); // found: 200
        await search('蕤蓁账本'); // local now: no call
        await search('龘靐齉'); // nothing anywhere: 201
        const after = await summary();
        expect(fake.requests).toHaveLength(2);
        // The same calls in the Prometheus counters.
        const metrics = (await test.app.metrics.render()).body;
        expect(metrics).toMatch(/kuaibao_directory_vendor_calls_total\{vendor="qichacha",status="200",app="kuaibao"\} 1\n/);
        expect(metrics).toMatch(/kuaibao_directory_vendor_calls_total\{vendor="qichacha",status="201",app="kuaibao"\} 1\n/);
        expect(after.vendor).toMatchObject({ calls_today: 2, cached_keywords: 2, paused_until: null });
        expect(after.vendor!.days).toEqual([
          {
            day: after.vendor!.today,
            calls: 2,
            answered: 2,
            failed: 0,
            by_status: [
              { status: '200', text: '查询成功', calls: 1 },
              { status: '201', text: '无结果', calls: 1 },
            ],
          },
        ]);
      });

      it('says the vendor is paused, why, and until when, after it refuses (never an error to the visitor)', async () => {
        fake.failWith({ kind: 'status', status: '102' });
        try {
          await search('蕤蓁欠费');
        } finally {
          fake.clearFailure();
        }
        const paused = await summary();
        expect(paused.vendor).toMatchObject({ pause_reason: '102', pause_text: '账户欠费', calls_today: 3 });
        expect(Date.parse(paused.vendor!.paused_until!)).toBe(test.clock.now.getTime() + 3600_000);
        expect(paused.vendor!.days[0]).toMatchObject({ calls: 3, answered: 2, failed: 1 });
        expect(paused.vendor!.days[0]!.by_status).toContainEqual({ status: '102', text: '账户欠费', calls: 1 });

        test.clock.advance(3600_000 + 1);
        expect((await summary()).vendor).toMatchObject({ paused_until: null, pause_reason: null, pause_text: '' });
      });

      it('is readable by a clerk (config.view)', async () => {
        const clerk = await createStaff(test, admin, { username: 'ledgerclerk', role: 'clerk' });
        expect((await summary(clerk)).provider).toBe('qichacha');
      });

      it('keeps earlier days in the ledger, newest first, for 30 days', async () => {
        test.clock.advance(24 * 3600_000);
        // Sessions time out over days: sign in again after each jump of the clock.
        admin = await login(test, 'admin', ADMIN_PASSWORD);
        await search('蕤蓁次日');
        const days = (await summary()).vendor!.days;
        expect(days).toHaveLength(2);
        expect(days[0]!.day > days[1]!.day).toBe(true);
        expect(days[0]).toMatchObject({ calls: 1 });

        test.clock.advance(30 * 24 * 3600_000);
        admin = await login(test, 'admin', ADMIN_PASSWORD);
        expect((await summary()).vendor!.days).toEqual([]);
      });

    });
  });
}
