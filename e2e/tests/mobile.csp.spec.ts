import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { expectToast, openHome, payOnPhone, snapshot } from '../support/journey.ts';
import { describeWatch, expectInlineScriptRefused, watchCsp } from '../support/csp.ts';
import { useVariant } from '../support/lookup.ts';
import { completeOrder } from '../support/orders-db.ts';

/*
 * Finding 10: the visitor app on a phone passes its Content-Security-Policy on every page
 * (docs/decisions/015-security-headers.md). Home, pay, the sandbox cashier, success with the
 * declaration, the progress lookup, the receipt with screenshots, the contact QR, the report, the
 * error and not-found pages, and the v2 palette: not one violation.
 */

test('every phone page of the visitor app runs under the policy without a violation', async ({ page, context }, testInfo) => {
  test.slow();
  const csp = await watchCsp(context);
  const customer = { ...claimCompany(), goodsId: 1 } as const;

  await openHome(page);
  const policy = csp.policies.get('/');
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  // The policy is enforced, and the watch would see a breach.
  await expectInlineScriptRefused(page, csp);
  await snapshot(page, testInfo, 'csp-mobile-home');

  // Home → pay → sandbox cashier → success with the annual declaration.
  const { orderId } = await payOnPhone(page, customer, {
    atPay: () => expect(page.getByTestId('pay-company')).toContainText(customer.name),
    atCashier: async () => {
      // The cashier's inline style applies (its hash is in its own policy): the pay button is green.
      await expect(page.getByRole('button', { name: '确认支付' })).toHaveCSS('background-color', 'rgb(26, 127, 55)');
      await snapshot(page, testInfo, 'csp-mobile-cashier');
    },
  });
  for (const [key, value] of [['sale_amount', '100'], ['tax_amount', '0'], ['total_amount', '300'], ['total_employee', '3'], ['female_employee', '1'], ['insure_employee', '3']] as const) {
    await page.getByTestId(`decl-input-${key}`).fill(value);
  }
  await page.getByTestId('decl-submit').click();
  await expect(page.getByTestId('decl-done')).toContainText('已提交给办理专员');
  await page.getByTestId('decl-done').getByTestId('decl-done-close').click();

  // The progress lookup and the receipt, completed with screenshots.
  await expect(page).toHaveURL(/\/check$/);
  completeOrder(orderId, ['/images/explain-1.svg', '/images/explain-2.svg']);
  await page.getByTestId('check-phone').fill(customer.phone);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(page.getByTestId('status-badge')).toHaveText('已完成');
  await page.getByTestId('view-receipt').click();
  await expect(page).toHaveURL(/\/orderDetail$/);
  await expect(page.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'completed');
  const shots = page.getByTestId('receipt-screenshot');
  await expect(shots).toHaveCount(2);
  for (const shot of await shots.all()) {
    await shot.scrollIntoViewIfNeeded();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await snapshot(page, testInfo, 'csp-mobile-receipt');
  await page.getByTestId('page-back').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await page.getByTestId('contact-agent').click();
  await expect(page.getByTestId('service-dialog').getByTestId('service-qr')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('service-save').click()]);
  expect(download.suggestedFilename()).toBe('客服二维码.png');

  // The report, sent.
  await page.goto('/report');
  await page.getByTestId('report-content').fill('内容安全策略检查');
  await page.getByTestId('report-submit').click();
  await expectToast(page, '提交成功');
  await page.getByTestId('report-done').click();
  await expect(page).toHaveURL(/\/$/);

  // The error page, an unknown page, and the v2 palette's home.
  await page.goto('/error?code=50001');
  await expect(page.getByRole('img', { name: '系统繁忙，请稍后再试' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await useVariant(page, 'v2');
  await openHome(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue');

  testInfo.annotations.push({ type: 'csp', description: describeWatch(csp) });
  for (const path of ['/pay', '/success', '/check', '/checkDetail', '/orderDetail', '/report', '/no-such-page']) expect([...csp.visited]).toContain(path);
  expect([...csp.policies.keys()].some((url) => url.startsWith('/sandbox/cashier/'))).toBe(true);
  csp.expectClean();
});
