import { expect as baseExpect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { accessibilityViolations, motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { claimCompany } from '../support/companies.ts';
import { lookupCodeFromDatabase } from '../support/lookup-code.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * Templates and the customer's upload (docs/decisions/062-templates-and-customer-uploads.md): an admin
 * keeps a 补充资料 template; a clerk opens a paid cancellation, asks for documents with it (filled with
 * the order's names, then edited); the customer, on a phone, proves the number with the SMS code on
 * /checkDetail and uploads a PNG; the clerk sees it on the order page and its timeline, continues the
 * order and completes it with the completion screenshot a cancellation requires.
 * Console at 1280×800, the customer at 390×844.
 */

test.describe.configure({ timeout: 300_000 });
// Three browser contexts, each loading the console or the web app cold: on a shared machine the first
// lazy page of a context can take longer than the default 10 s to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

// A 2×2 PNG (transparent): the customer's photo and the clerk's completion screenshot.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mNk+M9QzwAEjDAGACCDAv8cI7IoAAAAAElFTkSuQmCC', 'base64');
const CONSOLE_VIEWPORT = { width: 1280, height: 800 };
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
}

async function consolePage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: CONSOLE_VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  return context.newPage();
}

test('a clerk asks for documents with a template, the customer uploads a photo on /checkDetail, the clerk sees it and completes the order', async ({ browser }, testInfo) => {
  const suffix = Math.random().toString(36).slice(2, 6);
  const company = claimCompany();
  const name = `模板上传测试${suffix}有限公司`;
  const [orderId] = insertPaidOrders([{ name, fee: 49900, paidAt: new Date(Date.now() - 3600_000).toISOString(), goodsType: 'license_destory', phone: company.phone }]);

  // The admin: a clerk account, and a template with the order's placeholders (a typo is refused as typed).
  const admin = await consolePage(browser, testInfo);
  await signInToConsole(admin);
  const username = `clerk.tpl${suffix}`;
  const created = await admin.request.post('/api/console/staff', { headers: { 'x-kb-console': '1' }, data: { username, display_name: `模板专员${suffix}`, role: 'clerk', password: 'temporary-pass-1' } });
  expect(created.status(), await created.text()).toBe(200);
  await admin.goto('/console/templates');
  await expect(admin.getByRole('heading', { level: 1, name: '消息模板' })).toBeVisible();
  await admin.getByTestId('template-new').click();
  const templateName = `营业执照${suffix}`;
  await admin.getByTestId('template-name').fill(templateName);
  await admin.getByTestId('template-body').fill('请{法人}上传营业执照');
  await expect(admin.getByTestId('template-refusal')).toContainText('{法人}');
  await expect(admin.getByTestId('template-save')).toBeDisabled();
  await admin.getByTestId('template-body').fill('请{法定代表人}拍照上传{企业名称}的营业执照正本（订单{订单号}）');
  await expect(admin.getByTestId('template-refusal')).toHaveCount(0);
  await motionDone(admin);
  await snapshot(admin, testInfo, 'template-editor-1280');
  await admin.getByTestId('template-save').click();
  await expect(admin.getByTestId('template-table')).toContainText(templateName);
  await motionDone(admin);
  await snapshot(admin, testInfo, 'templates-page-1280');
  expect(await accessibilityViolations(admin)).toEqual([]);
  await admin.context().close();

  // The clerk signs in (first sign-in: a new password) and opens the paid order.
  const desk = await consolePage(browser, testInfo);
  await desk.goto('/console/login');
  await desk.getByTestId('login-username').fill(username);
  await desk.getByTestId('login-password').fill('temporary-pass-1');
  await desk.getByTestId('login-submit').click();
  await desk.getByTestId('password-current').fill('temporary-pass-1');
  await desk.getByTestId('password-new').fill(`clerk-tpl-${suffix}-2026`);
  await desk.getByTestId('password-confirm').fill(`clerk-tpl-${suffix}-2026`);
  await desk.getByRole('button', { name: '保存新密码' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
  await desk.goto(`/console/orders/${orderId}`);
  await expect(desk.getByRole('heading', { level: 1, name })).toBeVisible();
  const facts = ((await (await desk.request.get(`/api/console/orders/${orderId}`)).json()) as { data: { entity_legal: string; out_trade_no: string } }).data;
  await desk.getByTestId('take-order').click();
  await expect(desk.getByTestId('handler-name')).toContainText('（我）');
  await desk.getByTestId('move-4').click();
  await desk.getByTestId('move-confirm').click();
  await expect(desk.getByTestId('order-info').getByTestId('process-status')).toHaveText('处理中');

  // 待客户补充 with the template: filled with the order's names, then edited before sending.
  await desk.getByTestId('move-3').click();
  const dialog = desk.getByRole('dialog');
  await choose(desk, '选用模板', templateName);
  const filled = `请${facts.entity_legal}拍照上传${name}的营业执照正本（订单${facts.out_trade_no}）`;
  await expect(desk.getByTestId('move-note')).toHaveValue(filled);
  const request = `${filled}，以及法定代表人身份证正面照片`;
  await desk.getByTestId('move-note').fill(request);
  await expect(desk.getByTestId('request-sms-preview')).toContainText('短信中只带前 35 个字');
  await motionDone(desk);
  await snapshot(desk, testInfo, 'template-request-dialog-1280');
  await desk.getByTestId('move-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByTestId('order-info').getByTestId('process-status')).toHaveText('待客户补充');
  await expect(desk.getByTestId('customer-files')).toContainText('客户尚未上传');

  // The customer, on a phone: /check → /checkDetail, the SMS code, then the photo.
  const phone = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: IPHONE_UA, locale: 'zh-CN' });
  const customer = await phone.newPage();
  await customer.goto('/check');
  await customer.getByTestId('check-phone').fill(company.phone);
  await customer.getByTestId('check-submit').click();
  await expect(customer).toHaveURL(/\/checkDetail$/);
  const verify = customer.getByTestId('verify-card');
  await verify.getByTestId('verify-send').click();
  await expect(verify.getByTestId('verify-send')).toBeDisabled();
  await verify.getByTestId('verify-code').fill(lookupCodeFromDatabase());
  await verify.getByTestId('verify-confirm').click();
  await expect(customer.getByTestId('verify-card')).toHaveCount(0);
  const requestCard = customer.getByTestId('customer-request');
  await expect(requestCard).toContainText(request);
  await customer.getByTestId('upload-input').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
  await expect(customer.getByTestId('upload-sent')).toContainText('已上传：营业执照.png');
  await requestCard.scrollIntoViewIfNeeded();
  await snapshot(customer, testInfo, 'customer-upload-390');
  expect(await accessibilityViolations(customer)).toEqual([]);
  await phone.close();

  // The clerk sees the photo on the order and on the timeline, continues, and completes with the screenshot.
  await desk.reload();
  await expect(desk.getByTestId('customer-file')).toHaveCount(1);
  await expect(desk.getByTestId('customer-files')).toContainText('营业执照.png');
  await expect.poll(() => desk.getByTestId('customer-file').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect(desk.getByTestId('order-timeline').getByTestId('timeline-customer').filter({ hasText: '客户上传补充资料' })).toContainText('营业执照.png');
  await desk.getByTestId('customer-files').scrollIntoViewIfNeeded();
  await motionDone(desk);
  await snapshot(desk, testInfo, 'order-customer-upload-1280');
  await desk.getByTestId('move-4').click();
  await desk.getByTestId('move-confirm').click();
  await expect(desk.getByTestId('order-info').getByTestId('process-status')).toHaveText('处理中');

  await choose(desk, '通话结果', '已接通·已沟通');
  await desk.getByTestId('record-call').click();
  await expect(desk.getByTestId('call-list').locator('li')).toHaveCount(1);
  // A cancellation cannot be completed before its completion screenshot.
  await desk.getByTestId('move-2').click();
  await expect(desk.getByTestId('screenshot-required')).toBeVisible();
  await expect(desk.getByTestId('move-confirm')).toBeDisabled();
  await desk.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();
  await desk.locator('input[type="file"]').first().setInputFiles({ name: '注销完成截图.png', mimeType: 'image/png', buffer: PNG });
  await expect(desk.getByTestId('screenshot')).toHaveCount(1);
  await desk.getByTestId('move-2').click();
  await expect(desk.getByTestId('screenshot-required')).toHaveCount(0);
  await desk.getByTestId('move-confirm').click();
  await expect(desk.getByTestId('order-info').getByTestId('process-status')).toHaveText('已完成');
  // The customer's photo is not a completion screenshot: the receipt shows only the clerk's.
  await expect(desk.getByTestId('screenshot')).toHaveCount(1);
  await expect(desk.getByTestId('customer-file')).toHaveCount(1);
  await motionDone(desk);
  await snapshot(desk, testInfo, 'order-completed-1280');
  expect(await accessibilityViolations(desk)).toEqual([]);
  await desk.context().close();
});
