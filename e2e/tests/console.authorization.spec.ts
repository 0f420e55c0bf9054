import { readFileSync } from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { payOnPhone, snapshot } from '../support/journey.ts';
import { signInToConsole, searchOrders } from '../support/console.ts';

/*
 * The console's side of a cancellation's 授权委托书 (decision 035): the order shows
 * what the visitor confirmed (name, time, address, version, text) and downloads it as a PDF.
 */

test('staff see the confirmed authorisation on a cancellation order and download it as a PDF', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const company = claimCompany();
  // A visitor on a phone confirms the authorisation and pays.
  const phone = await browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await payOnPhone(await phone.newPage(), { ...company, goodsId: 2 });
  await phone.close();

  await signInToConsole(page);
  await page.getByRole('navigation', { name: '主导航' }).getByText('订单处理').click();
  await searchOrders(page, company.phone);
  const row = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: company.name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('order-link').click();

  const authorization = page.getByTestId('order-authorization');
  await expect(authorization).toBeVisible();
  await expect(authorization).toContainText(company.legal);
  await expect(authorization).toContainText('127.0.0.1');
  await expect(authorization).toContainText(/zx-\d{4}-\d{2}/);
  await expect(authorization).toContainText(`委托人（市场主体）：${company.name}`);
  await expect(authorization).toContainText('委托期限：');
  await authorization.scrollIntoViewIfNeeded();
  await snapshot(page, testInfo, 'console-order-authorization');

  const [download] = await Promise.all([page.waitForEvent('download'), authorization.getByTestId('authorization-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^授权委托书-KB\d+\.pdf$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(2000);
});
