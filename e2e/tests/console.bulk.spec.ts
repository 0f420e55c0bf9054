import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations, motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * Bulk work on the order list (decision 041): an admin selects rows in the
 * 待分配 view and assigns them to a colleague; the colleague's 我的订单 shows them; the colleague
 * moves a selection in bulk and is told which order could not move and why. Runs at 1280×800 and 1440×900.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PREFIX = `批量测试${Math.random().toString(36).slice(2, 7)}`;
const NAMES = { first: `${PREFIX}甲有限公司`, second: `${PREFIX}乙有限公司`, left: `${PREFIX}丙有限公司` };

const rowOf = (page: Page, name: string) => page.getByTestId('order-table').locator('tbody tr', { hasText: name });

test.beforeAll(() => {
  const paidAt = new Date(Date.now() - 3600_000).toISOString();
  const ids = insertPaidOrders([
    { name: NAMES.first, fee: 19900, paidAt },
    { name: NAMES.second, fee: 29900, paidAt },
    { name: NAMES.left, fee: 39900, paidAt },
  ]);
  expect(ids).toHaveLength(3);
});

test('an admin bulk-assigns unassigned orders to a colleague, whose 我的订单 shows them; a bulk move reports the refused order', async ({ page, browser }, testInfo) => {
  await signInToConsole(page);
  const width = page.viewportSize()?.width ?? 0;
  const username = `clerk.bulk${width}${Date.now().toString(36).slice(-4)}`;
  const displayName = `批量专员${width}`;
  const created = await page.request.post('/api/console/staff', { headers: { 'x-kb-console': '1' }, data: { username, display_name: displayName, role: 'clerk', password: 'temporary-pass-1' } });
  expect(created.status(), await created.text()).toBe(200);

  // The 待分配 view, held in the address.
  await page.goto(`/console/orders?view=unassigned&q=${encodeURIComponent(PREFIX)}`);
  await expect(page.getByRole('tab', { name: '待分配', selected: true })).toBeVisible();
  for (const name of Object.values(NAMES)) await expect(rowOf(page, name)).toBeVisible();

  await rowOf(page, NAMES.first).getByRole('checkbox').check();
  await rowOf(page, NAMES.second).getByRole('checkbox').check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('已选 2 单');
  // Typed: other specs' colleagues fill the list, which shows a few at a time.
  await page.getByRole('combobox', { name: '分配给' }).fill(displayName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: displayName }).click();
  // antd's transitions (dropdowns, modals) finish before a picture or a contrast check.
  await motionDone(page);
  await snapshot(page, testInfo, `bulk-selected-${width}`);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('bulk-assign').click();
  await expect(page.getByText('已分配 2 单')).toBeVisible();
  // Assigned orders leave 待分配; the one not selected stays.
  await expect(rowOf(page, NAMES.first)).toHaveCount(0);
  await expect(rowOf(page, NAMES.second)).toHaveCount(0);
  await expect(rowOf(page, NAMES.left)).toBeVisible();
  await expect(bar).toHaveCount(0);

  // The colleague signs in (first sign-in: a new password) and finds them under 我的订单.
  const clerk = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() ?? { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  await clerk.goto('/console/login');
  await clerk.getByTestId('login-username').fill(username);
  await clerk.getByTestId('login-password').fill('temporary-pass-1');
  await clerk.getByTestId('login-submit').click();
  await clerk.getByTestId('password-current').fill('temporary-pass-1');
  await clerk.getByTestId('password-new').fill('clerk-bulk-2026');
  await clerk.getByTestId('password-confirm').fill('clerk-bulk-2026');
  await clerk.getByRole('button', { name: '保存新密码' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
  await clerk.goto(`/console/orders?view=mine&q=${encodeURIComponent(PREFIX)}`);
  await expect(clerk.getByRole('tab', { name: /我的订单/, selected: true })).toBeVisible();
  await expect(rowOf(clerk, NAMES.first)).toContainText(displayName);
  await expect(rowOf(clerk, NAMES.second)).toContainText(displayName);
  await expect(rowOf(clerk, NAMES.left)).toHaveCount(0);
  // A clerk has no 分配 (admins assign); taking is theirs.
  await rowOf(clerk, NAMES.first).getByRole('checkbox').check();
  await expect(clerk.getByTestId('bulk-take')).toBeVisible();
  await expect(clerk.getByRole('combobox', { name: '分配给' })).toHaveCount(0);
  await motionDone(clerk);
  await snapshot(clerk, testInfo, `bulk-mine-${width}`);

  // A bulk move: the orders the clerk has move; the one nobody has taken is reported back by number, with why.
  await clerk.goto(`/console/orders?view=all&q=${encodeURIComponent(PREFIX)}`);
  for (const name of Object.values(NAMES)) await rowOf(clerk, name).getByRole('checkbox').check();
  await expect(clerk.getByTestId('bulk-bar')).toContainText('已选 3 单');
  await clerk.getByTestId('bulk-move').click();
  await clerk.getByRole('combobox', { name: '新的办理状态' }).click();
  await clerk.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '处理中' }).click();
  await clerk.getByRole('button', { name: '变更', exact: true }).click();
  const report = clerk.getByTestId('bulk-report');
  await expect(report).toContainText('成功 2 单，未成功 1 单');
  await expect(report).toContainText('请先接单再办理');
  const leftNumber = (await rowOf(clerk, NAMES.left).getByTestId('order-link').textContent())!.trim();
  await expect(report).toContainText(leftNumber);
  await motionDone(clerk);
  await snapshot(clerk, testInfo, `bulk-report-${width}`);
  await clerk.getByRole('button', { name: '知道了' }).click();
  await expect(rowOf(clerk, NAMES.first)).toContainText('处理中');
  await expect(rowOf(clerk, NAMES.second)).toContainText('处理中');
  await expect(rowOf(clerk, NAMES.left)).toContainText('待处理');
  await clerk.context().close();
});
