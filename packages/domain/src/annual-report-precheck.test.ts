import { describe, expect, it } from 'vitest';
import {
  ANNUAL_REPORT_SELF_CHECK_HINT,
  annualReportPublishedNotice,
  annualReportYearToCheck,
  formatChineseDate,
  orderPrecheckOf,
  orderPrecheckText,
} from './annual-report-precheck.ts';
import { OFFICIAL_CHANNEL_URL } from './goods-texts.ts';
import { AnnualReportCheckSchema } from './contracts/company.ts';

describe('annualReportYearToCheck', () => {
  it('checks the previous year for the annual report, in Shanghai time', () => {
    expect(annualReportYearToCheck('license_year', new Date('2026-03-15T04:00:00Z'))).toBe(2025);
    // Late filings after 30 June are still for the previous year.
    expect(annualReportYearToCheck('license_year', new Date('2026-11-24T04:00:00Z'))).toBe(2025);
    // 31 Dec 17:00 UTC is already 1 Jan in Shanghai.
    expect(annualReportYearToCheck('license_year', new Date('2026-12-31T15:59:59Z'))).toBe(2025);
    expect(annualReportYearToCheck('license_year', new Date('2026-12-31T16:00:00Z'))).toBe(2026);
  });

  it('never pre-checks cancellation or credit repair', () => {
    const now = new Date('2026-03-15T04:00:00Z');
    expect(annualReportYearToCheck('license_destory', now)).toBeNull();
    expect(annualReportYearToCheck('credit_repair', now)).toBeNull();
    expect(annualReportYearToCheck('', now)).toBeNull();
  });
});

describe('the notice', () => {
  it('writes the date as Chinese readers do', () => {
    expect(formatChineseDate('2026-03-15')).toBe('2026年3月15日');
    expect(formatChineseDate('2026-11-05')).toBe('2026年11月5日');
    expect(formatChineseDate('15/03/2026')).toBe('15/03/2026');
  });

  it('is the issue’s text, with or without a date', () => {
    expect(annualReportPublishedNotice(2025, '2026-03-15')).toBe('该企业2025年度报告已于2026年3月15日公示，无需重复办理');
    expect(annualReportPublishedNotice(2025, '')).toBe('该企业2025年度报告已公示，无需重复办理');
  });

  it('tells where to check it on the official site', () => {
    expect(ANNUAL_REPORT_SELF_CHECK_HINT).toContain(OFFICIAL_CHANNEL_URL);
  });
});

describe('orderPrecheckText', () => {
  it('says what the visitor was shown, in plain Chinese', () => {
    expect(orderPrecheckText({ result: 'published', year: 2025, publishDate: '2026-03-15', continued: true })).toBe(
      '下单前核查：2025年度报告已于2026年3月15日公示，客户确认继续办理',
    );
    expect(orderPrecheckText({ result: 'published', year: 2025, publishDate: '', continued: false })).toBe('下单前核查：2025年度报告已公示，客户下单时未确认提示');
    expect(orderPrecheckText({ result: 'not_published', year: 2025, publishDate: '', continued: false })).toBe('下单前核查：未查到2025年度报告公示');
    expect(orderPrecheckText({ result: 'unavailable', year: 2025, publishDate: '', continued: false })).toBe('下单前核查：未核查（数据源不可用）');
  });
});

describe('AnnualReportCheckSchema', () => {
  it('takes the three answers and refuses a published one without its year', () => {
    expect(AnnualReportCheckSchema.parse({ published: true, year: 2025, publishDate: '2026-03-15' })).toEqual({ published: true, year: 2025, publishDate: '2026-03-15' });
    expect(AnnualReportCheckSchema.parse({ published: false, year: 2025 })).toEqual({ published: false, year: 2025 });
    expect(AnnualReportCheckSchema.parse(null)).toBeNull();
    expect(AnnualReportCheckSchema.safeParse({ published: true, publishDate: '2026-03-15' }).success).toBe(false);
    expect(AnnualReportCheckSchema.safeParse({ published: true, year: 2025, publishDate: '15/03/2026' }).success).toBe(false);
  });
});

describe('orderPrecheckOf', () => {
  it('reads the order columns, and null for an order that was not pre-checked', () => {
    expect(orderPrecheckOf({ precheck_result: 'published', precheck_year: 2025, precheck_publish_date: '2026-03-15', precheck_continued: 1 })).toEqual({
      result: 'published',
      year: 2025,
      publishDate: '2026-03-15',
      continued: true,
    });
    expect(orderPrecheckOf({ precheck_result: 'unavailable', precheck_year: 2025, precheck_publish_date: '', precheck_continued: 0 })).toEqual({
      result: 'unavailable',
      year: 2025,
      publishDate: '',
      continued: false,
    });
    expect(orderPrecheckOf({ precheck_result: null, precheck_year: null, precheck_publish_date: null, precheck_continued: 0 })).toBeNull();
    expect(orderPrecheckOf({ precheck_result: 'maybe', precheck_year: 2025, precheck_publish_date: '', precheck_continued: 0 })).toBeNull();
  });
});
