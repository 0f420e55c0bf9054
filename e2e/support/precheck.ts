import { DatabaseSync } from 'node:sqlite';
import { annualReportYearToCheck } from '@kuaibao/domain';
import type { Page, Response } from '@playwright/test';
import { E2E_DB_FILE } from './server-db.ts';

/**
 * The annual-report pre-check in the browser (docs/product/annual-report-precheck.md). The seed
 * stores a published report for the filing year of these synthetic companies
 * (apps/api/src/seed/seed.ts PUBLISHED_REPORT_DEMO_COMPANIES); the last has no report data.
 */
export const PUBLISHED_MOBILE = { keyword: '远英信息', name: '鄂尔多斯远英信息技术有限公司', creditCode: '91150600MAY593XU66' };
export const PUBLISHED_DESKTOP = { keyword: '诚宏科技', name: '重庆诚宏科技有限公司', creditCode: '91500000MA47B6TCXD' };
export const PUBLISHED_OTHER = { keyword: '华福软件', name: '济南市华福软件开发有限责任公司', creditCode: '913701008988462985' };
export const NO_REPORT_DATA = { keyword: '晟恒瑞', name: '贵阳市观山湖区晟恒瑞食品股份有限公司', creditCode: '91520115MA82JAQMXF' };

export const filingYear = (): number => annualReportYearToCheck('license_year', new Date())!;

/** The notice's text for the seeded reports, whatever the demo's publish date. */
export const publishedNoticePattern = (): RegExp => new RegExp(`^该企业${filingYear()}年度报告已于\\d{4}年\\d{1,2}月\\d{1,2}日公示，无需重复办理$`);

/** Resolves with the page's pre-check answer (so a test waits on it, not on time). */
export function precheckAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.url().includes('/api/h5/company/annual-report-check'));
}

/** What the company's latest order recorded of the pre-check, read from the running server's database. */
export function latestOrderPrecheck(creditCode: string): { precheck_result: string | null; precheck_year: number | null; precheck_continued: number } {
  const db = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    const row = db.prepare('SELECT precheck_result, precheck_year, precheck_continued FROM orders WHERE entity_id = ? ORDER BY id DESC LIMIT 1').get(creditCode);
    if (!row) throw new Error(`no order for ${creditCode} in ${E2E_DB_FILE}`);
    return { ...row } as { precheck_result: string | null; precheck_year: number | null; precheck_continued: number };
  } finally {
    db.close();
  }
}

/** The id of the company's latest order, for the console's detail page. */
export function latestOrderId(creditCode: string): number {
  const db = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    const row = db.prepare('SELECT id FROM orders WHERE entity_id = ? ORDER BY id DESC LIMIT 1').get(creditCode) as { id: number } | undefined;
    if (!row) throw new Error(`no order for ${creditCode} in ${E2E_DB_FILE}`);
    return row.id;
  } finally {
    db.close();
  }
}
