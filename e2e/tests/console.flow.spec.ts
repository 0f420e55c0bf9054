import { createDecipheriv, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { PROCESS_STATUS, signRequest, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, motionDone, payCashierLink, snapshot } from '../support/journey.ts';
import { CONSOLE_ADMIN, signInToConsole, searchOrders } from '../support/console.ts';
import { lookupCodeFromDatabase } from '../support/lookup-code.ts';

/*
 * The agent's console (docs/product/roles.md, decision 008): an admin signs in, finds a paid order, takes it, uploads a
 * completion screenshot and completes it; the visitor's order then reads completed with the
 * screenshot, on the API and on /check; the SMS log shows the payment and completion notices.
 */

// The service and the ID number; the company (and its phone) are claimed (e2e/support/companies.ts).
const CUSTOMER = { goodsId: '3', idno: '11010519491231002X' };
// A 2×2 PNG (transparent), as a clerk's screenshot would be.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mNk+M9QzwAEjDAGACCDAv8cI7IoAAAAAElFTkSuQmCC', 'base64');

interface ClientKeys {
  signSecret: string;
  aesKey: string;
}

/** The keys the server injects into the visitor app's index.html (docs/decisions/003). */
async function clientKeys(request: APIRequestContext): Promise<ClientKeys> {
  const html = await (await request.get('/')).text();
  const content = /<meta name="kb-client" content='([^']+)'>/.exec(html)?.[1];
  expect(content, 'the built web app carries the client keys').toBeTruthy();
  return JSON.parse(content!.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as ClientKeys;
}

/** A visitor API call, signed the way the web client signs it. */
async function visitorCall(request: APIRequestContext, keys: ClientKeys, method: 'GET' | 'POST', path: string, options: { query?: Record<string, string>; body?: unknown } = {}) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const query: Record<string, string> = { ...options.query, timestamp: String(Math.floor(Date.now() / 1000)), nonce: randomUUID() };
  query.signature = signRequest({ query, body: method === 'POST' ? body : undefined, secret: keys.signSecret });
  const response = await request.fetch(`${path}?${new URLSearchParams(query).toString()}`, {
    method,
    headers: { 'x-device-id': 'e2e-console-device', 'x-platform': 'web', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { data: body } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
  const envelope = (await response.json()) as { code: number; data: unknown; encrypt?: boolean };
  if (!envelope.encrypt) return envelope.data;
  const raw = Buffer.from(envelope.data as string, 'base64');
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(keys.aesKey, 'hex'), raw.subarray(0, 16));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8')) as unknown;
}

/** A picture once antd's enter/leave transitions (modals, loading fades) are over. */
async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await motionDone(page);
  await snapshot(page, testInfo, name);
}

/** A contrast check mid-fade would measure a half-drawn colour. */
async function expectAxeClean(page: Page): Promise<void> {
  await motionDone(page);
  expect(await accessibilityViolations(page)).toEqual([]);
}

