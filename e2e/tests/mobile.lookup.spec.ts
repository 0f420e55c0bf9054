import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, expectToast, payOnPhone, snapshot } from '../support/journey.ts';
import { GOODS, SERVICE, longPressServiceQr, stubServiceLink } from '../support/lookup.ts';

/*
 * Progress lookup on a phone (docs/product/screens.md#progress-lookup, docs/product/orders-and-statuses.md#progress-query, docs/product/validation.md, docs/product/texts.md):
 * an order paid in the sandbox is found by its phone; unknown numbers, bad input and failures
 * say so in the spec's words and return to /check.
 */

test('a paid order is found by its phone: detail, receipt and back, contact QR', async ({ page }, testInfo) => {
  const customer = { ...claimCompany(), goodsId: 3 } as const;
  await payOnPhone(page, customer);

  // The lookup starts from the home's link.
  await page.goto('/');
  await page.getByTestId('progress-link').click();
  await expect(page).toHaveURL(/\/check$/);
  await page.getByTestId('check-phone').fill(customer.phone);
  await snapshot(page, testInfo, 'mobile-check');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('check-submit').click();

  await expect(page).toHaveURL(/\/checkDetail$/);
  const card = page.getByTestId('order-progress');
  await expect(card.getByTestId('order-company')).toHaveText(customer.name);
  for (const text of [customer.legal, customer.phone, GOODS[3].name, '支付宝']) await expect(card).toContainText(text);
  await expect(card.getByTestId('order-amount')).toHaveText(GOODS[3].price);
  await expect(card.getByTestId('order-no')).toHaveText(/^KB\d+$/);
  await expect(card.getByTestId('status-badge')).toHaveText('待处理');
  await expect(card.getByTestId('status-badge')).toHaveAttribute('data-status-class', 'pending');
  await expect(card).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(page.getByTestId('order-info')).toContainText(GOODS[3].infoTitle);
  // The saved phone was consumed: a reload of /check would not bounce forward.
  expect(await page.evaluate(() => localStorage.getItem('checkPhone'))).toBeNull();
  await snapshot(page, testInfo, 'mobile-check-detail');
  expect(await accessibilityViolations(page)).toEqual([]);

  // 'view receipt' hands the order to /orderDetail; leaving the receipt saves the phone, so the
  // detail page looks it up again.
  const orderNo = await card.getByTestId('order-no').textContent();
  await page.getByTestId('view-receipt').click();
  await expect(page).toHaveURL(/\/orderDetail$/);
  await expect(page.getByTestId('receipt')).toContainText(customer.name);
  await expect(page.getByTestId('receipt-order-number')).toHaveText(orderNo!);
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(page.getByTestId('order-no')).toHaveText(orderNo!);

  // 'contact agent' shows the QR with 'save image to album'.
  await page.getByTestId('contact-agent').click();
  const contact = page.getByTestId('service-dialog');
  await expect(contact.getByTestId('service-qr')).toBeVisible();
  await expect(contact.getByTestId('service-qr')).toHaveAttribute('data-qr-value', SERVICE.link);
  await snapshot(page, testInfo, 'mobile-contact-qr');
  expect(await accessibilityViolations(page)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), contact.getByTestId('service-save').click()]);
  expect(download.suggestedFilename()).toBe('客服二维码.png');

  // A press of about a second on the QR opens the service link.
  await stubServiceLink(page);
  await longPressServiceQr(page, contact.getByTestId('service-qr'));
  await expect(page).toHaveURL(SERVICE.link);
});

test('an unknown phone says 暂无记录 and returns to /check with the number kept', async ({ page }, testInfo) => {
  await page.goto('/check');
  await page.getByTestId('check-phone').fill('13912349999');
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expectToast(page, '暂无记录');
  await snapshot(page, testInfo, 'mobile-check-no-record');
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByTestId('check-phone')).toHaveValue('13912349999');
});

test('a failed query says 暂时无法查询，请稍后再试 and returns to /check', async ({ page }) => {
  await page.route('**/api/h5/order/phone?*', (route) => route.abort('failed'));
  await page.goto('/check');
  await page.getByTestId('check-phone').fill('13912340001');
  await page.getByTestId('check-submit').click();
  await expectToast(page, '暂时无法查询，请稍后再试');
  await expect(page).toHaveURL(/\/check$/);
});

test('the phone input: empty, digits only, 11 at most, clear icon, a wrong number', async ({ page }) => {
  await page.goto('/check');
  await page.getByTestId('check-submit').click();
  await expectToast(page, '请输入手机号');

  await page.getByTestId('check-phone').fill('139 1234-0001');
  await expect(page.getByTestId('check-phone')).toHaveValue('13912340001');
  await page.getByTestId('check-phone').fill('139123400019');
  await expectToast(page, '超出长度');
  await expect(page.getByTestId('check-phone')).toHaveValue('13912340001');

  await page.getByTestId('check-phone-clear').click();
  await expect(page.getByTestId('check-phone')).toHaveValue('');
  await expect(page.getByTestId('check-phone-clear')).toHaveCount(0);

  await page.getByTestId('check-phone').fill('15412345678');
  await page.getByTestId('check-submit').click();
  await expectToast(page, '请填写正确的手机号码');
  await expect(page).toHaveURL(/\/check$/);
});

test('a phone already saved opens /checkDetail at once; /check offers the agent link', async ({ page }) => {
  await page.goto('/check');
  await expect(page.getByTestId('contact-agent')).toHaveAttribute('href', SERVICE.link);
  await page.evaluate((phone) => localStorage.setItem('checkPhone', phone), '13912349998');
  await page.goto('/check');
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expectToast(page, '暂无记录');
  await expect(page).toHaveURL(/\/check$/);
});
