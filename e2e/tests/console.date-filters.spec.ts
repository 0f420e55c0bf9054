import { expect, test } from '@playwright/test';
import { dayRangePresets } from '@kuaibao/domain';
import { motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * The date filters (decision 063): antd's RangePicker in Chinese with 今天 / 昨天 / 本周 / 本月 / 上月 /
 * 近30天, the same size on every list, its choice sent as the lists' `from` / `to` (Shanghai days).
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TAG = `日期筛选${Math.random().toString(36).slice(2, 6)}`;
const NAMES = { thisMonth: `${TAG}本月有限公司`, lastMonth: `${TAG}上月有限公司` };

test.beforeAll(() => {
  const presets = Object.fromEntries(dayRangePresets(new Date()).map((p) => [p.label, p]));
  // Noon in Beijing on the first day of this month and of the last one.
  const noon = (day: string) => new Date(`${day}T12:00:00+08:00`).toISOString();
  insertPaidOrders([
    { name: NAMES.thisMonth, fee: 19900, paidAt: noon(presets['本月']!.from) },
    { name: NAMES.lastMonth, fee: 29900, paidAt: noon(presets['上月']!.from) },
  ]);
});

test('本月 on the orders list: the range in the address, the rows of this month only, the picker in Chinese', async ({ page }, testInfo) => {
  await signInToConsole(page);
  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(TAG)}`);
  const rows = page.getByTestId('order-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 60_000 });

  await page.getByLabel('开始日期', { exact: true }).click();
  const popup = page.locator('.ant-picker-dropdown:visible');
  await expect(popup).toBeVisible();
  // Chinese: the presets, the weekdays from Monday, the month as 2026年11月.
  await expect(popup.locator('.ant-picker-presets li')).toHaveText(['今天', '昨天', '本周', '本月', '上月', '近30天']);
  await expect(popup.locator('.ant-picker-content thead th').first()).toHaveText('一');
  await expect(popup.locator('.ant-picker-header-view').first()).toContainText('年');
  await motionDone(page);
  await snapshot(page, testInfo, 'date-filter-open');

  await popup.locator('.ant-picker-presets li', { hasText: '本月' }).click();
  const month = dayRangePresets(new Date()).find((p) => p.label === '本月')!;
  await expect(page).toHaveURL(new RegExp(`from=${month.from}`));
  await expect(page).toHaveURL(new RegExp(`to=${month.to}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(NAMES.thisMonth);
  await expect(page.getByLabel('开始日期', { exact: true })).toHaveValue(month.from);
  await expect(page.getByLabel('结束日期', { exact: true })).toHaveValue(month.to);

  // 上月 through the end input: the other order.
  await page.getByLabel('结束日期', { exact: true }).click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-presets li', { hasText: '上月' }).click();
  const last = dayRangePresets(new Date()).find((p) => p.label === '上月')!;
  await expect(page).toHaveURL(new RegExp(`from=${last.from}.*to=${last.to}|to=${last.to}.*from=${last.from}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(NAMES.lastMonth);

  // Escape closes the calendar; the range stays.
  await page.getByLabel('开始日期', { exact: true }).click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`from=${last.from}`));
});

test('every date filter is the same antd picker, the same size; no native date input is left', async ({ page }) => {
  // Six pages' first loads on a busy machine.
  test.setTimeout(300_000);
  await signInToConsole(page);
  const widths: Record<string, number> = {};
  for (const path of ['/console/orders?view=all', '/console/refunds', '/console/feedback', '/console/sms', '/console/audit']) {
    await page.goto(path);
    const picker = page.locator('#main .date-range-picker');
    await expect(picker).toHaveCount(1, { timeout: 60_000 });
    widths[path] = Math.round((await picker.boundingBox())!.width);
    await expect(page.locator('#main input[type="date"]')).toHaveCount(0);
  }
  expect(new Set(Object.values(widths)).size, JSON.stringify(widths)).toBe(1);
  await page.goto('/console/reconciliation');
  await expect(page.getByLabel('账单日期')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#main input[type="date"]')).toHaveCount(0);
  await expect(page.locator('#main .ant-picker')).toHaveCount(1);
});
