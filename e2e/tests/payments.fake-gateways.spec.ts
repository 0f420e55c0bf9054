import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FAKE_GATEWAYS_FILE, PHONE } from '../payments.config.ts';
import { COMPANY, accessibilityViolations, fillPerson, openHome, searchAndPick, snapshot } from '../support/journey.ts';

function fakeGateways(): { wechatpay: string; alipay: string } {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../..', FAKE_GATEWAYS_FILE), 'utf8')) as { wechatpay: string; alipay: string };
}

test.describe('desktop, WeChat Pay', () => {
  test('the QR code carries WeChat\'s code_url; the payer scans and pays, the notification lands and the dialog moves on', async ({ page, request }, testInfo) => {
    await openHome(page);
    await searchAndPick(page, '华为', '华为技术有限公司');
    await fillPerson(page);
    await page.getByTestId('consent-checkbox').check();
    await page.getByTestId('submit').click();

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
    await openHome(page);
    await searchAndPick(page);
    await fillPerson(page);
    await page.getByTestId('consent-checkbox').check();
    await page.getByTestId('submit').click();
    await expect(page).toHaveURL(/\/pay$/);
    await expect(page.getByTestId('pay-company')).toContainText(COMPANY.name);
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
