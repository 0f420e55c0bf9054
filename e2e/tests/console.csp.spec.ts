import { expect, test } from '@playwright/test';
import { describeWatch, expectInlineScriptRefused, watchCsp } from '../support/csp.ts';
import { claimCompany } from '../support/companies.ts';
import { payOnDesktop } from '../support/journey.ts';
import { signInToConsole, searchOrders } from '../support/console.ts';

/*
 * Finding 10: the agent's console passes its own Content-Security-Policy
 * (docs/decisions/015-security-headers.md): scripts from our origin only, inline styles allowed
 * for antd's CSS-in-JS. Sign-in, dashboard, order list, order detail with a screenshot uploaded and
 * opened in antd's preview, a confirm dialog, every other page of the menu, and the visitor's
 * receipt with that screenshot.
 */

// A 2×2 PNG, as a clerk's screenshot would be.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mNk+M9QzwAEjDAGACCDAv8cI7IoAAAAAElFTkSuQmCC', 'base64');

test('sign-in, the dashboard and every page of the menu run under the console policy without a violation', async ({ page, context }, testInfo) => {
  test.slow();
  const csp = await watchCsp(context);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/login$/);
  // /console answers a redirect to /console/, whose document routes itself to /console/login.
  const policy = csp.policies.get('/console/');
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("style-src 'self' 'unsafe-inline'");
  await expectInlineScriptRefused(page, csp);
  // antd's CSS-in-JS took effect: the primary button wears the theme's colour.
  await expect(page.getByTestId('login-submit')).toHaveCSS('background-color', 'rgb(9, 88, 217)');
  await signInToConsole(page);
  await page.screenshot({ path: testInfo.outputPath('csp-console-dashboard.png') });

  const nav = page.getByRole('navigation', { name: '主导航' });
  for (const [title, path] of [
    ['订单处理', 'orders'],
    ['退款审批', 'refunds'],
    ['投诉处理', 'feedback'],
    ['短信记录', 'sms'],
    ['服务与价格', 'goods'],
    ['站点配置', 'site-config'],
    ['操作日志', 'audit'],
    ['对账', 'reconciliation'],
    ['员工账号', 'staff'],
  ] as const) {
    await nav.getByText(title, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/console/${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await page.getByRole('button', { name: '新增员工' }).click();
  await expect(page.getByRole('dialog', { name: '新增员工' })).toBeVisible();

  testInfo.annotations.push({ type: 'csp', description: describeWatch(csp) });
  for (const path of ['/console/login', '/console/orders', '/console/staff']) expect([...csp.visited]).toContain(path);
  csp.expectClean();
});

test('an order worked in the console: detail, screenshot upload and preview, confirm dialogs, the visitor\'s receipt; no violation', async ({ page, context }, testInfo) => {
  // A visitor's payment, then the order's detail in the console (each step waits on state).
  test.setTimeout(240_000);
  const customer = { ...claimCompany(), goodsId: 3 } as const;
  const csp = await watchCsp(context);

  // A visitor pays (the desktop layout at the console's viewport).
  const visitor = await context.newPage();
  await payOnDesktop(visitor, context, customer);
  await visitor.close();

  await signInToConsole(page);
  await expect(page.getByTestId('badge-new-paid')).toBeVisible();
  const nav = page.getByRole('navigation', { name: '主导航' });
  await nav.getByText('订单处理').click();
  await expect(page.getByRole('heading', { level: 1, name: '订单处理' })).toBeVisible();
  await searchOrders(page, customer.phone);
  const row = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: customer.name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('order-link').click();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByTestId('take-order')).toHaveCSS('background-color', 'rgb(9, 88, 217)');

  // Take it, upload a screenshot, open antd's preview of it, confirm dialogs.
  await page.getByTestId('take-order').click();
  await expect(page.getByTestId('handler-name')).toHaveText('管理员（我）');
  await page.locator('input[type="file"]').setInputFiles({ name: '公示截图.png', mimeType: 'image/png', buffer: PNG });
  const screenshot = page.getByTestId('screenshot');
  await expect(screenshot).toHaveCount(1);
  const thumbnail = screenshot.getByRole('img', { name: '完成截图 1' });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await thumbnail.click();
  const preview = page.locator('.ant-image-preview');
  await expect(preview).toBeVisible();
  await expect(preview.locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/);
  await page.screenshot({ path: testInfo.outputPath('csp-console-preview.png') });
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.getByTestId('move-4').click();
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('order-info').getByTestId('process-status')).toHaveText('处理中');
  await page.getByTestId('move-2').click();
  await expect(page.getByRole('dialog')).toContainText('客户将在回执中看到 1 张完成截图');
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('order-info').getByTestId('process-status')).toHaveText('已完成');
  await page.screenshot({ path: testInfo.outputPath('csp-console-order-detail.png'), fullPage: true });

  // The visitor's receipt shows the uploaded screenshot.
  const receiptPage = await context.newPage();
  await receiptPage.goto('/check');
  const query = receiptPage.getByTestId('query-dialog');
  await query.getByTestId('query-phone').fill(customer.phone);
  await query.getByTestId('query-submit').click();
  await query.getByTestId('query-row').getByTestId('query-details').click();
  const shot = receiptPage.getByTestId('receipt').getByTestId('receipt-screenshot');
  await expect(shot).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/);
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

  testInfo.annotations.push({ type: 'csp', description: describeWatch(csp) });
  expect([...csp.visited].some((url) => /^\/console\/orders\/\w+/.test(url))).toBe(true);
  csp.expectClean();
});
