import { DatabaseSync } from 'node:sqlite';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { daysOfMonth, shanghaiIsoDay, type StaffRole } from '@kuaibao/domain';
import { CONSOLE_ADMIN } from '../support/console.ts';
import { snapshot } from '../support/journey.ts';
import { insertPaidOrders } from '../support/orders-db.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/** The role that closes the month: 财务, who reads the money and exports but moves no order (decision 058). */
const MONTH_CLOSE_ROLE: StaffRole = 'finance';

test.use({ viewport: { width: 1280, height: 800 } });

/** Last month (Beijing): every day of it has a bill by now. */
function lastMonth(): string {
  const [y, m] = shanghaiIsoDay(new Date()).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const CREDIT_CODE = '914403001457799086';
const TXN_ID = '4200009876543210123';
const COMPANY = '月结核对科技有限公司';

/**
 * What the daily reconciliation would have stored for last month (decision 039, 061), written into
 * the server's database: WeChat Pay's bills on most days (day 5 never reconciled, day 6 with two
 * differences), Alipay's with one payment on day 3 (day 7 never reconciled); one paid order of
 * ours named by the day-2 bill with its fee, and a refund request with its refund.
 */
function seedMonth(month: string): { orderNo: string } {
  const days = daysOfMonth(month)!;
  const [orderId] = insertPaidOrders([{ name: COMPANY, fee: 19900, paidAt: `${month}-02T02:00:00.000Z`, goodsType: 'license_year', phone: '13800002222' }]);
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE orders SET entity_id = ? WHERE id = ?').run(CREDIT_CODE, orderId!);
    const { out_trade_no: orderNo } = db.prepare('SELECT out_trade_no FROM orders WHERE id = ?').get(orderId!) as { out_trade_no: string };
    const attemptNo = `${orderNo}P01`;
    const attempt = db
      .prepare(
        `INSERT INTO payment_attempts (order_id, provider, pay_type, pay_source, out_trade_no, amount_fen, status, provider_txn_id, expires_at, created_at, paid_at, settles_order)
         VALUES (?, 'wechatpay', 'weixin', 'native', ?, 19900, 'PAID', ?, ?, ?, ?, 1) RETURNING id`,
      )
      .get(orderId!, attemptNo, TXN_ID, `${month}-02T03:00:00.000Z`, `${month}-02T01:59:00.000Z`, `${month}-02T02:00:00.000Z`) as { id: number };
    db.prepare(
      `INSERT INTO refund_requests (order_id, status, reason, requested_by, requested_by_name, decided_by_name, decided_at, created_at, updated_at)
       VALUES (?, 'SUCCEEDED', '客户取消', 1, '管理员', '管理员', ?, ?, ?)`,
    ).run(orderId!, `${month}-04T02:00:00.000Z`, `${month}-04T01:00:00.000Z`, `${month}-04T02:00:00.000Z`);
    db.prepare(
      `INSERT INTO refunds (order_id, attempt_id, provider, out_trade_no, out_refund_no, amount_fen, total_fen, purpose, status, created_at, updated_at, succeeded_at)
       VALUES (?, ?, 'wechatpay', ?, ?, 9900, 19900, 'ORDER', 'SUCCESS', ?, ?, ?)`,
    ).run(orderId!, attempt.id, attemptNo, `R${attemptNo}`, `${month}-04T02:00:00.000Z`, `${month}-04T02:01:00.000Z`, `${month}-04T02:01:00.000Z`);

    const insertRun = db.prepare(
      `INSERT INTO reconciliation_runs (provider, bill_date, status, their_payment_count, their_payment_fen, their_refund_count, their_refund_fen, their_fee_fen, difference_count, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const run = (provider: string, date: string, status: string, payments: [number, number], refunds: [number, number], fee: number, differences = 0) =>
      (insertRun.get(provider, date, status, payments[0], payments[1], refunds[0], refunds[1], fee, differences, `${date}T02:00:00.000Z`, `${date}T02:00:05.000Z`) as { id: number }).id;
    for (const date of days) {
      const day = Number(date.slice(8));
      if (day === 1) run('wechatpay', date, 'DONE', [2, 39800], [0, 0], 239);
      else if (day === 2) {
        const id = run('wechatpay', date, 'DONE', [1, 19900], [1, 9900], 60);
        db.prepare(`INSERT INTO reconciliation_bill_lines (run_id, line_kind, out_trade_no, provider_txn_id, amount_fen, fee_fen, provider_status) VALUES (?, 'payment', ?, ?, 19900, 119, 'SUCCESS')`).run(id, attemptNo, TXN_ID);
      } else if (day === 5) {
        // never reconciled
      } else if (day === 6) run('wechatpay', date, 'DONE', [1, 29900], [0, 0], 179, 2);
      else run('wechatpay', date, 'NO_BILL', [0, 0], [0, 0], 0);
      if (day === 3) run('alipay', date, 'DONE', [1, 19900], [0, 0], 119);
      else if (day !== 7) run('alipay', date, 'NO_BILL', [0, 0], [0, 0], 0);
    }
    return { orderNo };
  } finally {
    db.close();
  }
}

/** Signs in as a new staff member of MONTH_CLOSE_ROLE, created by the first admin, replacing the temporary password. */
async function signInAsMonthCloser(page: Page): Promise<void> {
  const account = { username: `month.close.${Date.now()}`, temporary: 'month-close-temp-1', password: 'month-close-own-9' };
  const headers = { 'x-kb-console': '1' };
  const api = page.context().request;
  expect((await api.post('/api/console/session', { headers, data: CONSOLE_ADMIN })).status()).toBe(200);
  expect((await api.post('/api/console/staff', { headers, data: { username: account.username, display_name: '月结专员', role: MONTH_CLOSE_ROLE, password: account.temporary } })).status()).toBe(200);
  await page.context().clearCookies();
  await page.goto('/console/login');
  await page.getByTestId('login-username').fill(account.username);
  await page.getByTestId('login-password').fill(account.temporary);
  await page.getByTestId('login-submit').click();
  const forced = page.getByRole('dialog', { name: '修改密码' });
  await forced.getByTestId('password-current').fill(account.temporary);
  await forced.getByTestId('password-new').fill(account.password);
  await forced.getByTestId('password-confirm').fill(account.password);
  await forced.getByRole('button', { name: '保存新密码' }).click();
  await expect(forced).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
}

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return workbook;
}

/** The cell under `header` in the row whose cells include `text`. */
function cellOf(sheet: ExcelJS.Worksheet, text: string, header: string): ExcelJS.Cell {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const column = headers.indexOf(header) + 1;
  expect(column, header).toBeGreaterThan(0);
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if ((row.values as unknown[]).includes(text)) return row.getCell(column);
  }
  throw new Error(`no row with ${text}`);
}

test('月结: a month closed from the daily bills, read on screen, its settlement and the orders and refunds files opened and read', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const month = lastMonth();
  const { orderNo } = seedMonth(month);
  await signInAsMonthCloser(page);

  await page.getByRole('menuitem', { name: '对账' }).click();
  await page.getByRole('tab', { name: '月结' }).click();
  await expect(page).toHaveURL(/tab=month/);
  await page.getByLabel('月份', { exact: true }).fill(month);
  await page.getByLabel('月份', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`month=${month}`));

  // 收入 − 退款 − 手续费 per channel, in yuan.
  const wechat = page.getByTestId('month-close-wechatpay');
  await expect(wechat.getByTestId('month-close-wechatpay-income')).toContainText('896.00');
  await expect(wechat.getByTestId('month-close-wechatpay-refunds')).toContainText('99.00');
  await expect(wechat.getByTestId('month-close-wechatpay-fees')).toContainText('4.78');
  await expect(wechat.getByTestId('month-close-wechatpay-net')).toContainText('792.22');
  await expect(page.getByTestId('month-close-alipay-net')).toContainText('197.81');
  await expect(page.getByTestId('month-close-net')).toContainText('990.03');
  // The days not reconciled are named.
  const open = wechat.getByTestId('month-close-wechatpay-open-days');
  await expect(open.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(open.locator('tbody tr.ant-table-row').filter({ hasText: `${month}-05` })).toContainText('未对账（无账单）');
  await expect(open.locator('tbody tr.ant-table-row').filter({ hasText: `${month}-06` })).toContainText('差异 2 笔未核实');
  await expect(page.getByTestId('month-close-alipay-open-days')).toContainText(`${month}-07`);
  await expect(page.getByTestId('month-close-open-alert')).toBeVisible();
  await expect(page.getByTestId('month-close-total')).toContainText('未结清');
  // At 1280 px nothing runs off the right edge.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, testInfo, 'console-month-close-1280');

  // The settlement file: dates as dates, amounts 0.00.
  const [settlementFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('month-close-export-xlsx').click()]);
  expect(settlementFile.suggestedFilename()).toMatch(new RegExp(`^月结_${month.replace('-', '')}_\\d{8}\\.xlsx$`));
  const settlement = (await workbookOf(settlementFile)).getWorksheet('月结')!;
  const day2 = settlement.getRow(3);
  expect(day2.getCell(1).value).toBe('微信支付');
  expect(day2.getCell(2).type).toBe(ExcelJS.ValueType.Date);
  expect((day2.getCell(2).value as Date).toISOString().slice(0, 10)).toBe(`${month}-02`);
  expect(day2.getCell(4).value).toBe(199);
  expect(day2.getCell(4).numFmt).toBe('0.00');
  expect(cellOf(settlement, '本月合计', '净额（元）').value).toBe(990.03);
  expect(settlement.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

  // The orders of the month: the credit code stays text, the payment time is a date, the bill's fee is there.
  await page.goto(`/console/orders?view=all&q=${encodeURIComponent(COMPANY)}`);
  // A full load of the console on a busy machine takes a while.
  await expect(page.getByTestId('order-table')).toContainText(orderNo, { timeout: 30_000 });
  const [ordersFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const orders = (await workbookOf(ordersFile)).getWorksheet('订单')!;
  const code = cellOf(orders, orderNo, '统一社会信用代码');
  expect(code.type).toBe(ExcelJS.ValueType.String);
  expect(code.value).toBe(CREDIT_CODE);
  const paidAt = cellOf(orders, orderNo, '付款时间');
  expect(paidAt.type).toBe(ExcelJS.ValueType.Date);
  expect((paidAt.value as Date).toISOString()).toBe(`${month}-02T10:00:00.000Z`);
  expect(cellOf(orders, orderNo, '支付交易号').value).toBe(TXN_ID);
  expect(cellOf(orders, orderNo, '通道手续费（元）').value).toBe(1.19);
  expect(cellOf(orders, orderNo, '退款金额（元）').value).toBe(99);
  expect(cellOf(orders, orderNo, '退款金额（元）').numFmt).toBe('0.00');
  // The same list as CSV: the code in the form Excel and WPS keep as text.
  const [ordersCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csv = readFileSync((await ordersCsv.path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.startsWith(orderNo))!;
  expect(line).toContain(`"=""${CREDIT_CODE}"""`);
  expect(line).toContain(`,${month}-02 10:00:00,`);
  expect(line).toContain(',199.00,');

  // The refunds: dates as dates, amounts 0.00.
  await page.goto('/console/refunds?status=SUCCEEDED');
  await expect(page.getByTestId('export-xlsx')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-table-tbody')).toContainText(COMPANY, { timeout: 30_000 });
  const [refundsFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const refunds = (await workbookOf(refundsFile)).getWorksheet('退款申请')!;
  const asked = cellOf(refunds, orderNo, '申请时间');
  expect(asked.type).toBe(ExcelJS.ValueType.Date);
  expect((asked.value as Date).toISOString()).toBe(`${month}-04T09:00:00.000Z`);
  expect(cellOf(refunds, orderNo, '金额（元）').numFmt).toBe('0.00');
});
