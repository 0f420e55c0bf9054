import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type DirectoryConfig } from '../../config.ts';
import { productionRefusals } from '../../config/production-refusals.ts';
import { EnvSchema } from '../../config/env-schema.ts';
import { buildDirectoryVendor } from './index.ts';
import { createQichachaVendor, keptCompanies, plainVendorText } from './qichacha.provider.ts';
import { qichachaToken, type QichachaAnswer, type QichachaWire } from './qichacha.wire.ts';

describe('company directory configuration', () => {
  it('defaults to the local directory', () => {
    const config = loadConfig({});
    expect(config.directory).toEqual({ provider: 'local', qichacha: undefined });
  });

  it('refuses unknown provider names at boot', () => {
    expect(() => loadConfig({ DIRECTORY_PROVIDER: 'tianyancha' })).toThrow(ConfigError);
    expect(() => loadConfig({ DIRECTORY_PROVIDER: 'tianyancha' })).toThrow(/DIRECTORY_PROVIDER/);
  });

  it('builds no vendor for the local directory, 企查查 for qichacha, and refuses a hand-built Config naming another', () => {
    const now = () => new Date();
    expect(buildDirectoryVendor(loadConfig({}).directory, now)).toBeUndefined();
    expect(buildDirectoryVendor(loadConfig({ DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: 'k', QICHACHA_SECRET_KEY: 's' }).directory, now)?.id).toBe('qichacha');
    expect(() => buildDirectoryVendor({ provider: 'tianyancha', qichacha: undefined } as unknown as DirectoryConfig, now)).toThrow(/DIRECTORY_PROVIDER: unknown provider tianyancha/);
    expect(() => buildDirectoryVendor({ provider: 'qichacha', qichacha: undefined }, now)).toThrow(ConfigError);
  });

  it('names every missing key of 企查查', () => {
    expect(() => loadConfig({ DIRECTORY_PROVIDER: 'qichacha' })).toThrow(/QICHACHA_KEY[\s\S]*QICHACHA_SECRET_KEY/);
    expect(() => loadConfig({ DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: 'k' })).toThrow(/QICHACHA_SECRET_KEY: required when DIRECTORY_PROVIDER=qichacha/);
  });

  it('builds 企查查 settings with the documented defaults', () => {
    const config = loadConfig({ DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: 'k', QICHACHA_SECRET_KEY: 's' });
    expect(config.directory.qichacha).toEqual({ key: 'k', secretKey: 's', baseUrl: 'https://api.qichacha.com', dailyBudget: 2000, timeoutMs: 3000, cacheHours: 720 });
    const custom = loadConfig({ DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: 'k', QICHACHA_SECRET_KEY: 's', QICHACHA_BASE_URL: 'http://127.0.0.1:9/', QICHACHA_DAILY_BUDGET: '10', QICHACHA_TIMEOUT_MS: '500', QICHACHA_CACHE_HOURS: '2' });
    expect(custom.directory.qichacha).toMatchObject({ baseUrl: 'http://127.0.0.1:9', dailyBudget: 10, timeoutMs: 500, cacheHours: 2 });
  });

  it('refuses 企查查 in production without its key and secret', () => {
    const refusals = (env: Record<string, string>) => productionRefusals(EnvSchema.parse({ APP_ENV: 'prod', ...env }), []);
    expect(refusals({ DIRECTORY_PROVIDER: 'qichacha' }).join('\n')).toMatch(/QICHACHA_KEY, QICHACHA_SECRET_KEY: required in production/);
    expect(refusals({ DIRECTORY_PROVIDER: 'qichacha', QICHACHA_KEY: 'k', QICHACHA_SECRET_KEY: 's' }).join('\n')).not.toMatch(/QICHACHA/);
    expect(refusals({}).join('\n')).not.toMatch(/QICHACHA/);
  });
});

