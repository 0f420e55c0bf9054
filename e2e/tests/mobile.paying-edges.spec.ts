import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { SANDBOX_CASHIER_URL, confirmAuthorization, payOnPhone, snapshot, submitHomeForm } from '../support/journey.ts';
import { setProcessStatusOf } from '../support/orders-db.ts';

/*
 * The rough edges around paying on a phone (docs/product/screens.md#payment): a cancel at the cashier is said on
 * the home, the /pay edit icon keeps the consent, /check opens with the paid order's phone, and an
 * ended (refunded) order has the same tone as in the desktop table.
 */

test('the edit icon keeps the consent; cancelling at the cashier comes home with word of the unpaid order', async ({ page }, testInfo) => {
  const cancelling = { ...claimCompany(), goodsId: 2 } as const;
  await submitHomeForm(page, cancelling);
  await expect(page).toHaveURL(/\/pay$/);

  // The edit icon goes back to the form with everything the visitor gave, the consent included.
  await page.getByTestId('pay-edit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('selected-company')).toContainText(cancelling.name);
  await expect(page.getByTestId('consent-checkbox')).toBeChecked();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);

  // At the cashier the visitor cancels: home, with a word on what became of the order.
  await confirmAuthorization(page, cancelling.legal);
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(SANDBOX_CASHIER_URL);
  await page.getByRole('button', { name: '取消支付' }).click();
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByTestId('pay-unfinished');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('支付未完成');
  await expect(notice).toContainText('未支付');
  await expect(notice).toContainText('重新提交');
  await expect(page.getByTestId('selected-company')).toContainText(cancelling.name);
  await expect(page.getByTestId('phone-input')).toHaveValue(cancelling.phone);
  await snapshot(page, testInfo, 'home-after-cancel');
  await page.getByTestId('pay-unfinished-close').click();
  await expect(notice).toHaveCount(0);

  // Said once: a reload of the home does not repeat it.
  await page.reload();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.locator('html[data-idle]')).toHaveCount(1);
  await expect(notice).toHaveCount(0);
});

test('after paying, /check opens with the phone; an ended order is grey as on the desktop', async ({ page }, testInfo) => {
  const paying = { ...claimCompany(), goodsId: 3 } as const;
  await payOnPhone(page, paying);
  await page.getByTestId('view-progress').click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByTestId('check-phone')).toHaveValue(paying.phone);
  await snapshot(page, testInfo, 'check-prefilled');

  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  const orderNo = (await page.getByTestId('order-no').textContent())!;
  // Refunded: process status 5 (已结束), one tone everywhere (packages/domain/src/status-display.ts).
  setProcessStatusOf(orderNo, '5');
  await page.goto('/check');
  await page.getByTestId('check-phone').fill(paying.phone);
  await page.getByTestId('check-submit').click();
  const badge = page.getByTestId('order-progress').getByTestId('status-badge');
  await expect(badge).toHaveText('已结束');
  await expect(badge).toHaveAttribute('data-status-class', 'ended');
});
