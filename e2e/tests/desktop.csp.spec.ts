import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { describeWatch, expectInlineScriptRefused, watchCsp } from '../support/csp.ts';
import { expectToast, openHome, payOnDesktop, snapshot } from '../support/journey.ts';

/*
 * Finding 10: the desktop layout passes its Content-Security-Policy (docs/decisions/015-security-headers.md):
 * home, the pay dialog with its drawn QR, the sandbox cashier on the "phone", the success dialog,
 * the query dialog and its receipt, the service contact and report dialogs, the error page.
 */

test('every desktop dialog of the visitor app runs under the policy without a violation', async ({ page, context }, testInfo) => {
  test.slow();
  const customer = { ...claimCompany(), goodsId: 2 } as const;
  const csp = await watchCsp(context);

  await openHome(page);
  await expectInlineScriptRefused(page, csp);
  await snapshot(page, testInfo, 'csp-desktop-home');

  // Pay dialog (QR drawn as SVG) → the cashier in another page → the success dialog.
  await payOnDesktop(page, context, customer);
  await page.getByTestId('success-dialog').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('success-dialog')).toBeHidden();

  // The query dialog and the receipt.
  await page.getByTestId('progress-link').click();
  const query = page.getByTestId('query-dialog');
  await expect(query.getByTestId('query-service-qr')).toBeVisible();
  await query.getByTestId('query-phone').fill(customer.phone);
  await query.getByTestId('query-submit').click();
  const row = query.getByTestId('query-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('query-details').click();
  await expect(page.getByTestId('receipt-dialog')).toContainText(customer.name);
  await snapshot(page, testInfo, 'csp-desktop-receipt');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('receipt-dialog')).toBeHidden();
  await query.getByRole('button', { name: '关闭' }).click();
  await expect(query).toBeHidden();

  // The service contact and the report dialogs.
  await page.getByTestId('contact-link').click();
  const service = page.getByTestId('service-dialog');
  await expect(service.getByTestId('service-qr')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(service).toBeHidden();
  await page.getByTestId('report-entry').click();
  const report = page.getByTestId('report-dialog');
  await report.getByTestId('report-content').fill('内容安全策略检查（桌面）');
  await report.getByTestId('report-submit').click();
  await expectToast(page, '提交成功');
  await report.getByTestId('report-done').click();
  await expect(report).toBeHidden();

  await page.goto('/error?code=50001');
  await expect(page.getByRole('img', { name: '系统繁忙，请稍后再试' })).toBeVisible();

  testInfo.annotations.push({ type: 'csp', description: describeWatch(csp) });
  expect([...csp.policies.keys()].some((url) => url.startsWith('/sandbox/cashier/'))).toBe(true);
  csp.expectClean();
});