describe('企查查 wire and checks', () => {
  it('signs with the upper-case hex MD5 of key + Timespan + SecretKey', () => {
    // md5("abc") = 900150983cd24fb0d6963f7d28e17f72
    expect(qichachaToken('a', 'b', 'c')).toBe('900150983CD24FB0D6963F7D28E17F72');
  });

  it('keeps vendor text plain', () => {
    expect(plainVendorText('<em>华为</em>技术\u202e有限\u0000公司 ')).toBe('华为技术有限公司');
    expect(plainVendorText(null)).toBe('');
    expect(plainVendorText(42)).toBe('');
  });

  it('keeps only companies with a name and a valid credit code, once each', () => {
    const kept = keptCompanies([
      { Name: '华为技术有限公司', CreditCode: '914403001922038216', KeyNo: 'a', OperName: '赵明路' },
      { Name: '华为技术有限公司', CreditCode: '914403001922038216', KeyNo: 'a' },
      { Name: '坏码公司', CreditCode: '914403001922038217' },
      { Name: '无码公司', CreditCode: '' },
      { Name: '空码公司', CreditCode: null },
      { Name: '', CreditCode: '91110108551385082Q' },
      { Name: '小写公司', CreditCode: '9144030071526726xg', Status: '在业' },
    ]);
    expect(kept).toEqual([
      { name: '华为技术有限公司', credit_code: '914403001922038216', oper_name: '赵明路', status: '存续', key_no: 'a' },
      { name: '小写公司', credit_code: '9144030071526726XG', oper_name: '', status: '在业', key_no: '' },
    ]);
  });
});

describe('企查查 behind the vendor port', () => {
  /** A wire that gives one answer to either call. */
  const vendorAnswering = (answer: QichachaAnswer<never> | QichachaAnswer<Record<string, unknown>>) =>
    createQichachaVendor({ fuzzySearch: async () => answer, annualReportSummary: async () => answer } as unknown as QichachaWire);

  it.each([
    ['101', 'credentials'],
    ['107', 'credentials'],
    ['102', 'account'],
    ['112', 'account'],
    ['109', 'daily_limit'],
    ['116', 'daily_limit'],
    ['120', 'abnormal_traffic'],
    ['122', 'concurrency'],
    ['110', 'repeated_query'],
    ['213', 'keyword_rejected'],
    ['999', 'other'],
  ])('types the refusal %s as %s, keeping the Status', async (status, reason) => {
    const answer = await vendorAnswering({ kind: 'refused', status, message: 'm' }).searchCompanies('蕤蓁');
    expect(answer).toEqual({ kind: 'refused', status, reason, message: 'm' });
  });

  it('keeps checked companies and counts the ones dropped', async () => {
    const answer = await vendorAnswering({
      kind: 'ok',
      status: '200',
      orderNumber: 'o',
      result: [{ Name: '<em>华为</em>技术有限公司', CreditCode: '914403001922038216', KeyNo: 'a' }, { Name: '坏码公司', CreditCode: '914403001922038217' }],
    }).searchCompanies('华为');
    expect(answer).toEqual({
      kind: 'ok',
      status: '200',
      result: { companies: [{ name: '华为技术有限公司', credit_code: '914403001922038216', oper_name: '', status: '存续', key_no: 'a' }], dropped: 1 },
    });
  });

  it('maps annual-report summaries to numbers, plain text and booleans', async () => {
    const answer = await vendorAnswering({
      kind: 'ok',
      status: '200',
      orderNumber: 'o',
      result: [{ Year: '2024', PublishDate: '2025-03-18 00:00:00', Remarks: '<b>ok</b>', HasDetailInfo: 'true' }, { Year: 2023, HasDetailInfo: null }],
    }).annualReportSummaries('a', 2024);
    expect(answer).toEqual({
      kind: 'ok',
      status: '200',
      result: [
        { year: 2024, publishDate: '2025-03-18', remarks: 'ok', hasDetailInfo: true },
        { year: 2023, publishDate: '', remarks: '', hasDetailInfo: false },
      ],
    });
  });

  it('passes "no result" and an unreachable vendor through', async () => {
    expect(await vendorAnswering({ kind: 'no_result', status: '201' }).searchCompanies('x')).toEqual({ kind: 'no_result', status: '201' });
    expect(await vendorAnswering({ kind: 'unreachable', status: 'timeout', detail: 'd' }).annualReportSummaries('a', 2024)).toEqual({ kind: 'unreachable', status: 'timeout', detail: 'd' });
  });
});
