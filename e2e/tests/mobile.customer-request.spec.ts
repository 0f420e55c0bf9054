import { expect, test } from '@playwright/test';
import { accessibilityViolations, motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { claimCompany } from '../support/companies.ts';
import { lookupCodeFromDatabase } from '../support/lookup-code.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * The customer in one place (decision 043): a clerk moves an order to 待客户补充
 * and says what is missing; the visitor reads it on /checkDetail on a phone; the order's timeline
 * keeps the request (customer-visible) apart from an internal note; the phone on the order opens
 * the customer view with all of that phone's orders.
 */

test.describe.configure({ timeout: 120_000 });

const REQUEST = '请上传法定代表人身份证正反面照片，以及营业执照副本照片';
const NOTE = '客户说下午三点后方便接电话';

test('the clerk asks for missing data, the visitor sees it on /checkDetail, the customer view lists the orders', async ({ page, browser }, testInfo) => {
  // Two orders under one phone, each a company of its own.
  const phone = claimCompany().phone;
  const NAMES = { older: `补充资料测试${phone}甲有限公司`, newer: `补充资料测试${phone}乙有限公司` };
  const now = Date.now();
  const [olderId, newerId] = insertPaidOrders([
    { name: NAMES.older, fee: 19900, paidAt: new Date(now - 2 * 3600_000).toISOString(), phone },
    { name: NAMES.newer, fee: 29900, paidAt: new Date(now - 3600_000).toISOString(), phone },
  ]);

  // The console (desk) at a desktop size, beside the visitor's phone.
  const staff = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1440, height: 900 } });
  const desk = await staff.newPage();
  await signInToConsole(desk);
  await desk.goto(`/console/orders/${newerId}`);
  await expect(desk.getByRole('heading', { level: 1, name: NAMES.newer })).toBeVisible();
  await desk.getByTestId('take-order').click();
  await expect(desk.getByTestId('handler-name')).toHaveText('管理员（我）');
  await desk.getByTestId('move-4').click();
  await desk.getByTestId('move-confirm').click();
  await expect(desk.getByTestId('order-info').getByTestId('process-status')).toHaveText('处理中');

  // 待客户补充 asks what to request: required, counted to 200.
  await desk.getByTestId('move-3').click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog).toContainText('请客户补充什么（必填，客户可见）');
  await expect(desk.getByTestId('move-confirm')).toBeDisabled();
  await desk.getByTestId('move-note').fill(REQUEST);
  await expect(dialog).toContainText(`${Array.from(REQUEST).length} / 200`);
  await motionDone(desk);
  await snapshot(desk, testInfo, 'console-customer-request-dialog');
  await desk.getByTestId('move-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByTestId('order-info').getByTestId('process-status')).toHaveText('待客户补充');

  // An internal note, then the timeline: the request customer-visible, the note internal.
  await desk.getByTestId('note-input').fill(NOTE);
  await desk.getByTestId('note-add').click();
  const timeline = desk.getByTestId('order-timeline');
  await expect(timeline.getByTestId('timeline-internal').filter({ hasText: NOTE })).toHaveCount(1);
  await expect(timeline.getByTestId('timeline-customer').filter({ hasText: REQUEST })).toHaveCount(1);
  await desk.getByTestId('timeline-audience').getByText('客户可见').click();
  await expect(timeline).toContainText(REQUEST);
  await expect(timeline).not.toContainText(NOTE);
  await desk.getByTestId('timeline-audience').getByText('全部').click();
  await motionDone(desk);
  await snapshot(desk, testInfo, 'console-order-timeline');
  expect(await accessibilityViolations(desk)).toEqual([]);

  // The phone opens the customer view: both orders of the phone.
  await desk.getByTestId('customer-phone-link').click();
  await expect(desk).toHaveURL(new RegExp(`/console/customers\\?phone=${phone}$`));
  await expect(desk.getByRole('heading', { level: 1, name: `客户 ${phone}` })).toBeVisible();
  const orders = desk.getByTestId('customer-orders').locator('tbody tr.ant-table-row');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toContainText(NAMES.newer);
  await expect(orders.nth(0)).toContainText('待客户补充');
  await expect(orders.nth(1)).toContainText(NAMES.older);
  // The SMS leaves through the outbox worker: wait for it to be logged, reloading the view.
  await expect(async () => {
    await desk.reload();
    await expect(desk.getByTestId('customer-sms')).toContainText('补充资料通知', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await motionDone(desk);
  await snapshot(desk, testInfo, 'console-customer-view');
  expect(await accessibilityViolations(desk)).toEqual([]);
  await staff.close();

  // The visitor, on a phone: /check → /checkDetail shows the newest order with the request.
  await page.goto('/check');
  await page.getByTestId('check-phone').fill(phone);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  // This phone did not place the orders: it proves the number with the SMS code first (decision 049).
  const verify = page.getByTestId('verify-card');
  await verify.getByTestId('verify-send').click();
  await expect(verify.getByTestId('verify-send')).toBeDisabled();
  await verify.getByTestId('verify-code').fill(lookupCodeFromDatabase());
  await verify.getByTestId('verify-confirm').click();
  await expect(page.getByTestId('verify-card')).toHaveCount(0);
  await expect(page.getByTestId('order-progress').getByTestId('order-company')).toHaveText(NAMES.newer);
  await expect(page.getByTestId('order-progress').getByTestId('status-badge')).toHaveText('待客户补充');
  const request = page.getByTestId('customer-request');
  await expect(request).toContainText('需要您补充的资料');
  await expect(request).toContainText(REQUEST);
  // 也可通过下方方式联系专员: and the agent's contact is right there, under it.
  await expect(request).toContainText('也可通过下方方式联系专员');
  await expect(request.getByTestId('customer-request-contact')).toBeVisible();
  await expect(request.getByTestId('customer-request-phone')).toHaveAttribute('href', /^tel:\d+$/);
  await expect(page.locator('body')).not.toContainText(NOTE);
  await snapshot(page, testInfo, 'mobile-check-detail-customer-request');
  expect(await accessibilityViolations(page)).toEqual([]);

  // The other order of the phone waits on nobody: no request block.
  await page.getByTestId('order-choice').filter({ hasText: NAMES.older }).click();
  await expect(page.getByTestId('order-progress').getByTestId('order-company')).toHaveText(NAMES.older);
  await expect(page.getByTestId('customer-request')).toHaveCount(0);
  expect(olderId).toBeLessThan(newerId!);
});
