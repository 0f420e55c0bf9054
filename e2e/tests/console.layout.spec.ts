import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { motionDone, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { insertPaidOrders } from '../support/orders-db.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * Every console list and detail page fits the desks staff use, 1280×800 and 1440×900, with the long
 * names, complaints and messages of a real season: no page scrolls sideways, the action columns
 * stay on screen (fixed on the right), headers are one line, long text ends in … with the whole of
 * it in a tooltip, the order page's labels do not wrap and a credit code is never broken.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

const TAG = Math.random().toString(36).slice(2, 6);
// Its own tag: a search for TAG finds the two long-named orders only.
const LIST_TAG = `长列表${Math.random().toString(36).slice(2, 6)}`;
const LONG_NAMES = [`广西壮族自治区南宁市青秀区七星区国伟面馆餐饮管理服务有限责任公司${TAG}`, `宝信商贸（深圳）国际供应链管理与进出口贸易有限公司${TAG}`];
const LONG_COMPLAINT = `我在贵平台付款办理营业执照年报已经超过三天，专员一直没有联系我，电话打过去也没人接，页面上写着二十四小时内联系，请尽快处理并给我一个明确的答复，否则我要向市场监管部门反映。${TAG}`;
const LONG_SMS = `【快办】您的营业执照年报代办订单已办理完成，请登录查看完成截图；如有疑问请联系客服。本服务由第三方代办机构提供，非政府部门。${'详细说明'.repeat(12)}`;

let orderIds: number[] = [];
let creditCode = '';

/** Complaints, SMS and a deletion request with long texts, written into the running server's database. */
function insertLongRecords(orderId: number): void {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const feedback = db.prepare('INSERT INTO feedback (type, content, contact, order_id, company_name, due_at) VALUES (?, ?, ?, ?, ?, ?)');
    feedback.run('售后', LONG_COMPLAINT, '13800138000 微信同号，工作日晚上七点以后方便接电话', orderId, '', due);
    feedback.run('举报', LONG_COMPLAINT, '13900139000', null, LONG_NAMES[1]!, due);
    const sms = db.prepare('INSERT INTO sms_log (dedupe_key, order_id, phone, template, content, provider, status, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    sms.run(`e2e-layout-${TAG}-1`, orderId, '13700137000', 'order_completed', LONG_SMS, 'aliyun', 'SENT', '');
    sms.run(`e2e-layout-${TAG}-2`, orderId, '13700137000', 'order_paid', LONG_SMS, 'tencent', 'FAILED', 'isv.BUSINESS_LIMIT_CONTROL 触发小时级流控 Permits:5');
    db.prepare("INSERT INTO deletion_requests (phone_masked, status, confirmed_at) VALUES ('137****7000', 'waiting', ?)").run(new Date().toISOString());
    const row = db.prepare('SELECT entity_id FROM orders WHERE id = ?').get(orderId) as { entity_id: string };
    creditCode = row.entity_id;
  } finally {
    db.close();
  }
}

/** The pages, each with what shows it has loaded (paths need the seeded records). */
const pages = () => [
  { name: 'orders-new', path: '/console/orders?view=new', ready: 'order-table' },
  { name: 'orders-all', path: `/console/orders?view=all&q=${encodeURIComponent(TAG)}`, ready: 'order-table' },
  { name: 'refunds', path: '/console/refunds', ready: 'refund-table' },
  { name: 'complaints', path: '/console/feedback?status=all', ready: 'feedback-table' },
  { name: 'complaints-wechat', path: '/console/feedback?source=wechat', ready: 'wechat-complaints-table' },
  { name: 'sms', path: '/console/sms', ready: 'sms-table' },
  { name: 'deletion', path: '/console/deletion-requests', ready: 'deletion-table' },
  { name: 'customer', path: `/console/customers?credit_code=${creditCode}`, ready: 'customer-orders' },
  { name: 'staff', path: '/console/staff', ready: 'staff-table' },
  { name: 'audit', path: '/console/audit', ready: 'audit-table' },
  { name: 'reconciliation', path: '/console/reconciliation', ready: undefined },
  { name: 'goods', path: '/console/goods', ready: 'goods-table' },
  { name: 'site-config', path: '/console/site-config', ready: undefined },
  { name: 'agreements', path: '/console/agreements', ready: 'agreement-versions' },
  { name: 'directory-source', path: '/console/directory-source', ready: 'directory-provider' },
  { name: 'dashboard', path: '/console', ready: undefined },
  { name: 'order', path: `/console/orders/${orderIds[0]}`, ready: 'order-info' },
];

const PAGE_NAMES = ['orders-new', 'orders-all', 'refunds', 'complaints', 'complaints-wechat', 'sms', 'deletion', 'customer', 'staff', 'audit', 'reconciliation', 'goods', 'site-config', 'agreements', 'directory-source', 'dashboard', 'order'] as const;

interface Misfit {
  pageOverflow: number;
  actionsOffScreen: string[];
  wrappedHeaders: string[];
  brokenCodes: string[];
}

/**
 * What does not fit: the page's sideways overflow; buttons and links of an 操作 column right of the
 * viewport or hidden under something else (a column scrolled out of its table); header cells whose
 * text takes more than one line; a credit code on more than one line.
 */
function misfits(page: Page): Promise<Misfit> {
  return page.evaluate(() => {
    const lines = (element: Element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 4));
      }
      return tops.size;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && !element.closest('.ant-table-measure-row, [aria-hidden="true"]');
    };
    const actionsOffScreen: string[] = [];
    for (const table of document.querySelectorAll<HTMLElement>('#main .ant-table')) {
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
      const index = headers.findIndex((th) => th.textContent?.trim() === '操作');
      if (index < 0) continue;
      for (const row of table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')) {
        const cell = row.children[index];
        if (!cell) continue;
        for (const control of cell.querySelectorAll<HTMLElement>('button, a')) {
          if (!visible(control)) continue;
          const rect = control.getBoundingClientRect();
          const x = rect.left + rect.width / 2;
          const y = rect.top + rect.height / 2;
          const hit = y >= 0 && y < window.innerHeight ? document.elementFromPoint(x, y) : control;
          if (rect.right > window.innerWidth || (hit !== null && !control.contains(hit))) actionsOffScreen.push(`${control.textContent?.trim()} at x=${Math.round(rect.left)}–${Math.round(rect.right)}`);
        }
      }
    }
    const wrappedHeaders = [...document.querySelectorAll<HTMLElement>('#main .ant-table thead th')]
      .filter((th) => visible(th) && lines(th) > 1)
      .map((th) => `${th.textContent?.trim()} (${Math.round(th.getBoundingClientRect().width)} px wide)`);
    const brokenCodes = [...document.querySelectorAll<HTMLElement>('#main .mono, #main [data-testid="credit-code"]')]
      .filter((element) => /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(element.textContent?.trim() ?? '') && visible(element) && lines(element) > 1)
      .map((element) => element.textContent!.trim());
    const scroller = document.scrollingElement ?? document.documentElement;
    return { pageOverflow: scroller.scrollWidth - window.innerWidth, actionsOffScreen, wrappedHeaders, brokenCodes };
  });
}

