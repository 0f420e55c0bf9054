import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { payOnDesktop, snapshot } from '../support/journey.ts';
import { setProcessStatusOf } from '../support/orders-db.ts';

/*
 * The rough edges around paying on a desktop (docs/product/screens.md#payment): once paid, the form starts over (no
 * filled form with an active button to pay again), and an ended (refunded) order has the same tone
 * in the query table as on the phone pages.
 */

test('a desktop payment resets the form; an ended order is grey in the query table', async ({ page, context }, testInfo) => {
  const customer = { ...claimCompany(), goodsId: 2 } as const;
  await payOnDesktop(page, context, customer);
  const success = page.getByTestId('success-dialog');
  await success.getByRole('button', { name: '关闭' }).click();
  await expect(success).toHaveCount(0);

  // The form starts over: no company, no ID number or phone, consent not given; the same service stays chosen.
  await expect(page.getByTestId('selected-company')).toHaveCount(0);
  await expect(page.getByTestId('company-input')).toHaveValue('');
  await expect(page.getByTestId('id-input')).toHaveValue('');
  await expect(page.getByTestId('phone-input')).toHaveValue('');
  await expect(page.getByTestId('consent-checkbox')).not.toBeChecked();
  await expect(page.getByTestId(`goods-${customer.goodsId}`).locator('input')).toBeChecked();
  await snapshot(page, testInfo, 'desktop-home-after-payment');
  // A reload does not bring the paid form back either.
  await page.reload();
  await expect(page.locator('html[data-idle]')).toHaveCount(1);
  await expect(page.getByTestId('phone-input')).toHaveValue('');

  await page.getByTestId('progress-link').click();
  const dialog = page.getByTestId('query-dialog');
  await dialog.getByTestId('query-phone').fill(customer.phone);
  const row = dialog.getByTestId('query-row');
  // Asked again until the paid order is listed: once, in a full CI run, the first answer right after
  // paying was 暂无数据 (not reproduced alone); the order must still be listed within the wait.
  await expect(async () => {
    await dialog.getByTestId('query-submit').click();
    await expect(row).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  setProcessStatusOf((await row.getByTestId('query-order-no').textContent())!, '5');
  await dialog.getByTestId('query-submit').click();
  await expect(row.getByTestId('status-badge')).toHaveText('已结束');
  await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status-class', 'ended');
});
