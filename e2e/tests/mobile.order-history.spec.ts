import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { payOnPhone, snapshot } from '../support/journey.ts';
import { GOODS } from '../support/lookup.ts';

/*
 * On a phone, /checkDetail reaches every order of the phone and its receipt (docs/product/screens.md#progress-lookup): the
 * latest is shown first, the list names them all, a tap shows an older one, its receipt is that
 * order's, and the receipt's 返回 comes back to the same order.
 */

test('a phone with two orders reaches the older one and its receipt from /checkDetail', async ({ page }, testInfo) => {
  test.slow();
  const first = { ...claimCompany(), goodsId: 2 } as const;
  const second = { ...claimCompany(), phone: first.phone, goodsId: 3 } as const;
  const phone = first.phone;
  await payOnPhone(page, first);
  await payOnPhone(page, second);

  await page.goto('/check');
  await page.getByTestId('check-phone').fill(phone);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);

  // The latest first, and both in the list, newest first.
  const card = page.getByTestId('order-progress');
  await expect(card.getByTestId('order-company')).toHaveText(second.name);
  const choices = page.getByTestId('order-choice');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText(second.name);
  await expect(choices.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(choices.nth(1)).toContainText(first.name);
  await expect(choices.nth(1)).toContainText(GOODS[2].name);
  await snapshot(page, testInfo, 'check-detail-two-orders');

  // A tap shows the older order, with its own info block.
  const olderNo = await choices.nth(1).getAttribute('data-order-no');
  await choices.nth(1).click();
  await expect(card.getByTestId('order-company')).toHaveText(first.name);
  await expect(card.getByTestId('order-no')).toHaveText(olderNo!);
  await expect(card.getByTestId('order-amount')).toHaveText(GOODS[2].price);
  await expect(page.getByTestId('order-info')).toContainText(GOODS[2].infoTitle);
  await expect(choices.nth(1)).toHaveAttribute('aria-current', 'true');
  await snapshot(page, testInfo, 'check-detail-older-order');

  // Its receipt, and back to the same order.
  await page.getByTestId('view-receipt').click();
  await expect(page).toHaveURL(/\/orderDetail$/);
  await expect(page.getByTestId('receipt')).toContainText(first.name);
  await expect(page.getByTestId('receipt-order-number')).toHaveText(olderNo!);
  // The order number once, at the head of the slip.
  expect((await page.getByTestId('receipt').textContent())!.split(olderNo!)).toHaveLength(2);
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(card.getByTestId('order-no')).toHaveText(olderNo!);
});
