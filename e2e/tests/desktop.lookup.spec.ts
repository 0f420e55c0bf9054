import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, expectToast, openHome, payOnDesktop, snapshot } from '../support/journey.ts';
import { GOODS, SERVICE, useVariant } from '../support/lookup.ts';

/*
 * Desktop dialogs (docs/product/screens.md): the query dialog with its results table and the receipt,
 * the 300×342 service contact dialog, and the report dialog.
 */

test('@hd a paid order shows in the query table with every column; details opens its receipt', async ({ page, context }, testInfo) => {
  const customer = { ...claimCompany(), goodsId: 2 } as const;
  await payOnDesktop(page, context, customer);
  await page.getByTestId('success-dialog').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('success-dialog')).toBeHidden();

  await page.getByTestId('progress-link').click();
  const dialog = page.getByTestId('query-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('query-empty')).toHaveText('暂无数据');
  await expect(dialog.getByTestId('query-description')).toContainText('查询说明');
  await expect(dialog.getByTestId('query-service-qr')).toBeVisible();

  // The empty number asks for one.
  await dialog.getByTestId('query-submit').click();
  await expectToast(page, '请输入要查询的手机号');

  await dialog.getByTestId('query-phone').fill(customer.phone);
  await dialog.getByTestId('query-submit').click();
  const row = dialog.getByTestId('query-row');
  await expect(row).toHaveCount(1);
  await expect(dialog.getByRole('columnheader')).toHaveText([
    '企业名称 / 统一社会信用代码',
    '法定代表人',
    '联系电话',
    '下单时间',
    '订单编号',
    '支付方式 / 代办服务费',
    '办理状态',
    '操作',
  ]);
  for (const text of [customer.name, customer.creditCode, customer.legal, customer.phone, '微信支付', GOODS[2].price]) {
    await expect(row).toContainText(text);
  }
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(row.getByTestId('query-order-no')).toHaveText(/^KB\d+$/);
  // A new order waits for handling: red (only '2' is green, '4' orange).
  await expect(row.getByTestId('status-badge')).toHaveText('待处理');
  await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status-class', 'pending');
  await snapshot(page, testInfo, `${testInfo.project.name}-query-dialog`);
  expect(await accessibilityViolations(page)).toEqual([]);

  const orderNo = await row.getByTestId('query-order-no').textContent();
  await row.getByTestId('query-details').click();
  const receipt = page.getByTestId('receipt-dialog');
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(customer.name);
  await expect(receipt.getByTestId('receipt-order-number')).toHaveText(orderNo!);
  await snapshot(page, testInfo, `${testInfo.project.name}-query-receipt`);
  expect(await accessibilityViolations(page)).toEqual([]);
  // Esc closes the receipt only; the table stays.
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(row).toHaveCount(1);
});

test('an unknown phone leaves the table at 暂无数据; /check on desktop opens the query dialog', async ({ page }) => {
  await page.goto('/check');
  const dialog = page.getByTestId('query-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('home')).toBeVisible();
  await dialog.getByTestId('query-phone').fill('13912349997');
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/h5/order/phone');
  await dialog.getByTestId('query-submit').click();
  await answered;
  await expect(dialog.getByTestId('query-empty')).toHaveText('暂无数据');
  await expect(dialog.getByTestId('query-row')).toHaveCount(0);
  // Closing leaves the /check address for the home's.
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('the service contact dialog: 300×342, QR, phone with copy, save image', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHome(page);
  await page.getByTestId('contact-link').click();
  const dialog = page.getByTestId('service-dialog');
  await expect(dialog).toBeVisible();
  // Measured once its opening animation has settled.
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = (await dialog.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([300, 342]);
  await expect(dialog.getByTestId('service-qr')).toHaveAttribute('data-qr-value', SERVICE.link);
  await expect(dialog.getByTestId('service-phone')).toHaveText(SERVICE.phone);
  await snapshot(page, testInfo, 'desktop-service-dialog');
  expect(await accessibilityViolations(page)).toEqual([]);

  await dialog.getByTestId('service-copy').click();
  await expectToast(page, '复制成功');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SERVICE.phone);

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('service-save').click()]);
  expect(download.suggestedFilename()).toBe('客服二维码.png');
  const file = testInfo.outputPath('saved-qr.png');
  await download.saveAs(file);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(file);
  // A real PNG, not an empty data URL.
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(500);
});

test('without a service phone, copy says 暂无联系电话', async ({ page }) => {
  await page.route('**/api/user/config?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data = { ...body.data, service_phone: '' };
    await route.fulfill({ response, json: body });
  });
  await openHome(page);
  await page.getByTestId('contact-link').click();
  const dialog = page.getByTestId('service-dialog');
  await expect(dialog.getByTestId('service-phone')).toHaveText('暂无');
  await dialog.getByTestId('service-copy').click();
  await expectToast(page, '暂无联系电话');
});

test('the report dialog validates, submits and closes', async ({ page }, testInfo) => {
  await openHome(page);
  await page.getByTestId('report-entry').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('report-submit').click();
  await expectToast(page, '请填写举报原因');
  await dialog.getByRole('radio', { name: '其他问题' }).check({ force: true });
  await dialog.getByTestId('report-content').fill('电话里的人要求提供短信验证码');
  await expect(dialog.getByTestId('report-counter')).toContainText('14/500');
  await snapshot(page, testInfo, 'desktop-report-dialog');
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByTestId('report-submit').click();
  await expectToast(page, '提交成功');
  await dialog.getByTestId('report-done').click();
  await expect(dialog).toBeHidden();
});

test('v2 has no report icon on desktop', async ({ page }) => {
  await useVariant(page, 'v2');
  await openHome(page);
  await expect(page.getByTestId('progress-link')).toBeVisible();
  await expect(page.getByTestId('report-entry')).toHaveCount(0);
});
