import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations, fillPerson, openHome, payQrCode, searchAndPick, snapshot } from '../support/journey.ts';
import { signInToConsole } from '../support/console.ts';
import { NO_REPORT_DATA, PUBLISHED_DESKTOP, PUBLISHED_OTHER, filingYear, latestOrderId, latestOrderPrecheck, precheckAnswer, publishedNoticePattern } from '../support/precheck.ts';

/** The annual-report pre-check in the desktop pay dialog (docs/product/annual-report-precheck.md). */

async function openDialog(page: Page, company: { keyword: string; name: string }) {
  await openHome(page);
  await searchAndPick(page, company.keyword, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a published report: the dialog says so, and 我已了解，仍要办理 shows the QR code, which pays', async ({ page, context }, testInfo) => {
  const dialog = await openDialog(page, PUBLISHED_DESKTOP);
  await expect(dialog.getByTestId('precheck-notice')).toBeVisible();
  await expect(dialog.getByTestId('precheck-notice-text')).toHaveText(publishedNoticePattern());
  await expect(dialog.getByTestId('precheck-official-link')).toHaveAttribute('href', 'https://www.gsxt.gov.cn');
  // The QR code waits for an explicit choice.
  await expect(dialog.getByTestId('pay-qr')).toHaveCount(0);
  await snapshot(page, testInfo, 'desktop-pay-dialog-precheck');
  expect(await accessibilityViolations(page)).toEqual([]);

  await dialog.getByTestId('precheck-continue').click();
  const qr = dialog.getByTestId('pay-qr');
  await expect(qr).toBeVisible();
  await expect(dialog.getByTestId('precheck-notice')).toHaveCount(0);
  await expect.poll(() => latestOrderPrecheck(PUBLISHED_DESKTOP.creditCode)).toEqual({ precheck_result: 'published', precheck_year: filingYear(), precheck_continued: 1 });

  await payQrCode(page, context);
  await expect(page.getByTestId('declaration-dialog')).toBeVisible();

  // The agent sees on the order what the visitor was told and chose.
  const console = await context.newPage();
  await signInToConsole(console);
  await console.goto(`/console/orders/${latestOrderId(PUBLISHED_DESKTOP.creditCode)}`);
  await expect(console.getByRole('heading', { level: 1, name: PUBLISHED_DESKTOP.name })).toBeVisible();
  await expect(console.getByTestId('order-precheck')).toHaveText(new RegExp(`^下单前核查：${filingYear()}年度报告已于\\d{4}年\\d{1,2}月\\d{1,2}日公示，客户确认继续办理$`));
  await snapshot(console, testInfo, 'console-order-precheck');
});

test('a published report: 不用办理了 closes the dialog', async ({ page }) => {
  const dialog = await openDialog(page, PUBLISHED_OTHER);
  await dialog.getByTestId('precheck-not-needed').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('home')).toBeVisible();
});

test('no report data: the QR code as always, no notice', async ({ page }) => {
  const answered = precheckAnswer(page);
  const dialog = await openDialog(page, NO_REPORT_DATA);
  expect((await answered).status()).toBe(200);
  await expect(dialog.getByTestId('pay-qr')).toBeVisible();
  await expect(dialog.getByTestId('precheck-notice')).toHaveCount(0);
});
