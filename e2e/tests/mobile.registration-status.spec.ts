import { expect, test, type Locator, type Page } from '@playwright/test';
import { PAGE_ERRORS } from '@kuaibao/domain';
import { claimCompany, type ClaimedCompany } from '../support/companies.ts';
import { VALID_ID, fillPerson, openHome, snapshot } from '../support/journey.ts';

/*
 * The company's 登记状态 on the home (docs/product/registration-status.md), at 320 and 390 px: a
 * tag in the suggestions for a company that is not live; a service the status rules out is said
 * under the chosen company and the form goes no further (no /pay, no payment); 信用修复 asks for
 * the record to repair before paying. The server's refusals are API tests
 * (apps/api/src/modules/order/order-registration-status.test.ts).
 */

/** The suggestion of the company, searched by its full name. */
async function suggestionOf(page: Page, company: ClaimedCompany): Promise<Locator> {
  await page.getByTestId('company-input').fill(company.name);
  await page.getByTestId('company-search').click();
  const option = page.getByTestId('company-option').filter({ hasText: company.creditCode });
  await expect(option).toBeVisible();
  return option;
}

/** The element is inside the page's width (nothing runs off a narrow phone). */
async function expectWithinWidth(page: Page, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

async function pick(page: Page, option: Locator, company: ClaimedCompany): Promise<void> {
  await option.click();
  await expect(page.getByTestId('selected-company')).toContainText(company.name);
}

async function consentAndSubmit(page: Page, phone: string): Promise<void> {
  await fillPerson(page, VALID_ID, phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
}

for (const width of [320, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 720 } });

    test('a 注销 company shows its tag in the suggestions and is refused every service before any payment', async ({ page }, testInfo) => {
      const company = claimCompany('company', 'cancelled');
      await openHome(page);
      await page.getByTestId('goods-1').click();
      const option = await suggestionOf(page, company);
      const tag = option.getByText('注销', { exact: true });
      await expect(tag).toBeVisible();
      await expectWithinWidth(page, tag);
      // A small tag: one line of small type, the danger colour.
      expect((await tag.boundingBox())!.height).toBeLessThanOrEqual(24);
      await snapshot(page, testInfo, `status-tag-${width}`);

      await pick(page, option, company);
      const refusal = page.getByTestId('company-refusal');
      await expect(refusal).toHaveText(PAGE_ERRORS.COMPANY_DEREGISTERED.message);
      await expectWithinWidth(page, refusal);

      await consentAndSubmit(page, company.phone);
      // The form goes no further: still home, the reason in view, no order placed.
      await expect(refusal).toBeInViewport();
      await expect(page).toHaveURL(/\/$/);
      await snapshot(page, testInfo, `status-refused-${width}`);

      // Every service: the cancellation and credit repair too.
      for (const goodsId of [2, 3]) {
        await page.getByTestId(`goods-${goodsId}`).click();
        await expect(refusal).toHaveText(PAGE_ERRORS.COMPANY_DEREGISTERED.message);
        await page.getByTestId('submit').click();
        await expect(page).toHaveURL(/\/$/);
      }
    });

    test('a 吊销 company is refused the annual report with the reason, and may order its 注销', async ({ page }, testInfo) => {
      const company = claimCompany('company', 'revoked');
      await openHome(page);
      await page.getByTestId('goods-1').click();
      const option = await suggestionOf(page, company);
      await expect(option.getByText('吊销', { exact: true })).toBeVisible();
      await pick(page, option, company);

      const refusal = page.getByTestId('company-refusal');
      await expect(refusal).toHaveText(PAGE_ERRORS.COMPANY_REVOKED_ANNUAL_REPORT.message);
      await expectWithinWidth(page, refusal);
      await consentAndSubmit(page, company.phone);
      await expect(page).toHaveURL(/\/$/);
      await snapshot(page, testInfo, `status-revoked-${width}`);

      // 注销: allowed; the form goes on to /pay.
      await page.getByTestId('goods-2').click();
      await expect(refusal).toHaveCount(0);
      await page.getByTestId('submit').click();
      await expect(page).toHaveURL(/\/pay$/);
    });

    test('信用修复 asks which record is to be repaired before paying', async ({ page }, testInfo) => {
      const company = claimCompany();
      await openHome(page);
      await page.getByTestId('goods-3').click();
      const option = await suggestionOf(page, company);
      // A live company has no tag.
      await expect(option.getByText(/^(存续|在业)$/)).toHaveCount(0);
      await pick(page, option, company);

      const records = page.getByTestId('credit-record');
      await expect(records).toContainText('需要修复的信用记录');
      await expect(records.locator('label')).toHaveText([/经营异常名录/, /严重违法失信名单/, /行政处罚/]);
      await consentAndSubmit(page, company.phone);
      await expect(page.getByTestId('credit-record-missing')).toHaveText(PAGE_ERRORS.CREDIT_RECORD_REQUIRED.message);
      await expect(page).toHaveURL(/\/$/);
      await expectWithinWidth(page, records);
      await snapshot(page, testInfo, `credit-record-${width}`);

      await page.getByTestId('credit-record-serious_violation').click();
      await expect(page.getByTestId('credit-record-missing')).toHaveCount(0);
      await page.getByTestId('submit').click();
      await expect(page).toHaveURL(/\/pay$/);
    });
  });
}
