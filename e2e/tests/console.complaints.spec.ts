import { DatabaseSync } from 'node:sqlite';
import { devices, expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { signInToConsole } from '../support/console.ts';
import { accessibilityViolations, checkAfterHydration, snapshot, startedUp } from '../support/journey.ts';
import { lookupCodeFromDatabase } from '../support/lookup-code.ts';
import { insertPaidOrders } from '../support/orders-db.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * Complaints on the right order (docs/decisions/056-complaints-on-the-right-order.md): at 390 px a
 * visitor with two companies on one phone picks the older one's order after the lookup's SMS code;
 * at 1280 px the console shows the complaint on that order's page (not on the phone's newest order),
 * with its 3-working-day clock and its assignee, and in the inbox with the order it is about.
 */

function publicIdOf(orderId: number): string {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    return (db.prepare('SELECT public_id FROM orders WHERE id = ?').get(orderId) as { public_id: string }).public_id;
  } finally {
    db.close();
  }
}

test('the visitor picks the order at 390 px; the order page shows the complaint at 1280 px', async ({ browser, page }, testInfo) => {
  const suffix = String(Date.now()).slice(-6);
  const phone = claimCompany().phone;
  const noodles = `七星区国伟面馆${suffix}`;
  const trading = `宝信商贸有限公司${suffix}`;
  // The noodle shop's order is the older one: the old rule linked the phone's newest order.
  const [noodlesId, tradingId] = insertPaidOrders([
    { name: noodles, fee: 19900, paidAt: new Date(Date.now() - 48 * 3600_000).toISOString(), goodsType: 'license_year', phone },
    { name: trading, fee: 19900, paidAt: new Date(Date.now() - 3600_000).toISOString(), goodsType: 'license_year', phone },
  ]);
  const content = `面馆的年报一直没有办好 ${suffix}`;

  // The visitor, on a phone that did not place the orders.
  const visitor = await browser.newContext({ ...devices['iPhone 13'], baseURL: testInfo.project.use.baseURL, viewport: { width: 390, height: 844 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const mobile = await visitor.newPage();
  await mobile.goto('/report');
  await startedUp(mobile);
  await checkAfterHydration(mobile, '售后问题');
  await mobile.getByTestId('report-content').fill(content);
  await mobile.getByTestId('report-order-phone').fill(phone);
  await mobile.getByTestId('report-order-search').click();
  // Masked until the phone is proven: nothing to pick, the lookup's SMS block instead.
  await expect(mobile.getByTestId('report-order-masked')).toHaveCount(2);
  await expect(mobile.getByTestId('report-order-option')).toHaveCount(0);
  await expect(mobile.getByTestId('report-order')).not.toContainText(noodles);
  const verify = mobile.getByTestId('phone-verify');
  await verify.getByTestId('verify-send').click();
  await expect(verify.getByTestId('verify-confirm')).toBeEnabled();
  await verify.getByTestId('verify-code').fill(lookupCodeFromDatabase());
  await verify.getByTestId('verify-confirm').click();
  await expect(mobile.getByTestId('report-order-option')).toHaveCount(2);
  await expect(mobile.getByTestId('phone-verify')).toHaveCount(0);
  await mobile.getByTestId('report-order-option').filter({ hasText: noodles }).click();
  await expect(mobile.getByRole('radio', { name: new RegExp(noodles) })).toBeChecked();
  await expect(mobile.getByTestId('report-company')).toHaveCount(0);
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await mobile.getByTestId('report-order').scrollIntoViewIfNeeded();
  await snapshot(mobile, testInfo, 'report-order-picked-390');
  expect(await accessibilityViolations(mobile)).toEqual([]);

  const sent = mobile.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/feedback');
  await mobile.getByTestId('report-submit').click();
  const request = await sent;
  expect(request.postDataJSON()).toMatchObject({ report: { type: '售后问题', content, company: '', order: { id: publicIdOf(noodlesId!), phone_token: expect.stringMatching(/^\d+\./) } } });
  expect((await (await request.response())!.json()).code).toBe(0);
  await expect(mobile.getByTestId('report-next-steps')).toContainText('3个工作日内');
  await visitor.close();

  // The console at 1280 px: the complaint is on the noodle shop's order, not on the newest one.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page);
  await page.goto(`/console/orders/${noodlesId}`);
  const card = page.getByTestId('order-complaints');
  await expect(card).toContainText(content);
  await expect(card).toContainText('售后问题');
  await expect(card.getByTestId('sla-tag')).toHaveText(/^剩 \d+天/);
  await card.getByTestId('feedback-assignee-select').click();
  // The first admin (管理员) takes it: an admin may give it to anyone, themself included.
  await page.locator('.ant-select-item-option', { hasText: /^管理员$/ }).click();
  await expect(page.getByText('已认领该投诉')).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await card.scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'order-page-complaint-1280');

  await page.goto(`/console/orders/${tradingId}`);
  await expect(page.getByRole('heading', { level: 1, name: trading })).toBeVisible();
  await expect(page.getByTestId('order-complaints')).toHaveCount(0);

  // The inbox names the order, its clock and its assignee; the link opens the order.
  await page.goto('/console/feedback?view=mine');
  const row = page.locator('tr', { hasText: content });
  await expect(row.getByTestId('feedback-order-link')).toBeVisible();
  await expect(row.getByTestId('sla-tag')).toBeVisible();
  await snapshot(page, testInfo, 'feedback-inbox-1280');
  await row.getByTestId('feedback-order-link').click();
  await expect(page).toHaveURL(new RegExp(`/console/orders/${noodlesId}$`));
});
