import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { signInToConsole } from '../support/console.ts';
import { watchCsp } from '../support/csp.ts';
import { insertPaidOrders } from '../support/orders-db.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * The promise measured (docs/decisions/044-first-call-and-sla.md): the 联系时限
 * column and its views, recording a call on the order's page, and the opt-in alerts for a new paid
 * order. The lists poll every 15 s; the test waits on what the page shows, never on a timer.
 */

const HOUR_MS = 3600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

function adminId(): number {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    return (db.prepare("SELECT id FROM staff WHERE username = 'admin'").get() as { id: number }).id;
  } finally {
    db.close();
  }
}

const rowOf = (page: Page, company: string) => page.getByTestId('order-table').locator('tr', { hasText: company });

test('the clock shows time left, near breach and breach; a recorded call stops it and shows on the timeline', async ({ page, context }) => {
  const csp = await watchCsp(context);
  const suffix = String(Date.now()).slice(-6);
  const near = `杭州将近超时科技有限公司${suffix}`;
  const late = `杭州已经超时科技有限公司${suffix}`;
  const admin = adminId();
  const [, lateId] = insertPaidOrders([
    { name: near, fee: 19900, paidAt: hoursAgo(22), adminId: admin, adminName: '管理员' },
    { name: late, fee: 19900, paidAt: hoursAgo(30), adminId: admin, adminName: '管理员' },
  ]);

  await signInToConsole(page);
  await page.goto('/console/orders?view=near_breach');
  await expect(rowOf(page, near).getByTestId('near-breach-tag')).toHaveText(/^剩 1小时5\d分$/);
  await expect(rowOf(page, late)).toHaveCount(0);

  await page.getByRole('tab', { name: /已超时/ }).click();
  await expect(page).toHaveURL(/view=overdue/);
  const lateTag = rowOf(page, late).getByTestId('overdue-tag');
  await expect(lateTag).toHaveText(/^超时 6小时(\d+分)?$/);
  // Red: the breach stands out.
  await expect(lateTag).toHaveCSS('background-color', 'rgb(168, 7, 26)');

  await rowOf(page, late).getByTestId('order-link').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${lateId}$`));
  const card = page.getByTestId('call-card');
  await expect(card.getByTestId('overdue-tag')).toHaveText(/^超时 6小时/);
  await card.getByRole('combobox', { name: '通话结果' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '已接通·已沟通' }).click();
  await card.getByRole('textbox', { name: '通话备注' }).fill('客户今晚发营业执照照片');
  await card.getByTestId('record-call').click();
  await expect(card.getByTestId('call-list')).toContainText('已接通·已沟通');
  await expect(card.getByTestId('call-list')).toContainText('客户今晚发营业执照照片');
  await expect(card.getByTestId('sla-tag')).toHaveText(/^已联系（超时 6小时(\d+分)?）$/);
  // On the timeline as an internal event.
  await expect(page.getByTestId('timeline-internal').filter({ hasText: '电话联系：已接通·已沟通' })).toBeVisible();

  // Called: it leaves 已超时.
  await page.goto('/console/orders?view=overdue');
  await expect(page.getByTestId('order-table')).toBeVisible();
  await expect(rowOf(page, late)).toHaveCount(0);
  await page.goto('/console/orders?view=all&q=' + encodeURIComponent(late));
  await expect(rowOf(page, late).getByTestId('sla-tag')).toHaveText(/^已联系（超时 6小时(\d+分)?）$/);
  csp.expectClean();
});

test('alerts, once turned on, notify once and sound for a new paid order the list picks up by itself; none when off', async ({ page, context }) => {
  test.slow();
  await context.grantPermissions(['notifications']);
  // Record every notification and tone, wrapping the real constructors.
  await context.addInitScript(() => {
    const state = { notifications: [] as Array<{ title: string; body: string }>, tones: 0 };
    (window as unknown as { __alerts: typeof state }).__alerts = state;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        state.notifications.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
    Object.defineProperty(Recorded, 'requestPermission', { value: (...args: Parameters<typeof Real.requestPermission>) => Real.requestPermission(...args) });
    window.Notification = Recorded as typeof Notification;
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      state.tones += 1;
      return createOscillator.call(this);
    };
  });
  const csp = await watchCsp(context);
  const alerts = () => page.evaluate(() => (window as unknown as { __alerts: { notifications: Array<{ title: string; body: string }>; tones: number } }).__alerts);
  const suffix = String(Date.now()).slice(-6);

  const fresh = `杭州提醒测试科技有限公司${suffix}`;
  const quiet = `杭州静默测试科技有限公司${suffix}`;
  await signInToConsole(page);
  // Filtered to the company to come: however many orders other suites left waiting, it is the one row.
  await page.goto(`/console/orders?view=new&q=${encodeURIComponent(fresh)}`);
  const toggle = page.getByTestId('alerts-toggle');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  // The first answer after turning on is the baseline: the orders already waiting are not news.
  const baseline = page.waitForResponse((r) => r.url().includes('/api/console/orders?') && r.url().includes('view=new') && r.url().includes('page_size=50') && r.ok());
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await baseline;

  insertPaidOrders([{ name: fresh, fee: 29900, paidAt: new Date().toISOString() }]);
  // The order list refreshes itself (no reload, no click)…
  await expect(rowOf(page, fresh)).toBeVisible({ timeout: 45_000 });
  // …and the alert fires once for it, with a tone.
  await expect.poll(async () => (await alerts()).notifications.filter((n) => n.body.includes(fresh)), { timeout: 45_000 }).toEqual([{ title: '新付款订单', body: fresh }]);
  expect((await alerts()).tones).toBeGreaterThan(0);
  expect((await alerts()).notifications).toHaveLength(1);

  // Turned off: a new paid order shows up in the list, and nothing alerts.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  // In the page (a navigation would reload the recorder): search for the company to come.
  await page.getByRole('searchbox', { name: '搜索订单' }).fill(quiet);
  await page.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
  await expect(page).toHaveURL(/q=/);
  await expect(rowOf(page, fresh)).toHaveCount(0);
  insertPaidOrders([{ name: quiet, fee: 29900, paidAt: new Date().toISOString() }]);
  await expect(rowOf(page, quiet)).toBeVisible({ timeout: 45_000 });
  expect((await alerts()).notifications).toHaveLength(1);
  // Remembered per browser: still off after a reload.
  await page.reload();
  await expect(page.getByTestId('alerts-toggle')).toHaveAttribute('aria-checked', 'false');
  csp.expectClean();
});
