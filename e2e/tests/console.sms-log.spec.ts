import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { signInToConsole } from '../support/console.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * 短信记录 at the widths staff use (at 1440 px the 通道 text and the 结果 column were once past
 * the right edge; decision 038): every column inside the page, no sideways scroll, long text cut with … .
 */

test.describe.configure({ timeout: 120_000 });

const PHONE = `1370${String(Date.now()).slice(-7)}`;
const LONG_CONTENT = `【快办】您的营业执照年报代办订单已办理完成，请登录查看完成截图；如有疑问请联系客服。本服务由第三方代办机构提供，非政府部门。${'详细说明'.repeat(20)}`;

/** Two log rows for one phone, one with a long unknown template and channel name, one failed. */
function insertSmsRows(): void {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const insert = db.prepare('INSERT INTO sms_log (dedupe_key, order_id, phone, template, content, provider, status, error) VALUES (?, NULL, ?, ?, ?, ?, ?, ?)');
    insert.run(`e2e-sms-fit-${PHONE}-1`, PHONE, 'order_completed_with_a_very_long_template_name', LONG_CONTENT, 'tencent-cloud-sms-international-gateway', 'SENT', '');
    insert.run(`e2e-sms-fit-${PHONE}-2`, PHONE, 'order_paid', LONG_CONTENT, 'aliyun', 'FAILED', 'isv.BUSINESS_LIMIT_CONTROL 触发小时级流控 Permits:5');
  } finally {
    db.close();
  }
}

/** How far the page and the table reach past their boxes, and the right edge of each header. */
function measure(page: Page) {
  return page.getByTestId('sms-table').evaluate((table) => {
    const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? table;
    return {
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tableOverflow: scroller.scrollWidth - scroller.clientWidth,
      viewport: window.innerWidth,
      headers: [...table.querySelectorAll<HTMLElement>('thead th')].map((th) => ({ title: th.textContent ?? '', right: Math.round(th.getBoundingClientRect().right) })),
    };
  });
}

test.beforeAll(() => insertSmsRows());

for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
  test(`the SMS log fits ${viewport.width} px with every column on screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInToConsole(page);
    await page.goto(`/console/sms?q=${PHONE}`);
    const rows = page.getByTestId('sms-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2, { timeout: 30_000 });
    const seen = await measure(page);
    expect(seen.pageOverflow).toBeLessThanOrEqual(0);
    expect(seen.tableOverflow).toBeLessThanOrEqual(0);
    for (const title of ['通道', '结果']) {
      const header = seen.headers.find((h) => h.title === title);
      expect(header, title).toBeTruthy();
      expect(header!.right, title).toBeLessThanOrEqual(seen.viewport);
    }
    // The long channel name is cut to its column, and the failure is in words on the row.
    const channel = rows.filter({ hasText: '已发送' }).locator('td').nth(5);
    await expect(channel).toContainText('tencent-cloud');
    expect(await channel.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
    await expect(rows.filter({ hasText: '发送失败' })).toHaveCount(1);
  });
}
