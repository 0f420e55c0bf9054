import { expect, test, type Page } from '@playwright/test';
import { formatYuan, type ConsoleDashboardTrends } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { searchOrders, signInToConsole } from '../support/console.ts';
import { payOnDesktop, snapshot, startedUp, type Customer } from '../support/journey.ts';

/*
 * The channel an order came from (docs/decisions/059-prices-per-customer-kind-and-channel.md): a
 * visitor opens a link with ?source=wechat-group, goes on to the home form in the same tab, orders
 * and pays in the sandbox; the console shows the channel on the order, finds it with the list's
 * filter, and the dashboard counts it (against a baseline read in the same run).
 */
const CHANNEL = 'wechat-group';

function trendsAnswer(page: Page): Promise<ConsoleDashboardTrends> {
  return page
    .waitForResponse((response) => response.url().includes('/api/console/dashboard/trends?days=30') && response.ok())
    .then(async (response) => ((await response.json()) as { data: ConsoleDashboardTrends }).data);
}

test('a visitor from /?source=wechat-group orders and pays; the console shows the channel on the order and counts it on the dashboard', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const customer: Customer = { ...claimCompany(), goodsId: 1 };

  const before = trendsAnswer(page);
  await signInToConsole(page);
  const baseline = (await before).by_channel.find((row) => row.key === CHANNEL) ?? { orders: 0, paid_orders: 0, revenue_fen: 0 };

  // The visitor lands on the link, then the home form (the query is gone from the address by then).
  const visitor = await context.newPage();
  await visitor.goto(`/?source=${CHANNEL}`);
  await startedUp(visitor);
  const ordered = visitor.waitForRequest((request) => new URL(request.url()).pathname === '/api/h5/order' && request.method() === 'POST');
  await payOnDesktop(visitor, context, customer);
  expect((await ordered).postDataJSON()).toMatchObject({ channel: CHANNEL });
  await visitor.close();

  // The dashboard counts the order and its amount for the channel.
  const after = trendsAnswer(page);
  await page.reload();
  const trends = await after;
  const row = trends.by_channel.find((entry) => entry.key === CHANNEL)!;
  expect(row.paid_orders).toBe(baseline.paid_orders + 1);
  expect(row.orders).toBe(baseline.orders + 1);
  const table = page.getByTestId('channel-table');
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByTestId(`channel-${CHANNEL}`)).toHaveText(CHANNEL);
  await expect(table.getByTestId(`channel-${CHANNEL}-paid`)).toHaveText(String(baseline.paid_orders + 1));
  await expect(table.getByTestId(`channel-${CHANNEL}-revenue`)).toHaveText(formatYuan(row.revenue_fen));
  expect(row.revenue_fen).toBeGreaterThan(baseline.revenue_fen);
  await snapshot(page, testInfo, 'dashboard-channels');

  // The list shows the channel and filters by it; the order page names it.
  await page.getByRole('navigation', { name: '主导航' }).getByText('订单处理').click();
  await expect(page.getByRole('heading', { level: 1, name: '订单处理' })).toBeVisible();
  await searchOrders(page, customer.phone);
  const listed = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: customer.name });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(CHANNEL);

  const filtered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/console/orders' && new URL(response.url()).searchParams.get('channel') === CHANNEL);
  await page.getByLabel('渠道', { exact: true }).fill(CHANNEL);
  await page.getByLabel('渠道', { exact: true }).press('Enter');
  await filtered;
  await expect(page.getByTestId('order-table').locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(listed).toHaveCount(1);

  await listed.getByTestId('order-link').click();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByTestId('order-channel')).toHaveText(CHANNEL);
  await snapshot(page, testInfo, 'order-channel');
});
