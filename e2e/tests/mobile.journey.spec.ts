import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, openHome, payOnPhone, snapshot } from '../support/journey.ts';

test('a visitor on a phone looks up the company, consents, pays in the sandbox and lands on success', async ({ page }, testInfo) => {
  await openHome(page);
  // Honesty (docs/product/trust-and-personal-data.md): the disclosure and the fee are on the first screen, before the ID input.
  await expect(page.getByTestId('honesty-notice')).toBeInViewport();
  await expect(page.getByTestId('official-channel-link')).toHaveAttribute('href', /gsxt\.gov\.cn/);
  await expect(page.getByTestId('service-fee')).toContainText('¥');
  const feeBox = await page.getByTestId('service-fee').boundingBox();
  const idBox = await page.getByTestId('id-input').boundingBox();
  expect(feeBox!.y).toBeLessThan(idBox!.y);
  await snapshot(page, testInfo, 'mobile-home');
  expect(await accessibilityViolations(page)).toEqual([]);

  const customer = { ...claimCompany(), goodsId: 1 } as const;
  await payOnPhone(page, customer, {
    atPay: async () => {
      await expect(page.getByTestId('pay-company')).toContainText(customer.name);
      await expect(page.getByTestId('pay-company')).toContainText(customer.creditCode);
      await expect(page.getByTestId('pay-company')).toContainText(customer.phone);
      await expect(page.getByTestId('honesty-notice')).toBeVisible();
      // A phone browser outside WeChat pays by Alipay only (docs/product/orders-and-statuses.md).
      await expect(page.getByTestId('pay-method-alipay')).toBeVisible();
      await expect(page.getByTestId('pay-method-weixin')).toHaveCount(0);
      await snapshot(page, testInfo, 'mobile-pay');
      expect(await accessibilityViolations(page)).toEqual([]);
    },
    atCashier: async () => {
      await expect(page.getByText('确认支付')).toBeVisible();
      await snapshot(page, testInfo, 'mobile-sandbox-cashier');
    },
  });

  // An annual report continues with its declaration form (mobile.success.spec.ts covers it).
  await expect(page.getByTestId('declaration')).toContainText('支付成功');
  await snapshot(page, testInfo, 'mobile-success');
});
