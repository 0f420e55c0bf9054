import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { motionDone, snapshot } from '../support/journey.ts';
import { CONSOLE_ADMIN } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * No internal words for staff: the 操作日志 in Chinese with Beijing times, 企业数据源 without commands,
 * 站点配置 by Chinese names, and screen-reader labels in Chinese on every console page (antd writes
 * some in English whatever its locale: apps/console/src/lib/chinese-aria.ts). At 1280×800.
 */

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial', timeout: 400_000 });

const PAGES = ['/console/', '/console/orders', '/console/refunds', '/console/feedback', '/console/sms', '/console/customers', '/console/deletion-requests', '/console/goods', '/console/site-config', '/console/agreements', '/console/directory-source', '/console/staff', '/console/audit', '/console/reconciliation'];

/** What antd says in English when nothing translates it (and what the locale should have covered). */
const ENGLISH_LABELS = /^(search|Select all|Select all data|Custom selection|Select row \d+|Row \d+ selected|Increase Value|Decrease Value|Tab \d+ of \d+|remove|close|Add tab|Expand row|Collapse row|Previous Page|Next Page|Previous 5 Pages|Next 5 Pages|Search|Copy|Copied|Sort|Clear|loading|OTP Input \d+|Go to|Page|items\/page)$/i;

/** Every label a screen reader reads on the page: aria-label, title, and the hidden live announcements. */
async function spokenLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title]')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]);
    const live = [...document.querySelectorAll('[aria-live]')].map((el) => el.textContent);
    return [...labels, ...live].filter((v): v is string => !!v && v.trim() !== '').map((v) => v.trim());
  });
}

async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await motionDone(page);
  await snapshot(page, testInfo, `${name}-${page.viewportSize()?.width ?? 0}`);
}

const headers = { 'x-kb-console': '1' };

