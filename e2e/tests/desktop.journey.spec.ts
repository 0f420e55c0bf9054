import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { COMPANY, accessibilityViolations, expectToast, fillPerson, openHome, payOnDesktop, snapshot } from '../support/journey.ts';

test('a visitor on a desktop pays the QR code in the sandbox cashier while the dialog polls', async ({ page, context }, testInfo) => {
  await openHome(page);
  await expect(page.getByTestId('honesty-notice')).toBeInViewport();
  await snapshot(page, testInfo, 'desktop-home');
  expect(await accessibilityViolations(page)).toEqual([]);

  // The QR encodes the cashier address; a "phone" opens it in another page and pays.
  const customer = { ...claimCompany(), goodsId: 1 } as const;
  await payOnDesktop(page, context, customer, {
    atPay: async () => {
      const dialog = page.getByTestId('pay-dialog');
      await expect(dialog).toContainText(customer.name);
      // Ordinary desktop web offers both, WeChat first (docs/product/screens.md).
      await expect(dialog.getByTestId('pay-method-weixin')).toBeVisible();
      await snapshot(page, testInfo, 'desktop-pay-dialog');
    },
  });

  // An annual report continues with the declaration dialog (desktop.success.spec.ts covers it).
  await expect(page.getByTestId('declaration-dialog')).toBeVisible();
  await expect(page.getByTestId('declaration-dialog')).toContainText('支付成功');
  await snapshot(page, testInfo, 'desktop-success');
});

test('the desktop form rejects a missing company choice and a bad phone', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('company-input').fill(COMPANY.keyword);
  await fillPerson(page);
  await page.getByTestId('submit').click();
  await expectToast(page, '请选择您的公司');
  await page.getByTestId('company-option').filter({ hasText: COMPANY.name }).click();
  await page.getByTestId('phone-input').fill('12345678901');
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('phone-input')).toHaveAccessibleDescription('请填写正确的手机号码');
});
