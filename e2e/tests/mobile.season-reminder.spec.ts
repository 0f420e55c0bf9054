import { expect, test } from '@playwright/test';
import { VALID_ID, payInSandboxCashier, payOnPhone, snapshot, startedUp } from '../support/journey.ts';
import { moveOrderToLastSeason, paidThisSeason } from '../support/last-season.ts';
import { signInToConsole } from '../support/console.ts';
import { claimCompany } from '../support/companies.ts';

/*
 * Next year's reminder (docs/decisions/065-next-season-reminder.md): the customer pays for an annual
 * report and ticks 明年年报季提醒我; the reminder clock (a test clock, never the machine's) moves to
 * the next filing season; the admin starts a batch on 年报季提醒; the SMS is in the console's SMS log
 * with the one-tap opt-out link and 回T退订; the one-tap page opts out; ticked again, a 回T reply
 * through the console provider's reply endpoint opts out too. Then the customer opens the site the SMS
 * names on the same phone and reorders in two taps, the ID number typed again (decision 066).
 */

test.describe.configure({ timeout: 150_000 });

test('pay with the tick, next season the admin sends the reminder, the SMS carries the opt-outs and both work', async ({ page, browser }, testInfo) => {
  const company = claimCompany();
  const { orderId } = await payOnPhone(page, { ...company, goodsId: 1 });

  // Unticked until the visitor ticks it, with its own text.
  const consent = page.getByTestId('reminder-consent');
  await expect(consent).toContainText('明年年报季提醒我');
  await expect(consent).toContainText('最多两条');
  const box = page.getByTestId('reminder-consent-box');
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('已开启明年年报季提醒')).toBeVisible();
  await expect(box).toBeChecked();
  await snapshot(page, testInfo, 'season-reminder-tick');

  // The next filing season, 10:00 Beijing on 5 January: only the reminder's clock moves.
  const seasonYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date())) + 1;
  const moved = await page.request.put('/__test/reminder-clock', { data: { now: `${seasonYear}-01-05T10:00:00+08:00` } });
  expect(moved.status(), await moved.text()).toBe(200);

  const staff = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1440, height: 900 } });
  const desk = await staff.newPage();
  await signInToConsole(desk);
  await desk.getByRole('menuitem', { name: '年报季提醒' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: '年报季提醒' })).toBeVisible();
  await expect(desk.getByText(`${seasonYear} 年报季（办理 ${seasonYear - 1} 年度年报）`)).toBeVisible();
  const row = desk.getByTestId('reminder-table').locator('tr', { hasText: company.name });
  await expect(row.getByTestId('reminder-status')).toHaveText('可发送');
  await desk.getByTestId('reminder-send').click();
  await desk.getByRole('button', { name: '发送', exact: true }).click();
  await expect(desk.getByText(/已发送 \d+ 条提醒/)).toBeVisible();
  await expect(row.getByTestId('reminder-status')).toHaveText('已发第一次');
  await snapshot(desk, testInfo, 'season-reminder-sent');

  // The SMS log: the outbox sends it within seconds; it names the site and carries both ways out.
  const sms = desk.getByTestId('sms-table').locator('tbody tr.ant-table-row', { hasText: '年报可以办理了' });
  await expect(async () => {
    await desk.goto(`/console/sms?q=${company.phone}`);
    await expect(sms).toHaveCount(1, { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  await expect(sms).toContainText('回T退订');
  const text = (await sms.innerText()).replace(/\s+/g, ' ');
  const link = /\/reminder-optout\/\d+\/[\w-]{32}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  // The one-tap page: one button, then done; the console shows it.
  const optOut = await page.context().newPage();
  await optOut.goto(link!);
  await expect(optOut.getByRole('heading', { name: '退订年报季提醒' })).toBeVisible();
  await optOut.getByRole('button', { name: '确认退订' }).click();
  await expect(optOut.getByRole('heading', { name: '已退订' })).toBeVisible();
  await snapshot(optOut, testInfo, 'season-reminder-opt-out-page');
  await desk.goto('/console/reminders');
  await expect(row.getByTestId('reminder-status')).toHaveText('已退订');

  // Ticked again on the success page, then the customer replies T to the SMS: opted out again.
  await box.uncheck();
  await expect(page.getByText('已取消明年年报季提醒')).toBeVisible();
  await box.check();
  await expect(box).toBeChecked();
  await desk.reload();
  await expect(row.getByTestId('reminder-status')).not.toHaveText('已退订');
  const reply = await page.request.post('/api/sms/reply/console', { data: { phone: company.phone, text: '回T' } });
  expect(reply.status(), await reply.text()).toBe(200);
  expect((await reply.json()).data).toEqual({ withdrawn: 1 });
  await desk.reload();
  await expect(row.getByTestId('reminder-status')).toHaveText('已退订');

  // The dashboard counts the season: one company reminded at least, opt-outs counted.
  await desk.goto('/console/');
  await expect(desk.getByTestId('reminder-summary')).toContainText('已发送提醒');
  await staff.close();

  // The reorder from the SMS: the site it names, on the same phone, once the order is last season's
  // (the reorder reads the machine's season, so the order moves back as in mobile.reorder.spec.ts).
  moveOrderToLastSeason(orderId);
  await page.goto('/');
  await startedUp(page);
  const offer = page.getByTestId('reorder-offer');
  await expect(offer).toContainText(company.name);
  await offer.getByTestId('reorder-use').click();
  await expect(page.getByTestId('selected-company')).toContainText(company.name);
  await expect(page.getByTestId('phone-input')).toHaveValue(company.phone);
  await expect(page.getByTestId('id-input')).toHaveValue('');
  await page.getByTestId('id-input').fill(VALID_ID);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await page.getByTestId('pay-now').click();
  await payInSandboxCashier(page);
  expect(paidThisSeason(company.creditCode)).toBe(1);
  await snapshot(page, testInfo, 'season-reminder-reorder-paid');
});
