import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * 财务 and a clerk in Chromium at 1280×800 (docs/decisions/058-finance-and-supervisor-roles-and-commission.md):
 * each sees the menu and the pages their role may use; a page typed in without the permission shows the
 * no-permission page (无权访问), never a red 加载失败; 财务 reads money and moves no order; a clerk sees no income.
 */

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const SUFFIX = Date.now().toString(36).slice(-5);
const COMPANY = `角色测试${SUFFIX}有限公司`;

async function staffPage(browser: Browser, testInfo: TestInfo, role: 'finance' | 'clerk', admin: Page): Promise<Page> {
  const username = `${role}.e2e${SUFFIX}`;
  const created = await admin.request.post('/api/console/staff', { headers: { 'x-kb-console': '1' }, data: { username, display_name: role === 'finance' ? `钱财务${SUFFIX}` : `赵专员${SUFFIX}`, role, password: 'temporary-pass-1' } });
  expect(created.status(), await created.text()).toBe(200);
  const page = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  await page.goto('/console/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('temporary-pass-1');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('password-current').fill('temporary-pass-1');
  await page.getByTestId('password-new').fill(`${role}-e2e-2026`);
  await page.getByTestId('password-confirm').fill(`${role}-e2e-2026`);
  await page.getByRole('button', { name: '保存新密码' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible(LOADED);
  return page;
}

/** A page's chunk on a machine shared by many runs can take a while. */
const LOADED = { timeout: 30_000 };

const menu = (page: Page) => page.getByRole('navigation', { name: '主导航' });

/** Opens a path the role may not use: the no-permission page, and no failed load anywhere. */
async function expectForbidden(page: Page, path: string): Promise<void> {
  await page.goto(`/console${path}`);
  await expect(page.getByTestId('forbidden')).toBeVisible(LOADED);
  await expect(page.getByText('无权访问')).toBeVisible();
  await expect(page.getByText('加载失败')).toHaveCount(0);
}

test.beforeAll(() => {
  expect(insertPaidOrders([{ name: COMPANY, fee: 19900, paidAt: new Date(Date.now() - 3600_000).toISOString() }])).toHaveLength(1);
});

test('财务 sees the money, 对账, refunds and 提成, opens an order without any move, and gets 无权访问 elsewhere', async ({ page, browser }, testInfo) => {
  await signInToConsole(page);
  const finance = await staffPage(browser, testInfo, 'finance', page);

  for (const item of ['工作台', '订单处理', '退款审批', '对账', '提成']) await expect(menu(finance).getByRole('menuitem', { name: new RegExp(item) })).toBeVisible();
  for (const item of ['投诉处理', '短信记录', '服务与价格', '站点配置', '员工账号', '操作日志']) await expect(menu(finance).getByRole('menuitem', { name: new RegExp(item) })).toHaveCount(0);
  await expect(finance.getByTestId('money-today')).toContainText('今日收入', LOADED);
  await expect(finance.getByTestId('money-month')).toContainText('本月净收入');
  await motionDone(finance);
  await snapshot(finance, testInfo, 'roles-finance-dashboard-1280');

  await finance.goto('/console/reconciliation');
  await expect(finance.getByRole('heading', { level: 1, name: '对账' })).toBeVisible(LOADED);
  await expect(finance.getByText('加载失败')).toHaveCount(0);
  await motionDone(finance);
  await snapshot(finance, testInfo, 'roles-finance-reconciliation-1280');

  await finance.goto('/console/refunds');
  await expect(finance.getByRole('heading', { level: 1, name: '退款审批' })).toBeVisible(LOADED);
  await expect(finance.getByText('加载失败')).toHaveCount(0);

  // An order: read, with the ID number masked and nothing to move.
  await finance.goto(`/console/orders?view=all&q=${encodeURIComponent(COMPANY)}`);
  await finance.getByTestId('order-table').locator('tbody tr', { hasText: COMPANY }).getByTestId('order-link').click();
  await expect(finance.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible(LOADED);
  await expect(finance.getByTestId('take-order')).toHaveCount(0);
  await expect(finance.getByTestId('refund-request')).toHaveCount(0);
  await expect(finance.getByTestId('note-input')).toHaveCount(0);
  await expect(finance.getByTestId('idno-reveal')).toHaveCount(0);
  await motionDone(finance);
  await snapshot(finance, testInfo, 'roles-finance-order-1280');

  await finance.goto('/console/commission');
  await expect(finance.getByRole('heading', { level: 1, name: '提成' })).toBeVisible(LOADED);
  await expect(finance.getByText(/全部员工提成/)).toBeVisible(LOADED);
  await motionDone(finance);
  await snapshot(finance, testInfo, 'roles-finance-commission-1280');

  for (const path of ['/feedback', '/staff', '/audit', '/sms', '/goods']) await expectForbidden(finance, path);
  await snapshot(finance, testInfo, 'roles-finance-forbidden-1280');
});

test('a clerk sees no income and no 对账: typing /reconciliation shows 无权访问, not 加载失败', async ({ page, browser }, testInfo) => {
  await signInToConsole(page);
  const clerk = await staffPage(browser, testInfo, 'clerk', page);

  for (const item of ['工作台', '订单处理', '退款审批', '投诉处理', '短信记录', '提成']) await expect(menu(clerk).getByRole('menuitem', { name: new RegExp(item) })).toBeVisible();
  for (const item of ['对账', '员工账号', '操作日志']) await expect(menu(clerk).getByRole('menuitem', { name: new RegExp(`^${item}$`) })).toHaveCount(0);
  await expect(clerk.getByTestId('money-today')).toContainText('今日付款订单', LOADED);
  await expect(clerk.getByTestId('money-today')).not.toContainText('收入');
  await expect(clerk.getByTestId('money-month')).not.toContainText('净收入');
  await expect(clerk.getByText('正在加载经营趋势')).toHaveCount(0);
  await motionDone(clerk);
  await snapshot(clerk, testInfo, 'roles-clerk-dashboard-1280');

  await expectForbidden(clerk, '/reconciliation');
  await motionDone(clerk);
  await snapshot(clerk, testInfo, 'roles-clerk-reconciliation-1280');
  for (const path of ['/staff', '/audit']) await expectForbidden(clerk, path);

  await clerk.goto('/console/commission');
  await expect(clerk.getByText(/我的提成/)).toBeVisible(LOADED);
  await expect(clerk.getByText('加载失败')).toHaveCount(0);
  await motionDone(clerk);
  await snapshot(clerk, testInfo, 'roles-clerk-commission-1280');
});
