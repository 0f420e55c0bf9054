import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { accessibilityViolations, motionDone, snapshot } from '../support/journey.ts';
import { fillDayRange, signInToConsole } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';

/*
 * The console's lists (decisions 038 and 045): keyboard reach (no trap in the date filter),
 * sorting, header filters and URL-held state, density / columns / saved filters, one line per
 * cell at 1280 px, form validation without unhandled rejections, a 403 page for a clerk, the
 * annual-report completion warning, and the audit log in words. Runs at 1280×800 and 1440×900.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PREFIX = `列表测试${Math.random().toString(36).slice(2, 7)}`;
const NAMES = { cheap: `${PREFIX}甲有限公司`, dear: `${PREFIX}乙有限公司`, middle: `${PREFIX}丙有限公司`, annual: `${PREFIX}年报有限公司` };

/** antd's transitions (dropdowns, modals) finish before an axe run: a contrast check mid-fade measures a half-drawn colour. */
async function expectAxeClean(page: Page): Promise<void> {
  await motionDone(page);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** A picture once antd's transitions are over. */
async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await motionDone(page);
  await snapshot(page, testInfo, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** Unhandled promise rejections in the page, collected from the first script on. */
async function collectRejections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __rejections: string[] }).__rejections = seen;
    window.addEventListener('unhandledrejection', (event) => seen.push(String((event.reason as { message?: string })?.message ?? event.reason)));
  });
}
/** An option of the open antd select (its visible list; the hidden accessible list mirrors it). */
const pickOption = (page: Page, name: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();

/**
 * The unhandled rejections collected so far. The page reports one in a task after the one that left
 * it unhandled, so they are read in a task the page runs after those.
 */
const rejections = (page: Page) =>
  page.evaluate(() => new Promise<string[]>((resolve) => setTimeout(() => resolve((window as unknown as { __rejections: string[] }).__rejections))));

test.beforeAll(() => {
  const day = (d: number, h: number) => new Date(Date.UTC(2026, 2, d, h - 8)).toISOString();
  const ids = insertPaidOrders([
    { name: NAMES.cheap, fee: 100, paidAt: day(1, 9) },
    { name: NAMES.dear, fee: 98850, paidAt: day(2, 10) },
    { name: NAMES.middle, fee: 5000, paidAt: day(3, 11) },
  ]);
  expect(ids).toHaveLength(3);
});

test('the order list: keyboard walk with no trap, sorting, header filters and state in the address', async ({ page }, testInfo) => {
  await signInToConsole(page);
  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(PREFIX)}`);
  const rows = page.getByTestId('order-table').locator('tbody tr.ant-table-row');
  // The first load brings the page's chunks: generous on a busy machine.
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await look(page, testInfo, 'lists-orders');
  await expectAxeClean(page);

  // Keyboard only: from the search box, Tab passes the date fields (antd's RangePicker since decision 063;
  // Escape on them closes the calendar and releases nothing it should keep) and reaches the first order link.
  await page.getByLabel('搜索订单').focus();
  const visited: string[] = [];
  let reachedLink = false;
  for (let i = 0; i < 80 && !reachedLink; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      const label = el?.labels?.[0]?.textContent?.trim() ?? el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 20) ?? '';
      return { label, testId: el?.getAttribute('data-testid') ?? '' };
    });
    if (focused.label === '开始日期') await page.keyboard.press('Escape');
    visited.push(focused.label);
    reachedLink = focused.testId === 'order-link';
  }
  expect(visited).toContain('开始日期');
  expect(visited).toContain('结束日期');
  expect(visited.lastIndexOf('开始日期')).toBeLessThan(visited.indexOf('结束日期'));
  expect(reachedLink, `focus went through: ${visited.join(' | ')}`).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/console\/orders\/\d+$/);
  await page.goBack();

  // Sorting by amount is server-side and in the address; a reload keeps it.
  await page.getByRole('columnheader', { name: /金额/ }).click();
  await expect(page).toHaveURL(/sort=total_fee_asc/);
  await expect(rows.first()).toContainText(NAMES.cheap);
  await page.getByRole('columnheader', { name: /金额/ }).click();
  await expect(page).toHaveURL(/sort=total_fee_desc/);
  await expect(rows.first()).toContainText(NAMES.dear);
  await page.reload();
  await expect(rows.first()).toContainText(NAMES.dear);

  // A day range typed into the date filter (Shanghai days).
  await page.getByLabel('日期类型').click();
  await pickOption(page, '付款日期');
  await fillDayRange(page, '2026-03-02', '2026-03-02');
  await expect(page).toHaveURL(/from=2026-03-02&to=2026-03-02|to=2026-03-02.*from=2026-03-02|from=2026-03-02.*to=2026-03-02/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(NAMES.dear);
  // The same address in a fresh tab shows the same list (bookmarkable).
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId('order-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await other.close();
});

test('exports the filtered order list to XLSX with a progress indicator; the file reads back', async ({ page }, testInfo) => {
  await signInToConsole(page);
  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(PREFIX)}&sort=total_fee_asc`);
  await expect(page.getByTestId('order-table').locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-xlsx').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^订单_\d{8}\.xlsx$/);
  const file = testInfo.outputPath('orders.xlsx');
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('订单')!;
  expect(sheet.rowCount).toBe(4);
  const rows = [2, 3, 4].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
  // Columns as the export writes them: 修复记录 (blank but for 信用修复) stands before the company.
  expect(rows.map((r) => r[5]).sort()).toEqual([NAMES.cheap, NAMES.dear, NAMES.middle].sort());
  expect(rows.find((r) => r[5] === NAMES.dear)).toMatchObject({ 9: 988.5, 10: '微信支付 · 扫码支付', 20: '网站' });
  await expect(page.getByTestId('export-progress')).toBeHidden();
});