async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await motionDone(page);
  await snapshot(page, testInfo, `layout-${name}-${page.viewportSize()?.width ?? 0}`);
}

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await signInToConsole(page);
  const session = (await (await page.request.get('/api/console/session')).json()) as { data: { id: number } };
  const paidAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
  orderIds = insertPaidOrders([
    { name: LONG_NAMES[0]!, fee: 29900, paidAt, goodsType: 'license_year', adminId: session.data.id, adminName: '欧阳晓明', processStatus: '4' },
    { name: LONG_NAMES[1]!, fee: 199900, paidAt, goodsType: 'license_destory', adminId: session.data.id, adminName: '欧阳晓明', processStatus: '4' },
  ]);
  // A pending refund with a long reason: 退款审批's 批准 / 驳回 once started at x=1282.
  const refund = await page.request.post(`/api/console/orders/${orderIds[1]}/refund-requests`, {
    headers: { 'x-kb-console': '1' },
    data: { reason: '登记机关驳回注销申请，客户要求全额退款，已与客户电话确认并记录在处理记录中，请尽快审批' },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  insertLongRecords(orderIds[0]!);
  // A list longer than the screen, for the bulk bar.
  insertPaidOrders(Array.from({ length: 24 }, (_, i) => ({ name: `${LIST_TAG}批量${String(i + 1).padStart(2, '0')}商贸有限公司`, fee: 19900 + i, paidAt })));
  await page.close();
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    // One signed-in page for the size's tests (a sign-in per page would be most of the run).
    let page: Page;
    test.beforeAll(async ({ browser }, testInfo) => {
      page = await browser.newPage({ baseURL: testInfo.project.use.baseURL, viewport: size, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      await signInToConsole(page);
    });
    test.afterAll(async () => {
      await page.close();
    });

    for (const name of PAGE_NAMES) {
      test(`${name} fits`, async () => {
        const testInfo = test.info();
        const target = pages().find((p) => p.name === name)!;
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        if (target.ready) await expect(page.getByTestId(target.ready).first()).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('#main .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
        await look(page, testInfo, name);
        expect(await misfits(page)).toEqual({ pageOverflow: 0, actionsOffScreen: [], wrappedHeaders: [], brokenCodes: [] } satisfies Misfit);
      });
    }

    test('the complaint text is one readable line with its tooltip', async () => {
      // It was ~3 characters wide with its header running down.
      await page.goto('/console/feedback?status=all');
      const content = page.getByTestId('feedback-table').getByTestId('cell-ellipsis').filter({ hasText: TAG }).first();
      await expect(content).toBeVisible({ timeout: 30_000 });
      const box = (await content.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(160);
      expect(box.height).toBeLessThan(30);
      await content.hover();
      await expect(page.locator('.ant-tooltip:visible')).toContainText(LONG_COMPLAINT);
    });

    test("the queue's 付款时间 is shown whole", async () => {
      await page.goto(`/console/orders?view=all&q=${encodeURIComponent(TAG)}`);
      const table = page.getByTestId('order-table');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2, { timeout: 60_000 });
      const cells = await table.evaluate((element) => {
        const scroller = element.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!.getBoundingClientRect();
        const index = [...element.querySelectorAll<HTMLElement>('thead th')].findIndex((th) => th.textContent?.includes('付款时间'));
        return [...element.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].map((row) => {
          const cell = row.children[index] as HTMLElement;
          return { text: cell.textContent, right: Math.round(cell.getBoundingClientRect().right), visibleRight: Math.round(Math.min(scroller.right, window.innerWidth)), cut: cell.scrollWidth > cell.clientWidth };
        });
      });
      expect(cells).toHaveLength(2);
      for (const cell of cells) expect(cell.cut, `${cell.text} is cut`).toBe(false);
      for (const cell of cells) expect(cell.right, `${cell.text} ends at ${cell.right}, visible to ${cell.visibleRight}`).toBeLessThanOrEqual(cell.visibleRight);
    });

    test('the bulk bar stays at the bottom of the screen however far the list is scrolled', async () => {
        const testInfo = test.info();
      await page.goto(`/console/orders?view=all&page_size=50&q=${encodeURIComponent(LIST_TAG)}`);
      const rows = page.getByTestId('order-table').locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(24, { timeout: 60_000 });
      await rows.nth(0).getByRole('checkbox').check();
      await rows.nth(1).getByRole('checkbox').check();
      const bar = page.getByTestId('bulk-bar');
      await expect(bar).toContainText('已选 2 单');
      const inView = async () => {
        const box = (await bar.boundingBox())!;
        return { top: box.y >= 0, bottom: Math.round(box.y + box.height) <= size.height, left: box.x >= 0, right: Math.round(box.x + box.width) <= size.width };
      };
      const all = { top: true, bottom: true, left: true, right: true };
      // At the top of the list (the bar's place is after the list, below the screen's edge) …
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(inView).toEqual(all);
      // … halfway, and at the very bottom.
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight / 2));
      await expect.poll(inView).toEqual(all);
      await rows.nth(12).getByRole('checkbox').check();
      await expect(bar).toContainText('已选 3 单');
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expect.poll(inView).toEqual(all);
      // Its buttons are the ones on top there (nothing covers them).
      const take = page.getByTestId('bulk-take');
      const center = await take.evaluate((button) => {
        const rect = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2));
      });
      expect(center).toBe(true);
      await look(page, testInfo, 'bulk-bar');
      await page.getByRole('button', { name: '取消选择' }).click();
      await expect(bar).toHaveCount(0);
    });

    test("a dialog's 0 / 500 counter does not lie over its buttons", async () => {
      const testInfo = test.info();
      await page.goto(`/console/orders/${orderIds[0]}`);
      await page.getByRole('button', { name: '申请退款' }).click();
      const dialog = page.getByRole('dialog');
      const counter = dialog.locator('.ant-input-data-count');
      await expect(counter).toHaveText('0 / 500');
      await dialog.getByRole('textbox').fill('客户要求退款'.repeat(5));
      await expect(counter).toHaveText('30 / 500');
      await motionDone(page);
      const box = (await counter.boundingBox())!;
      for (const button of await dialog.locator('.ant-modal-footer button').all()) {
        const other = (await button.boundingBox())!;
        const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
        expect(overlaps, `${await button.textContent()} at ${JSON.stringify(other)}, counter at ${JSON.stringify(box)}`).toBe(false);
      }
      await look(page, testInfo, 'refund-dialog');
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await expect(dialog).toHaveCount(0);
    });

    test("the order page's labels and the credit code are each one line", async () => {
        const testInfo = test.info();
      await page.goto(`/console/orders/${orderIds[0]}`);
      const info = page.getByTestId('order-info');
      await expect(info).toBeVisible({ timeout: 30_000 });
      const wrappedLabels = await info.evaluate((element) =>
        [...element.querySelectorAll<HTMLElement>('.ant-descriptions-item-label')]
          .filter((label) => {
            const range = document.createRange();
            range.selectNodeContents(label);
            return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4))).size > 1;
          })
          .map((label) => label.textContent),
      );
      expect(wrappedLabels).toEqual([]);
      const code = info.getByText(creditCode, { exact: true });
      expect((await code.boundingBox())!.height).toBeLessThan(26);
      await look(page, testInfo, 'order-info');
    });
  });
}
