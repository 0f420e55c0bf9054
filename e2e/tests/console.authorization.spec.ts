import { readFileSync } from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { fillPerson, openHome, searchAndPick, snapshot } from '../support/journey.ts';
import { signInToConsole, searchOrders } from '../support/console.ts';

/*
 * The console's side of a cancellation's 授权委托书 (issue 16, item 15; decision 035): the order shows
 * what the visitor confirmed (name, time, address, version, text) and downloads it as a PDF.
 */
const COMPANY = { keyword: '张记面馆', name: '杭州市西湖区张记面馆', legal: '张建国' };
const PHONE = '13912340154';

test('staff see the confirmed authorisation on a cancellation order and download it as a PDF', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  // A visitor on a phone confirms the authorisation and pays.
  const phone = await browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const visitor = await phone.newPage();
  await openHome(visitor);
  await visitor.getByTestId('goods-2').click();
  await searchAndPick(visitor, COMPANY.keyword, COMPANY.name);
  await fillPerson(visitor, undefined, PHONE);
  await visitor.getByTestId('consent-checkbox').check();
  await visitor.getByTestId('submit').click();
  await visitor.getByTestId('authorization-signer').fill(COMPANY.legal);
  await visitor.getByTestId('authorization-tick').check();
  await visitor.getByTestId('pay-now').click();
  await expect(visitor).toHaveURL(/\/sandbox\/cashier\/KB\d+P\d\d$/);
  await visitor.getByRole('button', { name: '确认支付' }).click();
  await expect(visitor).toHaveURL(/\/success$/);
  await phone.close();

  await signInToConsole(page);
  await page.getByRole('navigation', { name: '主导航' }).getByText('订单处理').click();
  await searchOrders(page, PHONE);
  const row = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: COMPANY.name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('order-link').click();

  const authorization = page.getByTestId('order-authorization');
  await expect(authorization).toBeVisible();
  await expect(authorization).toContainText(COMPANY.legal);
  await expect(authorization).toContainText('127.0.0.1');
  await expect(authorization).toContainText(/zx-\d{4}-\d{2}/);
  await expect(authorization).toContainText(`委托人（市场主体）：${COMPANY.name}`);
  await expect(authorization).toContainText('委托期限：');
  await authorization.scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'console-order-authorization');

  const [download] = await Promise.all([page.waitForEvent('download'), authorization.getByTestId('authorization-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^授权委托书-KB\d+\.pdf$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(2000);
});
