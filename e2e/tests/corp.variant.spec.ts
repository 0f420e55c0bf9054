import { devices, expect, test, type Page } from '@playwright/test';
import { PAY_NEEDS_WECHAT } from '@kuaibao/domain';
import { chooseCreditRecord, expectToast, fillPerson, searchAndPick, snapshot, startedUp } from '../support/journey.ts';
import { claimCompany } from '../support/companies.ts';
import { stubWeChat } from '../support/wechat.ts';

/*
 * Official-account rough edges (decision 009): paying for credit repair lands on its own /order
 * tab, not 年检's empty one; outside WeChat 立即办理 says at once that payment needs WeChat (no
 * order, no wait for a bridge that never comes); `code` and `state` leave the address once used.
 */

async function enterCorp(page: Page, path: string, landmark: string): Promise<void> {
  await page.goto(path);
  await startedUp(page);
  await expect(page.getByTestId(landmark)).toBeVisible();
}

async function submitCreditRepair(page: Page, company: { name: string }): Promise<void> {
  await page.getByTestId('goods-3').click();
  await searchAndPick(page, company.name, company.name);
  await chooseCreditRecord(page, 3);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/corp\/pay$/);
}

test('after paying for credit repair the visitor lands on the 信用修复 tab with the order', async ({ page }, testInfo) => {
  await stubWeChat(page, { payOutcome: 'ok' });
  const company = claimCompany();
  await enterCorp(page, '/corp', 'home');
  await submitCreditRepair(page, company);
  await page.getByTestId('pay-now').click();

  await expectToast(page, '支付成功');
  await expect(page).toHaveURL(/\/corp\/order\?tab=3$/);
  await expect(page.getByTestId('order-tab-3')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('order-item')).toHaveCount(1);
  await expect(page.getByTestId('order-item')).toContainText(company.name);
  await expect(page.getByTestId('order-empty')).toHaveCount(0);
  await snapshot(page, testInfo, 'corp-paid-credit-repair');
});

test('code and state leave the address of /my and /order once used, and a reload keeps the session', async ({ page, context, baseURL }) => {
  const logins: string[] = [];
  const watch = (tab: Page) =>
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/corp/user/login') logins.push(request.url());
    });
  await stubWeChat(page);
  watch(page);
  await enterCorp(page, '/corp/my', 'my-page');
  await expect(page).toHaveURL(`${baseURL}/corp/my`);
  expect(logins).toHaveLength(1);

  // A new WebView (a menu link): its own authorization, and again no code in the address.
  const order = await context.newPage();
  await stubWeChat(order);
  watch(order);
  await enterCorp(order, '/corp/order?tab=3', 'order-tab-3');
  await expect(order).toHaveURL(`${baseURL}/corp/order?tab=3`);
  expect(logins).toHaveLength(2);

  // A reload of the cleaned address keeps the session: no new authorization, no new login.
  await order.reload();
  await startedUp(order);
  await expect(order.getByTestId('order-tab-3')).toHaveAttribute('aria-selected', 'true');
  await expect(order).toHaveURL(`${baseURL}/corp/order?tab=3`);
  expect(logins).toHaveLength(2);
});

test.describe('opened outside WeChat', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('立即办理 says at once that payment needs WeChat, and places no order', async ({ page }, testInfo) => {
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/corp/order') orders.push(request.url());
    });
    await enterCorp(page, '/corp', 'home');
    await submitCreditRepair(page, claimCompany());
    await page.getByTestId('pay-now').click();
    await expectToast(page, PAY_NEEDS_WECHAT);
    await snapshot(page, testInfo, 'corp-outside-wechat');
    await expect(page).toHaveURL(/\/corp\/pay$/);
    expect(orders).toEqual([]);
  });
});
