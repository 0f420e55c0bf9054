import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { goodsTexts, ORDER_STATUS, PROCESS_STATUS, formatYuan, type ConsoleDashboardTrends } from '@kuaibao/domain';
import { signInToConsole } from '../support/console.ts';
import { watchCsp } from '../support/csp.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * The owner's dashboard (decision 042) at 1280×800: the trends' charts are drawn,
 * the figures shown are the API's, the 90-day window reaches an older order, and the page stays
 * inside the console's Content-Security-Policy (ECharts needs no eval).
 */
test.use({ viewport: { width: 1280, height: 800 } });

const HOUR_MS = 3600 * 1000;

/** A paid order written straight into the e2e database; its credit code is no real company's. */
function insertPaidOrder(input: { goodsType: 'license_year' | 'credit_repair'; payType: 'weixin' | 'alipay'; fen: number; hoursAgo: number }): void {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const at = new Date(Date.now() - input.hoursAgo * HOUR_MS).toISOString();
    db.prepare(
      `INSERT INTO orders (public_id, out_trade_no, goods_id, goods_type, goods_name, entity_name, entity_id, entity_legal, entity_idno_enc, entity_idno_hash, entity_phone, status, process_status, process_status_name, pay_type, pay_source, total_fee, pay_time, create_time, update_time)
       VALUES (?, ?, 1, ?, '', '杭州看板测试科技有限公司', ?, '看板', 'ciphertext', 'hash', '13700000421', ?, ?, '', ?, 'native', ?, ?, ?, ?)`,
    ).run(randomBytes(12).toString('hex'), `KB${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`, input.goodsType, `E2E${randomBytes(6).toString('hex').toUpperCase()}`, ORDER_STATUS.paid, PROCESS_STATUS.pending, input.payType, input.fen, at, at, at);
  } finally {
    db.close();
  }
}

function trendsAnswer(page: Page, days: 30 | 90): Promise<ConsoleDashboardTrends> {
  return page
    .waitForResponse((response) => response.url().includes(`/api/console/dashboard/trends?days=${days}`) && response.ok())
    .then(async (response) => ((await response.json()) as { data: ConsoleDashboardTrends }).data);
}

test('the owner reads 30 and 90 days of trends: charts drawn, the API\'s figures shown, no CSP violation', async ({ page, context }, testInfo) => {
  insertPaidOrder({ goodsType: 'license_year', payType: 'weixin', fen: 19900, hoursAgo: 1 });
  insertPaidOrder({ goodsType: 'credit_repair', payType: 'alipay', fen: 29900, hoursAgo: 72 });
  insertPaidOrder({ goodsType: 'credit_repair', payType: 'alipay', fen: 29900, hoursAgo: 24 * 50 });
  const csp = await watchCsp(context);

  const answer30 = trendsAnswer(page, 30);
  await signInToConsole(page);
  const thirty = await answer30;
  expect(thirty.daily).toHaveLength(30);
  expect(thirty.comparison.paid_orders.current).toBeGreaterThanOrEqual(2);

  const trends = page.getByTestId('trends');
  await trends.scrollIntoViewIfNeeded();
  await expect(trends.getByTestId('trend-orders')).toContainText(String(thirty.comparison.paid_orders.current));
  await expect(trends.getByTestId('trend-revenue')).toContainText(formatYuan(thirty.comparison.revenue_fen.current));
  // ECharts drew into SVG: one bar per day with orders, the revenue line, and the splits' bars.
  for (const chart of ['chart-daily', 'chart-service', 'chart-pay-type']) {
    await expect(trends.getByTestId(chart).locator('svg path').first()).toBeAttached();
    expect(await trends.getByTestId(chart).locator('svg path').count()).toBeGreaterThan(2);
  }
  await expect(trends.getByTestId('chart-daily')).toHaveAttribute('aria-label', new RegExp(`30 天共 ${thirty.comparison.paid_orders.current} 单`));
  await expect(trends.getByRole('cell', { name: goodsTexts('credit_repair').shortName })).toBeVisible();
  await expect(trends.getByRole('cell', { name: '支付宝' })).toBeVisible();
  await expect(trends.getByTestId('turnaround')).toContainText('付款→完成 中位数');
  await expect(trends.getByTestId('turnaround')).toContainText('付款→接单 中位数');
  // Paid → first call comes from the recorded calls (decision 044); the promise's breaches are counted.
  await expect(trends.getByTestId('turnaround')).toContainText('付款→首次致电 中位数');
  await expect(trends.getByTestId('first-call-promise')).toContainText(`本期付款 ${thirty.first_call.paid_orders} 单`);
  await page.screenshot({ path: testInfo.outputPath('dashboard-30.png'), fullPage: true });

  // 90 days reach the order of 50 days ago; the figures follow.
  const answer90 = trendsAnswer(page, 90);
  await trends.getByText('90天', { exact: true }).click();
  const ninety = await answer90;
  expect(ninety.daily).toHaveLength(90);
  expect(ninety.comparison.paid_orders.current).toBeGreaterThanOrEqual(thirty.comparison.paid_orders.current + 1);
  await expect(trends.getByTestId('trend-orders')).toContainText(String(ninety.comparison.paid_orders.current));
  await expect(trends.getByTestId('chart-daily')).toHaveAttribute('aria-label', new RegExp(`90 天共 ${ninety.comparison.paid_orders.current} 单`));
  await page.screenshot({ path: testInfo.outputPath('dashboard-90.png'), fullPage: true });

  csp.expectClean();
});