test('density, column settings and saved filters stay for the staff member', async ({ page }, testInfo) => {
  await signInToConsole(page);
  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(PREFIX)}&sort=total_fee_asc`);
  const table = page.getByTestId('order-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });

  await page.getByTestId('list-density').click();
  await pickOption(page, '紧凑');
  await expect(page.locator('.ant-table.ant-table-small')).toHaveCount(1);

  await page.getByTestId('column-settings').click();
  await page.getByRole('checkbox', { name: '处理人' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: '处理人' })).toHaveCount(0);

  await page.getByTestId('save-filter').click();
  await page.getByTestId('save-filter-name').fill('按金额');
  await page.getByTestId('save-filter-ok').click();
  // Saved on the server (decision 045): the dialog closes once it is stored, and the filter shows as chosen.
  await expect(page.getByTestId('save-filter-name')).toHaveCount(0);
  await expect(page.getByTestId('saved-filters')).toContainText('按金额');
  await look(page, testInfo, 'lists-orders-toolbar');

  // Elsewhere, then back through the saved filter; density and columns survived a reload.
  await page.goto('/console/orders?view=new');
  await expect(page.getByRole('columnheader', { name: '处理人' })).toHaveCount(0);
  await expect(page.locator('.ant-table.ant-table-small')).toHaveCount(1);
  await page.getByTestId('saved-filters').click();
  await pickOption(page, '按金额');
  await expect(page).toHaveURL(/sort=total_fee_asc/);
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(NAMES.cheap);
  await page.getByTestId('list-refresh').click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);

  // The saved filter is not in this browser: with its storage emptied (another computer), it is still there.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/console/orders?view=new');
  await page.getByTestId('saved-filters').click();
  await pickOption(page, '按金额');
  await expect(page).toHaveURL(/sort=total_fee_asc/);
});

test('saved filters kept in this browser before move to the server once', async ({ page }) => {
  await signInToConsole(page);
  await page.goto('/console/refunds');
  const staffId = await page.evaluate(async () => ((await (await fetch('/api/console/session')).json()) as { data: { id: number } }).data.id);
  const key = `kb-console:list:${staffId}:refunds`;
  await page.evaluate(
    ([storageKey]) => localStorage.setItem(storageKey!, JSON.stringify({ density: 'small', hidden: [], saved: [{ name: '浏览器里的筛选', search: 'status=PENDING' }] })),
    [key],
  );
  await page.reload();
  await expect.poll(() => page.evaluate((storageKey) => localStorage.getItem(storageKey), key)).toBe(JSON.stringify({ density: 'small', hidden: [] }));
  await page.getByTestId('saved-filters').click();
  await pickOption(page, '浏览器里的筛选');
  await expect(page).toHaveURL(/status=PENDING/);
  await expect(page.locator('.ant-table.ant-table-small')).toHaveCount(1);
});

test('one line per header and cell in the order list', async ({ page }, testInfo) => {
  await signInToConsole(page);
  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(PREFIX)}`);
  await expect(page.getByTestId('order-table').locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
  // Lines of text per cell: distinct line boxes of its text (the company and contact cells have two lines by design, each one line).
  const wrapped = await page.getByTestId('order-table').evaluate((table) => {
    const found: string[] = [];
    for (const cell of table.querySelectorAll<HTMLElement>('thead th, tbody tr.ant-table-row td')) {
      const blocks = cell.querySelectorAll<HTMLElement>('.cell-stack > div');
      for (const block of blocks.length > 0 ? [...blocks] : [cell]) {
        // The line boxes of its text: a text node that wraps has rects on two lines.
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
          if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 4) found.push(node.textContent);
        }
      }
    }
    return found;
  });
  expect(wrapped).toEqual([]);
  await look(page, testInfo, 'lists-orders-width');
});

