import { expect, test, type Page } from '@playwright/test';
import { motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * The console's actions under a clerk's hands (decisions 041 and 008): a bulk 已完成 applies the single
 * move's safeguards per order and reports each; a cancellation cannot be completed without its
 * screenshot; a double click does one thing; a role changes only after confirmation. Runs at
 * 1280×800 and 1440×900.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mNk+M9QzwAEjDAGACCDAv8cI7IoAAAAAElFTkSuQmCC', 'base64');
const rowOf = (page: Page, name: string) => page.getByTestId('order-table').locator('tbody tr', { hasText: name });

async function sessionId(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/console/session')).json()) as { data: { id: number } }).data.id;
}

/** Picks an option of an antd select by its accessible name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
}

test('a bulk 已完成 moves only the orders nothing stands in the way of and says why for each of the others', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const width = page.viewportSize()?.width ?? 0;
  const prefix = `完成测试${width}${Math.random().toString(36).slice(2, 6)}`;
  const names = { ready: `${prefix}甲有限公司`, bare: `${prefix}乙有限公司`, cancel: `${prefix}丙有限公司` };
  const me = await sessionId(page);
  const paidAt = new Date(Date.now() - 3600_000).toISOString();
  const held = { adminId: me, adminName: '管理员', processStatus: '4', paidAt, fee: 19900 };
  const [readyId, , cancelId] = insertPaidOrders([
    { name: names.ready, ...held },
    { name: names.bare, ...held },
    { name: names.cancel, ...held, goodsType: 'license_destory' },
  ]);

  // The ready one gets its screenshot and its call on its page.
  await page.goto(`/console/orders/${readyId}`);
  await page.locator('input[type="file"]').setInputFiles({ name: '公示截图.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('screenshot')).toHaveCount(1);
  await choose(page, '通话结果', '已接通·已沟通');
  await page.getByTestId('record-call').click();
  await expect(page.getByTestId('call-list').locator('li')).toHaveCount(1);

  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(prefix)}`);
  for (const name of Object.values(names)) await rowOf(page, name).getByRole('checkbox').check();
  await page.getByTestId('bulk-move').click();
  await choose(page, '新的办理状态', '已完成');
  await expect(page.getByTestId('bulk-complete-warning')).toBeVisible();
  await page.getByRole('button', { name: '变更', exact: true }).click();
  const report = page.getByTestId('bulk-report');
  await expect(report).toContainText('成功 1 单，未成功 2 单');
  await expect(page.getByTestId('bulk-report-failed')).toContainText('还没有上传完成截图，请在订单页确认后单独标记完成');
  await expect(page.getByTestId('bulk-report-failed')).toContainText('该服务须先上传完成截图，才能标记已完成');
  const readyNumber = (await rowOf(page, names.ready).getByTestId('order-link').textContent())!.trim();
  await expect(page.getByTestId('bulk-report-done')).toContainText(readyNumber);
  await motionDone(page);
  await snapshot(page, testInfo, `actions-bulk-report-${width}`);
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(rowOf(page, names.ready)).toContainText('已完成');
  await expect(rowOf(page, names.bare)).toContainText('处理中');
  await expect(rowOf(page, names.cancel)).toContainText('处理中');

  // On its own page the cancellation says why, and 确定 stays disabled.
  await page.goto(`/console/orders/${cancelId}`);
  await page.getByTestId('move-2').click();
  await expect(page.getByTestId('screenshot-required')).toContainText('该服务须先上传完成截图');
  await expect(page.getByTestId('no-call-warning')).toBeVisible();
  await expect(page.getByTestId('move-confirm')).toBeDisabled();
  await motionDone(page);
  await snapshot(page, testInfo, `actions-cancel-needs-screenshot-${width}`);
});

test('a double click on 确定 and on 记录通话 does one thing, with no error', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const width = page.viewportSize()?.width ?? 0;
  const name = `双击测试${width}${Math.random().toString(36).slice(2, 6)}有限公司`;
  const [id] = insertPaidOrders([{ name, fee: 19900, paidAt: new Date(Date.now() - 3600_000).toISOString(), adminId: await sessionId(page), adminName: '管理员' }]);
  await page.goto(`/console/orders/${id}`);
  await page.getByTestId('move-4').click();
  await page.getByTestId('move-confirm').dblclick();
  await expect(page.getByTestId('order-info').getByTestId('process-status')).toHaveText('处理中');
  await expect(page.getByTestId('order-timeline').getByText('待处理 → 处理中')).toHaveCount(1);

  await choose(page, '通话结果', '未接通');
  await page.getByTestId('record-call').dblclick();
  await expect(page.getByTestId('call-list').locator('li')).toHaveCount(1);
  await motionDone(page);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // Read back from the server: one move and one call.
  const detail = (await (await page.request.get(`/api/console/orders/${id}`)).json()) as { data: { calls: unknown[]; history: Array<{ to_process_status: string }> } };
  expect(detail.data.calls).toHaveLength(1);
  expect(detail.data.history.filter((entry) => entry.to_process_status === '4')).toHaveLength(1);
  await snapshot(page, testInfo, `actions-double-click-${width}`);
});

test('a role changes only after the admin confirms it, and a toast says so; cancel leaves it', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const width = page.viewportSize()?.width ?? 0;
  const displayName = `角色专员${width}${Math.random().toString(36).slice(2, 5)}`;
  const created = await page.request.post('/api/console/staff', { headers: { 'x-kb-console': '1' }, data: { username: `clerk.role${width}${Date.now().toString(36).slice(-4)}`, display_name: displayName, role: 'clerk', password: 'temporary-pass-1' } });
  expect(created.status(), await created.text()).toBe(200);
  await page.goto('/console/staff');
  const select = page.getByRole('combobox', { name: `${displayName}的角色` });
  const row = page.locator('tbody tr', { hasText: displayName });

  await choose(page, `${displayName}的角色`, '管理员');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`将 ${displayName} 的角色改为“管理员”？`);
  await expect(dialog).toContainText('办理专员 → 管理员');
  await motionDone(page);
  await snapshot(page, testInfo, `actions-role-confirm-${width}`);
  await dialog.getByRole('button', { name: '取 消' }).or(dialog.getByRole('button', { name: '取消' })).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('办理专员');

  await choose(page, `${displayName}的角色`, '管理员');
  await page.getByTestId('role-confirm').click();
  await expect(page.locator('.ant-message-notice')).toContainText(`已将 ${displayName} 的角色改为“管理员”`);
  await expect(row).toContainText('管理员');
  await expect(select).toBeVisible();
});

test('an admin sets per service whether the completion screenshot is compulsory', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const width = page.viewportSize()?.width ?? 0;
  await page.goto('/console/goods');
  const rules = page.getByTestId('completion-rules');
  await expect(rules).toContainText('执照注销');
  await expect(rules.getByRole('switch', { name: '执照注销：标记已完成前必须上传完成截图' })).toBeChecked();
  await expect(rules.getByRole('switch', { name: '信用修复：标记已完成前必须上传完成截图' })).not.toBeChecked();
  await motionDone(page);
  await snapshot(page, testInfo, `actions-completion-rules-${width}`);
});
