import { expect, test } from '@playwright/test';
import { PHONE } from '../payments.config.ts';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, snapshot, submitHomeForm } from '../support/journey.ts';
import { fakeGateways } from '../support/payments-orders.ts';

test.describe('desktop, WeChat Pay', () => {
  test('the QR code carries WeChat\'s code_url; the payer scans and pays, the notification lands and the dialog moves on', async ({ page, request }, testInfo) => {
    // The real adapters' flows, not the sandbox's: the form is the visitor's, the paying the fakes'.
    await submitHomeForm(page, { ...claimCompany(), goodsId: 1 });

    const dialog = page.getByTestId('pay-dialog');
    await expect(dialog).toBeVisible();
    const qr = dialog.getByTestId('pay-qr');
    await expect(qr).toBeVisible();
    const codeUrl = await qr.getAttribute('data-qr-value');
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    await snapshot(page, testInfo, 'payments-desktop-wechat-qr');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The payer scans the code in WeChat; WeChat (the fake) notifies our server over HTTP.
    const paid = await request.post(`${fakeGateways().wechatpay}/__fake/pay`, { data: { code_url: codeUrl } });
    expect(paid.ok()).toBe(true);
    expect((await paid.json()).notified).toBe(204);

    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('declaration-dialog')).toContainText('支付成功');
    await snapshot(page, testInfo, 'payments-desktop-wechat-paid');
  });
});

test.describe('phone, Alipay', () => {
  test.use(PHONE);

  test('the h5 payment redirects to the Alipay cashier, which notifies and brings the visitor back to success', async ({ page }, testInfo) => {
    const customer = { ...claimCompany(), goodsId: 1 } as const;
    await submitHomeForm(page, customer);
    await expect(page).toHaveURL(/\/pay$/);
    await expect(page.getByTestId('pay-company')).toContainText(customer.name);
    await expect(page.getByTestId('pay-method-alipay')).toBeVisible();

    await page.getByTestId('pay-now').click();
    await expect(page).toHaveURL(new RegExp(`^${fakeGateways().alipay}/gateway\\.do\\?method=alipay\\.trade\\.wap\\.pay&`));
    const url = new URL(page.url());
    expect(url.searchParams.get('return_url')).toMatch(/\/pay$/);
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', total_amount: expect.stringMatching(/^\d+\.\d{2}$/) });
    await expect(page.getByRole('button', { name: '确认付款' })).toBeVisible();
    await snapshot(page, testInfo, 'payments-phone-alipay-cashier');
    await page.getByRole('button', { name: '确认付款' }).click();

    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByTestId('declaration')).toContainText('支付成功');
    await snapshot(page, testInfo, 'payments-phone-alipay-success');
  });
});