/** The admin signs in on the console's page; the dashboard may take a while on a busy machine. */
async function signInToConsole(page: Page): Promise<void> {
  await page.goto('/console');
  await page.getByTestId('login-username').fill(CONSOLE_ADMIN.username);
  await page.getByTestId('login-password').fill(CONSOLE_ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible({ timeout: 60_000 });
}

test('every console page speaks Chinese to screen readers (tabs focused, tables with selection)', async ({ page }, testInfo) => {
  await signInToConsole(page);
  insertPaidOrders([{ name: `读屏测试${Date.now().toString(36)}有限公司`, fee: 19900, paidAt: new Date().toISOString() }]);
  const found: Record<string, string[]> = {};
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('#main'), path).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-spin-spinning'), path).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('.ant-skeleton'), path).toHaveCount(0, { timeout: 30_000 });
    // The tab announcement ("Tab 1 of 6") exists only while a tab has focus.
    const tab = page.getByRole('tab').first();
    if ((await tab.count()) > 0) await tab.focus();
    const english = (await spokenLabels(page)).filter((label) => ENGLISH_LABELS.test(label));
    // antd's icons name themselves in English ("dashboard", "file-search") unless hidden as decoration.
    english.push(...(await page.locator('.anticon[aria-label]:not([aria-hidden="true"])').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label') ?? '').filter((name) => /^[a-z]+(-[a-z]+)*$/.test(name)).map((name) => `icon ${name}`))));
    if (english.length > 0) found[path] = english;
  }
  expect(found).toEqual({});
  // The order list (tabs, select-all, pagination) as a screen reader meets it.
  await page.goto('/console/orders');
  await page.getByRole('tab').first().focus();
  const labels = await spokenLabels(page);
  expect(labels).toContain('全选本页');
  expect(labels.some((label) => /^第 1 个标签，共 \d+ 个$/.test(label))).toBe(true);
  await look(page, testInfo, 'words-orders');
});

test('操作日志: details in Chinese with Beijing times, no JSON, no UTC; the export row names the list and its filters in words', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const [orderId] = insertPaidOrders([{ name: `日志测试${Date.now().toString(36)}有限公司`, fee: 19900, paidAt: new Date().toISOString() }]);
  // A first call stores its time (an instant) in the log; an export stores its filters.
  expect((await page.request.post(`/api/console/orders/${orderId}/take`, { headers, data: { force: false } })).status()).toBe(200);
  expect((await page.request.post(`/api/console/orders/${orderId}/calls`, { headers, data: { outcome: 'connected', note: '已说明所需材料' } })).status()).toBe(200);
  expect((await page.request.get('/api/console/exports/refunds?format=csv&status=PENDING&from=2026-01-01', { headers })).status()).toBe(200);

  await page.goto('/console/audit');
  const table = page.getByTestId('audit-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const text = (await table.innerText()).replace(/\s+/g, ' ');
  expect(text).not.toMatch(/[{}]|"\w+":/);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  const exported = table.locator('tbody tr.ant-table-row', { hasText: '导出：退款申请' }).first();
  await expect(exported).toBeVisible();
  await expect(exported.getByTestId('audit-details')).toContainText('筛选条件：状态 待审批，开始日期 2026-01-01');
  const call = table.locator('tbody tr.ant-table-row', { hasText: '电话联系' }).first();
  await expect(call.getByTestId('audit-details')).toContainText(/首次联系时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await look(page, testInfo, 'words-audit');
});

test('企业数据源 shows no commands, to an admin or a clerk; 站点配置 names each setting in Chinese', async ({ page, browser }, testInfo) => {
  await signInToConsole(page);
  await page.goto('/console/directory-source');
  await expect(page.getByTestId('vendor-none')).toContainText('技术人员');
  await expect(page.locator('#main')).not.toContainText('npm run');
  await expect(page.locator('#main')).not.toContainText('DIRECTORY_PROVIDER');
  await look(page, testInfo, 'words-directory-admin');

  await page.goto('/console/site-config');
  await expect(page.getByTestId('config-entry').first()).toBeVisible();
  for (const name of ['客服微信', '客服电话', '首页滚动提示', '页面风格']) await expect(page.getByTestId('config-entry').filter({ has: page.getByText(name, { exact: true }) })).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /蓝色/ })).toHaveCount(1);
  // Titles and options carry no key; admins see the key as small print only.
  const titles = await page.locator('[data-testid="config-entry"] .ant-card-head-title').allInnerTexts();
  for (const title of titles) expect(title).not.toMatch(/[a-z]+[._][a-z]/);
  await expect(page.getByRole('radio', { name: 'v2' })).toHaveCount(0);
  await look(page, testInfo, 'words-site-config');

  const username = `clerk.words${Date.now().toString(36).slice(-5)}`;
  const created = await page.request.post('/api/console/staff', { headers, data: { username, display_name: '用词专员', role: 'clerk', password: 'temporary-pass-1' } });
  expect(created.status(), await created.text()).toBe(200);
  const clerk = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  await clerk.goto('/console/login');
  await clerk.getByTestId('login-username').fill(username);
  await clerk.getByTestId('login-password').fill('temporary-pass-1');
  await clerk.getByTestId('login-submit').click();
  await clerk.getByTestId('password-current').fill('temporary-pass-1');
  await clerk.getByTestId('password-new').fill('clerk-words-2026');
  await clerk.getByTestId('password-confirm').fill('clerk-words-2026');
  await clerk.getByRole('button', { name: '保存新密码' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible({ timeout: 60_000 });
  await clerk.goto('/console/directory-source');
  await expect(clerk.getByTestId('vendor-none')).toContainText('告知管理员');
  await expect(clerk.locator('#main')).not.toContainText('npm');
  await expect(clerk.locator('#main')).not.toContainText('qichacha');
  await look(clerk, testInfo, 'words-directory-clerk');
  await clerk.goto('/console/site-config');
  await expect(clerk.getByTestId('config-entry').first()).toBeVisible();
  const clerkText = await clerk.locator('#main').innerText();
  for (const key of ['service_weixin', 'client.home.tips', 'proxy_version', 'v0', 'v1', 'v2']) expect(clerkText).not.toContain(key);
  await look(clerk, testInfo, 'words-site-config-clerk');
  await clerk.context().close();
});
