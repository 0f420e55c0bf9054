import { expect, test } from '@playwright/test';
import { alreadyOrderedMessage, handlingNotes } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { payOnDesktop, snapshot, submitHomeForm, type Customer } from '../support/journey.ts';

/*
 * Credit repair in its own words on the desktop (decision 032): the home
 * button and the pay dialog say what the service is, without the annual report's countdown, and a
 * company that already ordered it is told so as the dialog opens.
 */
test('credit repair reads its own words in the pay dialog, and a second order is refused as the dialog opens', async ({ page, context }, testInfo) => {
  const customer: Customer = { ...claimCompany(), goodsId: 3 };

  await submitHomeForm(page, customer);
  await expect(page.getByTestId('submit')).toHaveText('立即办理修复');
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-qr')).toBeVisible();
  await expect(dialog).toContainText('代办服务费');
  await expect(dialog.getByTestId('pay-amount')).toHaveText('¥999.00');
  await expect(dialog.getByTestId('pay-countdown')).toHaveCount(0);
  await expect(dialog.getByTestId('promises').locator('li')).toHaveText([...handlingNotes('credit_repair')]);
  await expect(dialog).not.toContainText(/逾期|补报|申报金额|距年报截止|年报提交后|填报年报/);
  // Its own free channels: gsxt and 信用中国, not the annual report's.
  await expect(dialog.getByTestId('honesty-notice')).toContainText('信用修复也可在国家企业信用信息公示系统');
  await expect(dialog.getByTestId('official-channel-link').nth(1)).toHaveAttribute('href', 'https://www.creditchina.gov.cn');
  await snapshot(page, testInfo, 'desktop-pay-credit-repair');

  // Paid; then the same company and service again: the dialog says so at once, without a QR code.
  await payOnDesktop(page, context, customer);
  await submitHomeForm(page, customer);
  const again = page.getByTestId('pay-dialog');
  await expect(again.getByTestId('pay-refused')).toContainText(alreadyOrderedMessage('credit_repair'));
  await expect(again.getByTestId('pay-qr')).toHaveCount(0);
  await snapshot(page, testInfo, 'desktop-pay-already-ordered');
  // Kept until the visitor chooses: 查看办理进度 opens /check with the phone the order was placed with.
  await again.getByTestId('already-ordered-progress').click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByTestId('query-phone')).toHaveValue(customer.phone);
});
