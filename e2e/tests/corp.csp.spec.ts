import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { fillPerson, searchAndPick, snapshot, startedUp } from '../support/journey.ts';
import { describeWatch, expectInlineScriptRefused, watchCsp } from '../support/csp.ts';
import { stubWeChat } from '../support/wechat.ts';

/*
 * Finding 10: the official-account variant under /corp/ passes its Content-Security-Policy
 * (docs/decisions/015-security-headers.md), through the (mock) silent authorization, in-app payment
 * over WeixinJSBridge, the order list and detail, /my with the service QR; and the mock
 * authorization page's own error page passes its own, stricter policy.
 */

test('the official-account variant runs under the policy without a violation', async ({ page, context }, testInfo) => {
  test.slow();
  const company = claimCompany();
  const csp = await watchCsp(context);
  await stubWeChat(page, { payOutcome: 'ok' });

  await page.goto('/corp');
  // The prerendered home shows before start-up leaves for the authorization: wait for its return.
  await startedUp(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('corp-tabs')).toBeVisible();
  expect(csp.policies.get('/corp/')).toContain("frame-ancestors 'none'");
  await expectInlineScriptRefused(page, csp);
  await snapshot(page, testInfo, 'csp-corp-home');

  await searchAndPick(page, company.name, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/corp\/pay$/);
  await page.getByTestId('pay-now').click();
  // A paid annual report goes straight to its figures, as on the phone (decision 050).
  await expect(page).toHaveURL(/\/corp\/success$/);
  await expect(page.getByTestId('declaration')).toContainText('支付成功');
  // The paid service's tab (decision 009): the annual report's.
  await page.goto('/corp/order?tab=0');
  const item = page.getByTestId('order-item');
  await expect(item).toContainText(company.name);
  await item.click();
  await expect(page).toHaveURL(/\/corp\/orderDetail\?id=/);
  await expect(page.getByTestId('corp-detail-name')).toHaveText(company.name);
  await page.getByTestId('corp-detail-declare').click();
  await expect(page).toHaveURL(/\/corp\/success$/);
  await expect(page.getByTestId('declaration')).toContainText('支付成功');

  await page.goto('/corp/my');
  await expect(page.getByTestId('my-page')).toBeVisible();
  await page.getByTestId('my-service').click();
  await expect(page.getByTestId('service-dialog').getByTestId('service-qr')).toBeVisible();

  testInfo.annotations.push({ type: 'csp', description: describeWatch(csp) });
  for (const path of ['/corp/pay', '/corp/order?tab=0', '/corp/success'] as const) expect([...csp.visited]).toContain(path);
  csp.expectClean();
});

test('the mock authorization page’s error page passes its own policy', async ({ page, context }) => {
  const csp = await watchCsp(context);
  const response = await page.goto('/mock-wechat/connect/oauth2/authorize?appid=wrong&response_type=code&scope=snsapi_base');
  expect(response!.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('appid 参数错误（10002）');
  // Its inline style applies (its hash is in the policy): the page background is WeChat grey.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(237, 237, 237)');
  const policy = [...csp.policies].find(([url]) => url.startsWith('/mock-wechat/'))?.[1];
  expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
  csp.expectClean();
});
