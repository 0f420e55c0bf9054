import { expect, test } from '@playwright/test';
import { snapshot } from '../support/journey.ts';
import { GOODS, payOnPhone, type Customer } from '../support/lookup.ts';

/*
 * On a phone, /checkDetail reaches every order of the phone and its receipt (issue 16 item 7): the
 * latest is shown first, the list names them all, a tap shows an older one, its receipt is that
 * order's, and the receipt's 返回 comes back to the same order.
 */

const PHONE = '13912341701';
const FIRST: Customer = { name: '广州华生农业发展有限公司', creditCode: '', legal: '', phone: PHONE, goodsId: 2 };
const SECOND: Customer = { name: '苏州宏纪建筑工程有限公司', creditCode: '', legal: '', phone: PHONE, goodsId: 3 };

test('a phone with two orders reaches the older one and its receipt from /checkDetail', async ({ page }, testInfo) => {
  test.slow();
  await payOnPhone(page, FIRST);
  await payOnPhone(page, SECOND);

  await page.goto('/check');
  await page.getByTestId('check-phone').fill(PHONE);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);

  // The latest first, and both in the list, newest first.
  const card = page.getByTestId('order-progress');
  await expect(card.getByTestId('order-company')).toHaveText(SECOND.name);
  const choices = page.getByTestId('order-choice');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText(SECOND.name);
  await expect(choices.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(choices.nth(1)).toContainText(FIRST.name);
  await expect(choices.nth(1)).toContainText(GOODS[2].name);
  await snapshot(page, testInfo, 'check-detail-two-orders');

  // A tap shows the older order, with its own info block.
  const olderNo = await choices.nth(1).getAttribute('data-order-no');
  await choices.nth(1).click();
  await expect(card.getByTestId('order-company')).toHaveText(FIRST.name);
  await expect(card.getByTestId('order-no')).toHaveText(olderNo!);
  await expect(card.getByTestId('order-amount')).toHaveText(GOODS[2].price);
  await expect(page.getByTestId('order-info')).toContainText(GOODS[2].infoTitle);
  await expect(choices.nth(1)).toHaveAttribute('aria-current', 'true');
  await snapshot(page, testInfo, 'check-detail-older-order');

  // Its receipt, and back to the same order.
  await page.getByTestId('view-receipt').click();
  await expect(page).toHaveURL(/\/orderDetail$/);
  await expect(page.getByTestId('receipt')).toContainText(FIRST.name);
  await expect(page.getByTestId('receipt-order-number')).toHaveText(olderNo!);
  // The order number once, at the head of the slip (issue 16 item 11).
  expect((await page.getByTestId('receipt').textContent())!.split(olderNo!)).toHaveLength(2);
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(card.getByTestId('order-no')).toHaveText(olderNo!);
});