test('failed form validation shows on the form and throws nothing', async ({ page }) => {
  await collectRejections(page);
  await signInToConsole(page);
  await page.getByTestId('account-menu').hover();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await page.getByRole('button', { name: '保存新密码' }).click();
  await expect(page.getByText('请输入当前密码')).toBeVisible();
  expect(await rejections(page)).toEqual([]);
  await page.getByRole('button', { name: /取\s*消/ }).click();

  // Each page load starts a new collection: read before leaving.
  await page.goto('/console/staff');
  await page.getByRole('button', { name: '新增员工' }).click();
  await page.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByText('请填写姓名')).toBeVisible();
  expect(await rejections(page)).toEqual([]);
  await page.getByRole('button', { name: /取\s*消/ }).click();

  await page.goto('/console/goods');
  await page.getByRole('button', { name: /编\s*辑/ }).first().click();
  await page.getByRole('dialog').getByLabel('名称').fill('');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请填写名称')).toBeVisible();
  expect(await rejections(page)).toEqual([]);
});

test('a clerk opening an admin page by address sees a 403 page; failed sign-ins are in the audit log in words', async ({ page, browser }, testInfo) => {
  await signInToConsole(page);
  const username = `clerk.lists${Date.now().toString(36).slice(-5)}`;
  const created = await page.request.post('/api/console/staff', { headers: { 'x-kb-console': '1' }, data: { username, display_name: '列表专员', role: 'clerk', password: 'temporary-pass-1' } });
  expect(created.status(), await created.text()).toBe(200);

  const clerk = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() ?? { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  await clerk.goto('/console/login');
  // A wrong password first: it must show in the audit log (reason in words, never the password).
  await clerk.getByTestId('login-username').fill(username);
  await clerk.getByTestId('login-password').fill('wrong-password-9');
  await clerk.getByTestId('login-submit').click();
  await expect(clerk.getByTestId('login-error')).toBeVisible();
  await clerk.getByTestId('login-password').fill('temporary-pass-1');
  await clerk.getByTestId('login-submit').click();
  await clerk.getByTestId('password-current').fill('temporary-pass-1');
  await clerk.getByTestId('password-new').fill('clerk-lists-2026');
  await clerk.getByTestId('password-confirm').fill('clerk-lists-2026');
  await clerk.getByRole('button', { name: '保存新密码' }).click();
  await expect(clerk.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
  for (const path of ['/console/audit', '/console/staff']) {
    await clerk.goto(path);
    await expect(clerk.getByText('无权访问')).toBeVisible();
    await expect(clerk.locator('table')).toHaveCount(0);
    await expect(clerk.getByRole('button', { name: '新增员工' })).toHaveCount(0);
  }
  await look(clerk, testInfo, 'lists-forbidden');
  await expectAxeClean(clerk);
  await clerk.context().close();

  await page.goto('/console/audit?action=staff.sign_in_failed');
  const entry = page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first();
  await expect(entry).toContainText('登录失败');
  await entry.getByRole('button', { name: /展开/ }).click();
  const change = page.getByTestId('audit-change').first();
  await expect(change).toContainText(username);
  await expect(change).toContainText('密码错误');
  await expect(page.locator('#main')).not.toContainText('wrong-password-9');
  await expect(page.locator('#main')).not.toContainText('wrong_password');
  await expectAxeClean(page);
});

test('completing an annual report the customer has not filed needs explicit confirmation, audited in words', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const session = (await (await page.request.get('/api/console/session')).json()) as { data: { id: number } };
  const [annualId] = insertPaidOrders([{ name: NAMES.annual, fee: 29900, paidAt: new Date().toISOString(), goodsType: 'license_year', adminId: session.data.id, adminName: '管理员', processStatus: '4' }]);
  await page.goto(`/console/orders/${annualId}`);
  await page.getByTestId('move-2').click();
  await expect(page.getByTestId('declaration-missing')).toContainText('客户尚未填报年报数据');
  await expect(page.getByTestId('move-confirm')).toBeDisabled();
  await look(page, testInfo, 'lists-annual-warning');
  await page.getByTestId('declaration-missing-confirm').check();
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('order-info').getByTestId('process-status')).toHaveText('已完成');
  // Internal words are shown in Chinese on the order.
  await expect(page.getByTestId('order-info')).toContainText('微信支付 · 扫码支付');
  await expect(page.getByTestId('order-info')).toContainText('网站');

  // The audit log, searched by the KB number staff see.
  const number = (await page.locator('.page-subtitle .mono').first().textContent())!.trim();
  await page.goto(`/console/audit?order_no=${number}`);
  const entry = page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first();
  await expect(entry).toContainText('修改办理状态');
  await expect(entry).toContainText(number);
  await entry.getByRole('button', { name: /展开/ }).click();
  await expect(page.getByTestId('audit-change').first()).toContainText('客户未填报年报数据，已确认完成');
  await expect(page.getByTestId('audit-change').first()).toContainText('已完成');
  await look(page, testInfo, 'lists-audit');
});

test('refunds, SMS and audit lists: day ranges in the address, axe clean', async ({ page }) => {
  await signInToConsole(page);
  for (const [path, name] of [
    ['/console/refunds?status=ALL', '申请日期'],
    ['/console/sms', '发送日期'],
    ['/console/audit', '日期'],
    ['/console/feedback?status=all', '投诉日期'],
  ] as const) {
    await page.goto(path);
    await fillDayRange(page, '2026-01-01', '2026-01-31', name);
    await expect(page).toHaveURL(/from=2026-01-01/);
    await expect(page).toHaveURL(/to=2026-01-31/);
    await page.reload();
    await expect(page.getByLabel(`开始${name}`, { exact: true })).toHaveValue('2026-01-01');
    await expect(page.getByLabel(`结束${name}`, { exact: true })).toHaveValue('2026-01-31');
    await expectAxeClean(page);
  }
});
