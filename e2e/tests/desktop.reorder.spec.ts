import { expect, test, type TestInfo, type Page } from '@playwright/test';
import { reorderButtonText, reorderFilingYear } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { lastSeasonTime } from '../support/last-season.ts';
import { lookupCodeFromDatabase } from '../support/lookup-code.ts';
import { insertPaidOrders } from '../support/orders-db.ts';
import { accessibilityViolations, motionDone, openHome, payOnDesktop } from '../support/journey.ts';

/*
 * At 1366 px: the reorder offer (docs/decisions/066-reorder-in-two-taps.md) beside the form after the
 * phone's SMS code, and 申请发票 in the desktop success dialog (decision 060), the phone pages' card.
 */

async function viewportShot(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 5000 });
  await motionDone(page);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('1366 px: the phone and its SMS code bring last season\u2019s company beside the form; the ID number stays empty', async ({ page }, testInfo) => {
  const customer = claimCompany();
  insertPaidOrders([{ name: customer.name, fee: 19900, paidAt: lastSeasonTime(), goodsType: 'license_year', phone: customer.phone }]);
  await openHome(page);
  await page.getByTestId('reorder-phone-open').click();
  await page.getByTestId('reorder-phone-input').fill(customer.phone);
  await page.getByTestId('verify-send').click();
  await expect(page.getByTestId('verify-send')).toBeDisabled();
  await page.getByTestId('verify-code').fill(lookupCodeFromDatabase());
  await page.getByTestId('verify-confirm').click();
  const offer = page.getByTestId('reorder-offer');
  await expect(offer).toContainText(customer.name);
  await expect(offer.getByTestId('reorder-use')).toHaveText(reorderButtonText(reorderFilingYear(new Date())));
  await viewportShot(page, testInfo, 'reorder-offer-1366');
  await offer.getByTestId('reorder-use').click();
  await expect(page.getByTestId('selected-company')).toContainText(customer.name);
  await expect(page.getByTestId('id-input')).toHaveValue('');
  await expect(page.getByTestId('id-input')).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await viewportShot(page, testInfo, 'reorder-filled-1366');

  // A reload on this computer: the verified phone's token brings the offer without a new code.
  await page.reload();
  await expect(page.getByTestId('reorder-offer')).toContainText(customer.name);
});

test('1366 px: the success dialog offers 申请发票, prefilled with the company, for a paid service and an annual report', async ({ page, context }, testInfo) => {
  const repair = claimCompany();
  await payOnDesktop(page, context, { ...repair, goodsId: 3 });
  const paid = page.getByTestId('success-dialog');
  const card = paid.getByTestId('invoice-card');
  await expect(card).toBeVisible();
  await card.getByTestId('invoice-open').click();
  await expect(paid.getByTestId('invoice-title')).toHaveValue(repair.name);
  await expect(paid.getByTestId('invoice-tax_number')).toHaveValue(repair.creditCode);
  await paid.getByTestId('invoice-email').fill('finance@example.com');
  await paid.getByTestId('invoice-submit').click();
  await expect(paid.getByTestId('invoice-status-name')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await viewportShot(page, testInfo, 'success-dialog-invoice-1366');

  const annual = claimCompany();
  await page.goto('/');
  await payOnDesktop(page, context, { ...annual, goodsId: 1 });
  const declaration = page.getByTestId('declaration-dialog');
  await declaration.getByTestId('invoice-card').scrollIntoViewIfNeeded();
  await expect(declaration.getByTestId('invoice-open')).toBeVisible();
  await viewportShot(page, testInfo, 'declaration-dialog-invoice-1366');
});
