import { shanghaiDate } from './countdown.ts';
import { OFFICIAL_CHANNEL_NAME, OFFICIAL_CHANNEL_URL } from './goods-texts.ts';
import type { OrderPrecheck, OrderPrecheckResult } from './contracts/order.ts';

/**
 * The annual-report pre-check, "you may not need us" (docs/product/annual-report-precheck.md,
 * docs/decisions/023-annual-report-precheck.md): before the visitor pays for the annual report,
 * whether the company's report for the filing year is already published.
 */

/**
 * The report year to check for a service at `now`, or null when the service is never pre-checked.
 * The report filed in calendar year Y (Asia/Shanghai) is the one for year Y-1, late filings after
 * 30 June included; cancellation and credit repair have no report to find.
 */
export function annualReportYearToCheck(goodsType: string, now: Date): number | null {
  if (goodsType !== 'license_year') return null;
  return shanghaiDate(now).year - 1;
}

/** 'YYYY-MM-DD' as Chinese readers write it: '2026年3月15日'; anything else is returned as it is. */
export function formatChineseDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}

/** The notice on /pay and in the desktop dialog; without a date the source gave none. */
export function annualReportPublishedNotice(year: number, publishDate: string): string {
  const when = publishDate ? `已于${formatChineseDate(publishDate)}公示` : '已公示';
  return `该企业${year}年度报告${when}，无需重复办理`;
}

/** Where the visitor can see it for themselves. */
export const ANNUAL_REPORT_SELF_CHECK_HINT = `可登录${OFFICIAL_CHANNEL_NAME}（${OFFICIAL_CHANNEL_URL}），搜索企业名称，在“年报信息”中查看。如需更正已公示的年报，仍可继续办理。`;

/** The console's line about the pre-check of an order. */
export function orderPrecheckText(precheck: OrderPrecheck): string {
  switch (precheck.result) {
    case 'published': {
      const when = precheck.publishDate ? `已于${formatChineseDate(precheck.publishDate)}公示` : '已公示';
      const choice = precheck.continued ? '客户确认继续办理' : '客户下单时未确认提示';
      return `下单前核查：${precheck.year}年度报告${when}，${choice}`;
    }
    case 'not_published':
      return `下单前核查：未查到${precheck.year}年度报告公示`;
    case 'unavailable':
      return '下单前核查：未核查（数据源不可用）';
  }
}

const PRECHECK_RESULTS: readonly OrderPrecheckResult[] = ['published', 'not_published', 'unavailable'];

/** The pre-check from an order's columns (orders.precheck_*), or null when it was not pre-checked. */
export function orderPrecheckOf(row: {
  precheck_result: string | null;
  precheck_year: number | null;
  precheck_publish_date: string | null;
  precheck_continued: number;
}): OrderPrecheck | null {
  const result = PRECHECK_RESULTS.find((r) => r === row.precheck_result);
  if (!result || row.precheck_year === null) return null;
  return { result, year: row.precheck_year, publishDate: row.precheck_publish_date ?? '', continued: row.precheck_continued === 1 };
}
