import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_CASHIER_URL, accessibilityViolations, fillPerson, openHome, payInSandboxCashier, searchAndPick, snapshot } from '../support/journey.ts';
import { NO_REPORT_DATA, PUBLISHED_MOBILE, PUBLISHED_OTHER, filingYear, latestOrderPrecheck, precheckAnswer, publishedNoticePattern } from '../support/precheck.ts';

/** The annual-report pre-check on a phone's /pay (docs/product/annual-report-precheck.md). */

// The narrowest common phone: both choices must fit on one line.
test.use({ viewport: { width: 375, height: 812 } });

async function toPay(page: Page, company: { keyword: string; name: string }): Promise<void> {
  await openHome(page);
  await searchAndPick(page, company.keyword, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
}

test('a published report: /pay says so, links the official site, and 不用办理了 goes home', async ({ page }, testInfo) => {
  await toPay(page, PUBLISHED_OTHER);
  const notice = page.getByTestId('precheck-notice');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('precheck-notice-text')).toHaveText(publishedNoticePattern());
  await expect(page.getByTestId('precheck-official-link')).toHaveAttribute('href', 'https://www.gsxt.gov.cn');
  // The pay button is now an explicit choice.
  await expect(page.getByTestId('pay-now')).toHaveCount(0);
  await expect(page.getByTestId('precheck-not-needed')).toBeVisible();
  await expect(page.getByTestId('precheck-continue')).toBeEnabled();
  await snapshot(page, testInfo, 'mobile-pay-precheck');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByTestId('precheck-not-needed').click();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a published report: 我已了解，仍要办理 pays, and the order records the choice', async ({ page }) => {
  await toPay(page, PUBLISHED_MOBILE);
  await expect(page.getByTestId('precheck-notice')).toBeVisible();
  await page.getByTestId('precheck-continue').click();
  await expect(page).toHaveURL(SANDBOX_CASHIER_URL);
  expect(latestOrderPrecheck(PUBLISHED_MOBILE.creditCode)).toEqual({ precheck_result: 'published', precheck_year: filingYear(), precheck_continued: 1 });
  await payInSandboxCashier(page);
  await expect(page.getByTestId('declaration')).toContainText('支付成功');
});

test('no report data: no notice, and 立即办理 as always', async ({ page }) => {
  const answered = precheckAnswer(page);
  await toPay(page, NO_REPORT_DATA);
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('pay-now')).toBeEnabled();
  await expect(page.getByTestId('precheck-notice')).toHaveCount(0);
});

test('the source down: silent, and payment is not held up', async ({ page }) => {
  // Whatever the reason the check fails (vendor down, network), the page says nothing.
  await page.route('**/api/h5/company/annual-report-check*', (route) => route.abort('failed'));
  const asked = page.waitForRequest((request) => request.url().includes('/api/h5/company/annual-report-check'));
  await toPay(page, PUBLISHED_OTHER);
  await asked;
  await expect(page.getByTestId('pay-now')).toBeEnabled();
  await expect(page.getByTestId('precheck-notice')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(SANDBOX_CASHIER_URL);
});
