import { expect, test } from '@playwright/test';
import { accessibilityViolations, checkAfterHydration, expectToast, openHome, snapshot, startedUp } from '../support/journey.ts';
import { useVariant } from '../support/lookup.ts';

/*
 * The platform report on a phone (docs/product/screens.md#report-screen, docs/product/data.md#report, docs/product/validation.md, docs/product/api.md POST
 * /api/user/feedback): entry on the home page, three type chips, the reason with its counter,
 * the optional contact, 'submitted successfully' and back; none of it for v2 (docs/product/overview.md).
 */

test('a visitor reports a problem: validation, counter, chips, submit and back', async ({ page }, testInfo) => {
  await openHome(page);
  await page.getByTestId('report-entry').click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('平台举报');
  await expect(page.getByTestId('report-type')).toHaveText(['交易欺诈', '冒充身份', '售后问题', '申请退款', '其他问题']);
  await expect(page.getByRole('radio', { name: '交易欺诈' })).toBeChecked();
  await snapshot(page, testInfo, 'mobile-report');
  expect(await accessibilityViolations(page)).toEqual([]);

  // The reason is required.
  await page.getByTestId('report-submit').click();
  await expectToast(page, '请填写举报原因');

  // The counter follows the reason; nothing passes 500 characters.
  await page.getByTestId('report-content').fill('有人自称平台客服，要求另付加急费');
  await expect(page.getByTestId('report-counter')).toContainText('16/500');
  await page.getByTestId('report-content').fill('长'.repeat(501));
  await expectToast(page, '超出长度');
  await expect(page.getByTestId('report-counter')).toContainText('500/500');

  await checkAfterHydration(page, '冒充身份');
  await page.getByTestId('report-content').fill('有人自称平台客服，要求另付加急费');
  await page.getByTestId('report-contact').fill('13912340003');
  await snapshot(page, testInfo, 'mobile-report-filled');

  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/feedback');
  await page.getByTestId('report-submit').click();
  const request = await sent;
  expect(request.postDataJSON()).toEqual({ report: { type: '冒充身份', content: '有人自称平台客服，要求另付加急费', contact: '13912340003', company: '' } });
  const response = await request.response();
  expect((await response!.json()).code).toBe(0);
  await expectToast(page, '提交成功');
  // What happens next stays until the visitor goes back.
  await expect(page.getByTestId('report-next-steps')).toContainText('3个工作日内');
  await page.getByTestId('report-done').click();
  // ...and back where the visitor came from.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home')).toBeVisible();
});

test('/report opened directly goes home after the submit', async ({ page }) => {
  await page.goto('/report');
  await page.getByTestId('report-content').fill('其他问题：页面打不开支付');
  await page.getByTestId('report-submit').click();
  await expectToast(page, '提交成功');
  await page.getByTestId('report-done').click();
  await expect(page).toHaveURL(/\/$/);
});

test('a customer asks for a refund: the type is sent and the refund rule is said', async ({ page }) => {
  await page.goto('/report');
  // The page is prerendered: a tap before hydration is undone by it, so wait for start-up.
  await startedUp(page);
  await checkAfterHydration(page, '申请退款');
  await page.getByTestId('report-content').fill('注销办理失败，申请退款');
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/feedback');
  await page.getByTestId('report-submit').click();
  expect((await sent).postDataJSON()).toEqual({ report: { type: '申请退款', content: '注销办理失败，申请退款', contact: '', company: '' } });
  await expect(page.getByTestId('report-next-steps')).toHaveText(/3个工作日内.*全额原路退回/);
});

test('v2 has neither the report entry nor the /report screen', async ({ page }, testInfo) => {
  await useVariant(page, 'v2');
  await openHome(page);
  await expect(page.getByTestId('report-entry')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue');
  await snapshot(page, testInfo, 'mobile-home-v2');
  await page.goto('/report');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('report-form')).toHaveCount(0);
});

test('v1 keeps the report entry', async ({ page }) => {
  await useVariant(page, 'v1');
  await openHome(page);
  await expect(page.getByTestId('report-entry')).toBeVisible();
});