test('an admin works a paid order to completion; the visitor sees it completed; the SMS log shows both notices', async ({ page, request, context }, testInfo) => {
  test.setTimeout(120_000);
  const keys = await clientKeys(request);
  const company = claimCompany();

  // A visitor orders credit repair and pays in the sandbox cashier, agreeing to the current agreement.
  const agreement = (await visitorCall(request, keys, 'GET', '/api/h5/agreement')) as { version: string };
  const created = (await visitorCall(request, keys, 'POST', '/api/h5/order', {
    body: {
      goods_id: CUSTOMER.goodsId,
      pay_type: 'weixin',
      pay_source: 'native',
      source: 'web',
      entity_name: company.name,
      entity_id: company.creditCode,
      entity_legal: company.legal,
      entity_idno: CUSTOMER.idno,
      entity_phone: company.phone,
      extra: { consent: true, agreement_version: agreement.version, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
      credit_record: 'administrative_penalty',
    },
  })) as { orderId: string; qrcodeUrl: string; editKey: string };
  await payCashierLink(context, created.qrcodeUrl);

  // Sign in; the dashboard and the queue show the new paid order.
  await signInToConsole(page);
  await expect(page.getByTestId('badge-new-paid')).toBeVisible();
  await look(page, testInfo, 'console-dashboard');
  await expectAxeClean(page);

  await page.getByRole('navigation', { name: '主导航' }).getByText('订单处理').click();
  await expect(page.getByRole('heading', { level: 1, name: '订单处理' })).toBeVisible();
  await searchOrders(page, company.phone);
  const row = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: company.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待处理');
  await expect(row).toContainText('未接单');
  // 信用修复: the record the customer asked to repair, in the list and on the order.
  await expect(row.getByTestId('order-row-credit-record')).toHaveText('行政处罚');
  await look(page, testInfo, 'console-orders');
  await expectAxeClean(page);

  // The detail: ID masked until asked for.
  await row.getByTestId('order-link').click();
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
  await expect(page.getByTestId('idno-masked')).toHaveText('110***********002X');
  await expect(page.getByTestId('order-credit-record')).toHaveText('行政处罚');
  await look(page, testInfo, 'console-order-detail');
  await expectAxeClean(page);
  // The reveal asks why (the admin may on any order; a clerk only on the orders they handle).
  await page.getByTestId('idno-reveal').click();
  await expect(page.getByTestId('idno-reveal-confirm')).toBeDisabled();
  await page.getByRole('radio', { name: '联系客户核实身份' }).check();
  await page.getByRole('button', { name: '查看', exact: true }).click();
  await expect(page.getByTestId('idno-full')).toHaveText(CUSTOMER.idno);

  // Take it, upload the screenshot, complete it.
  await page.getByTestId('take-order').click();
  await expect(page.getByTestId('handler-name')).toHaveText('管理员（我）');
  await page.locator('input[type="file"]').setInputFiles({ name: '公示截图.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('screenshot')).toHaveCount(1);
  await page.getByTestId('move-4').click();
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('order-info').getByTestId('process-status')).toHaveText('处理中');
  await page.getByTestId('move-2').click();
  await expect(page.getByRole('dialog')).toContainText('客户将在回执中看到 1 张完成截图');
  await look(page, testInfo, 'console-complete-dialog');
  await page.getByTestId('move-confirm').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('order-info').getByTestId('process-status')).toHaveText('已完成');
  await expect(page.getByTestId('order-timeline')).toContainText('处理中 → 已完成');
  // Staff read no internal words: the sandbox channel, attempt and notice states, pay source and platform in Chinese.
  await expect(page.locator('#main')).toContainText('模拟支付（测试环境）');
  await expect(page.locator('#main')).toContainText('已入账');
  await expect(page.locator('#main')).not.toContainText(/sandbox|PAID|APPLIED|EV_SBX|· native|· h5|· jsapi|wx-mp/);
  await look(page, testInfo, 'console-order-completed');
  await expectAxeClean(page);

  // The visitor's order detail, as the ordering device reads it (with the order's key, decision 049):
  // completed, with the screenshot at a URL the visitor app can load.
  const record = (await visitorCall(request, keys, 'GET', '/api/h5/order/detail', { query: { id: created.orderId, key: created.editKey } })) as { process_status: string; process_status_name: string; files: Array<{ url: string }>; admin_name: string };
  expect(record).toMatchObject({ process_status: PROCESS_STATUS.completed, process_status_name: '已完成', admin_name: '管理员' });
  expect(record.files).toHaveLength(1);
  expect(record.files[0]!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  const image = await request.get(record.files[0]!.url);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body()).equals(PNG)).toBe(true);

  // The visitor's /check (desktop: the query dialog): completed in green; the receipt has the screenshot and the completed stamp.
  const visitor = await context.newPage();
  await visitor.goto('/check');
  const dialog = visitor.getByTestId('query-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('query-phone').fill(company.phone);
  await dialog.getByTestId('query-submit').click();
  // Another browser than the one that ordered: the phone is proved by its SMS code first (decision 049).
  const verify = dialog.getByTestId('phone-verify');
  await verify.getByTestId('verify-send').click();
  await expect(verify.getByTestId('verify-send')).toBeDisabled();
  await verify.getByTestId('verify-code').fill(lookupCodeFromDatabase());
  await verify.getByTestId('verify-confirm').click();
  await expect(dialog.getByTestId('phone-verify')).toHaveCount(0);
  const visitorRow = dialog.getByTestId('query-row');
  await expect(visitorRow).toHaveCount(1);
  await expect(visitorRow.getByTestId('status-badge')).toHaveText('已完成');
  await expect(visitorRow.getByTestId('status-badge')).toHaveAttribute('data-status-class', 'completed');
  await visitorRow.getByTestId('query-details').click();
  const receipt = visitor.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'completed');
  await expect(receipt.getByTestId('receipt-screenshot')).toHaveCount(1);
  await expect(receipt.getByTestId('receipt-screenshot')).toHaveAttribute('src', record.files[0]!.url);
  await expect.poll(() => receipt.getByTestId('receipt-screenshot').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await look(visitor, testInfo, 'visitor-receipt-completed');
  await visitor.close();

  // The SMS log: the payment notice and the completion notice, each with the disclosure.
  await page.getByRole('navigation', { name: '主导航' }).getByText('短信记录').click();
  await expect(page.getByRole('heading', { level: 1, name: '短信记录' })).toBeVisible();
  const smsRows = page.getByTestId('sms-table').locator('tbody tr').filter({ hasText: `${company.phone.slice(0, 3)}****${company.phone.slice(-4)}` });
  // The outbox worker runs every few seconds; the page refreshes itself.
  await expect(smsRows).toHaveCount(2, { timeout: 30_000 });
  await expect(smsRows.filter({ hasText: '支付成功通知' })).toContainText('信用修复代办服务费999.00元');
  await expect(smsRows.filter({ hasText: '办理完成通知' })).toContainText(`${company.name}的信用修复代办已办理完成`);
  for (const text of await smsRows.allTextContents()) expect(text).toContain('本平台为第三方有偿代办机构，非政府网站');
  await expect(smsRows.filter({ hasText: '已发送' })).toHaveCount(2);
  // The channel in words, not its code.
  await expect(smsRows.filter({ hasText: '测试通道（不实际发送）' })).toHaveCount(2);
  await look(page, testInfo, 'console-sms-log');
  await expectAxeClean(page);
});

test('every console page is axe-clean at 1440×900; a clerk replaces a temporary password and sees no admin tools', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  const nav = page.getByRole('navigation', { name: '主导航' });
  const pages: Array<[string, string]> = [
    ['退款审批', 'refunds'],
    ['投诉处理', 'feedback'],
    ['服务与价格', 'goods'],
    ['站点配置', 'site-config'],
    ['员工账号', 'staff'],
    ['操作日志', 'audit'],
  ];
  for (const [title, path] of pages) {
    await nav.getByText(title, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/console/${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await look(page, testInfo, `console-${path}`);
    await expectAxeClean(page);
  }
  // The audit log recorded the sign-ins.
  await expect(page.locator('tbody')).toContainText('登录');

  // The admin adds a clerk with a temporary password.
  await nav.getByText('员工账号', { exact: true }).click();
  await page.getByRole('button', { name: '新增员工' }).click();
  const create = page.getByRole('dialog', { name: '新增员工' });
  await create.getByLabel('用户名（登录用）').fill('clerk.e2e');
  await create.getByLabel('姓名（显示给同事和客户的处理人）').fill('王专员');
  await create.getByLabel('临时密码').fill('clerk-temp-2026');
  await look(page, testInfo, 'console-staff-create');
  await expectAxeClean(page);
  await create.getByRole('button', { name: '创建' }).click();
  await expect(page.locator('tbody')).toContainText('王专员');
  await expect(page.locator('tbody')).toContainText('待改临时密码');

  // The clerk signs in and must replace it first.
  await page.getByTestId('account-menu').hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/console\/login/);
  await page.getByTestId('login-username').fill('clerk.e2e');
  await page.getByTestId('login-password').fill('clerk-temp-2026');
  await page.getByTestId('login-submit').click();
  const forced = page.getByRole('dialog', { name: '修改密码' });
  await expect(forced).toContainText('当前使用的是临时密码');
  await look(page, testInfo, 'console-forced-password');
  await expectAxeClean(page);
  await forced.getByTestId('password-current').fill('clerk-temp-2026');
  await forced.getByTestId('password-new').fill('clerk-own-password-9');
  await forced.getByTestId('password-confirm').fill('clerk-own-password-9');
  await forced.getByRole('button', { name: '保存新密码' }).click();
  await expect(forced).toBeHidden();

  // A clerk has no staff or audit pages, and reads prices without editing them.
  await expect(nav.getByText('员工账号', { exact: true })).toHaveCount(0);
  await expect(nav.getByText('操作日志', { exact: true })).toHaveCount(0);
  await nav.getByText('服务与价格', { exact: true }).click();
  await expect(page.getByText('只有管理员可以修改价格和服务。')).toBeVisible();
  await expect(page.getByTestId('goods-table')).toContainText('¥199.00');
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await look(page, testInfo, 'console-goods-clerk');
  await expectAxeClean(page);

  // The sign-in page itself, with a wrong password.
  await page.getByTestId('account-menu').hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/console\/login/);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('not-the-password-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
  await look(page, testInfo, 'console-login');
  await expectAxeClean(page);
});

test('a browser that signed in before is not locked out by guessing from elsewhere; a new browser is told to wait (decision 014)', async ({ page, request, browser }, testInfo) => {
  // Dozens of real scrypts and three browser sign-ins: slow on a busy machine.
  test.setTimeout(180_000);
  const clerk = { username: 'clerk.device', temporary: 'clerk-device-temp-1', password: 'clerk-device-own-9' };
  const headers = { 'x-kb-console': '1' };
  const signInCall = (password: string) => request.post('/api/console/session', { headers, data: { username: clerk.username, password } });

  // The admin adds the clerk (through the API, as the staff page does).
  expect((await request.post('/api/console/session', { headers, data: CONSOLE_ADMIN })).status()).toBe(200);
  expect((await request.post('/api/console/staff', { headers, data: { username: clerk.username, display_name: '设备专员', role: 'clerk', password: clerk.temporary } })).status()).toBe(200);

  // The clerk signs in once in this browser and replaces the temporary password: the browser now holds a device cookie.
  await page.goto('/console/login');
  await page.getByTestId('login-username').fill(clerk.username);
  await page.getByTestId('login-password').fill(clerk.temporary);
  await page.getByTestId('login-submit').click();
  const forced = page.getByRole('dialog', { name: '修改密码' });
  await forced.getByTestId('password-current').fill(clerk.temporary);
  await forced.getByTestId('password-new').fill(clerk.password);
  await forced.getByTestId('password-confirm').fill(clerk.password);
  await forced.getByRole('button', { name: '保存新密码' }).click();
  await expect(forced).toBeHidden();
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'kb_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/console/session' });
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000);
  await page.getByTestId('account-menu').hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/console\/login/);

  // Someone else guesses from this address until the address is locked out of the account, even with the right password.
  for (let i = 0; i < 5; i++) {
    const guess = await signInCall(`guess-${i}-xxxxxx`);
    expect(guess.status()).toBe(401);
    expect(((await guess.json()) as { code: number }).code).toBe(40160);
  }
  const locked = await signInCall(clerk.password);
  expect(locked.status()).toBe(401);
  expect(await locked.json()).toEqual({ code: 40162, msg: '登录失败次数过多，请 15 分钟后再试' });

  // The browser that signed in before gets in at once: its device cookie is counted apart from strangers.
  await page.getByTestId('login-username').fill(clerk.username);
  await page.getByTestId('login-password').fill(clerk.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();

  // A browser that never signed in, at the same address, reads why it must wait.
  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto('/console/login');
    await other.getByTestId('login-username').fill(clerk.username);
    await other.getByTestId('login-password').fill(clerk.password);
    await other.getByTestId('login-submit').click();
    await expect(other.getByTestId('login-error')).toHaveText('登录失败次数过多，请 15 分钟后再试');
    await look(other, testInfo, 'console-login-locked');
  } finally {
    await fresh.close();
  }

  // The admin finds every failed attempt in the audit log, with the address and the reason.
  const audit = await request.get('/api/console/audit', { params: { action: 'staff.sign_in_failed', page_size: '50' } });
  const items = ((await audit.json()) as { data: { items: Array<{ ip: string; after: { username: string; reason: string } }> } }).data.items.filter((item) => item.after.username === clerk.username);
  const reasons = items.map((item) => item.after.reason);
  expect(reasons.filter((reason) => reason === 'wrong_password')).toHaveLength(5);
  // Refusals are folded to one entry a minute per username: at least the first is there.
  expect(reasons).toContain('locked');
  expect(items.every((item) => item.ip === '127.0.0.1')).toBe(true);
});
