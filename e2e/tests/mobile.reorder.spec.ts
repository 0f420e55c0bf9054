import { devices, expect, test, type Page } from '@playwright/test';
import { ERROR_CATALOG, reorderButtonText, reorderFilingYear } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { lastSeasonTime, moveOrderToLastSeason, paidThisSeason } from '../support/last-season.ts';
import { lookupCodeFromDatabase } from '../support/lookup-code.ts';
import { insertPaidOrders } from '../support/orders-db.ts';
import { VALID_ID, accessibilityViolations, expectToast, payInSandboxCashier, payOnPhone, snapshot, startedUp } from '../support/journey.ts';

/*
 * The reorder in two taps (docs/decisions/066-reorder-in-two-taps.md) at 390 px: a customer who paid
 * last season comes back on the same phone and is offered the company; 为该企业办理 <year> 年度年报 fills
 * the form except the ID number (purged by retention), which must be typed before paying. On a phone
 * that never ordered, the phone's SMS code (decision 049) brings the offer.
 */

const buttonText = () => reorderButtonText(reorderFilingYear(new Date()));

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('390 px: last season\u2019s customer returns on the same phone, taps the offer, types the ID number and pays', async ({ page }, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = { ...claimCompany(), goodsId: 1 } as const;
  const { orderId } = await payOnPhone(page, customer);
  moveOrderToLastSeason(orderId);

  // The SMS names the site: the customer opens it on the same phone.
  await page.goto('/');
  await startedUp(page);
  const offer = page.getByTestId('reorder-offer');
  await expect(offer).toContainText(customer.name);
  await expect(offer).toContainText(customer.legal);
  const use = offer.getByTestId('reorder-use');
  await expect(use).toHaveText(buttonText());
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await snapshot(page, testInfo, 'reorder-offer-390');

  // Tap one: the form is filled, except the ID number, which takes the focus.
  await use.click();
  await expect(offer.getByTestId('reorder-used')).toBeVisible();
  await expect(page.getByTestId('selected-company')).toContainText(customer.name);
  await expect(page.getByTestId('phone-input')).toHaveValue(customer.phone);
  await expect(page.getByTestId('id-input')).toHaveValue('');
  await expect(page.getByTestId('id-input')).toBeFocused();
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expectToast(page, ERROR_CATALOG.FORM_INCOMPLETE.message);
  await expect(page).toHaveURL(/\/$/);
  await snapshot(page, testInfo, 'reorder-filled-390');

  // The ID number typed again, tap two: paid.
  await page.getByTestId('id-input').fill(VALID_ID);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await page.getByTestId('pay-now').click();
  await payInSandboxCashier(page);
  expect(paidThisSeason(customer.creditCode)).toBe(1);

  // Ordered for this season: no offer any more.
  await page.goto('/');
  await startedUp(page);
  await expect(page.getByTestId('reorder-phone-open')).toBeVisible();
  await expect(page.getByTestId('reorder-offer')).toHaveCount(0);
});

test('390 px: on a phone that never ordered, the phone and its SMS code bring the offer', async ({ browser }, testInfo) => {
  const customer = claimCompany();
  const context = await browser.newContext({ ...devices['iPhone 13'], baseURL: testInfo.project.use.baseURL, viewport: { width: 390, height: 844 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await startedUp(page);
    // Paid last season with this phone, on some other device (written once the server is up and serving).
    insertPaidOrders([{ name: customer.name, fee: 19900, paidAt: lastSeasonTime(), goodsType: 'license_year', phone: customer.phone }]);
    await expect(page.getByTestId('reorder-offer')).toHaveCount(0);
    await expect(page.getByTestId('reorder-phone-open')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('reorder-link-390.png') });
    await page.getByTestId('reorder-phone-open').click();
    await page.getByTestId('reorder-phone-input').fill(customer.phone);
    await page.getByTestId('verify-send').click();
    await expect(page.getByTestId('verify-send')).toBeDisabled();
    await page.getByTestId('verify-code').fill(lookupCodeFromDatabase());
    await snapshot(page, testInfo, 'reorder-phone-390');
    await page.getByTestId('verify-confirm').click();

    const offer = page.getByTestId('reorder-offer');
    await expect(offer).toContainText(customer.name);
    await offer.getByTestId('reorder-use').click();
    await expect(page.getByTestId('selected-company')).toContainText(customer.name);
    await expect(page.getByTestId('phone-input')).toHaveValue(customer.phone);
    await expect(page.getByTestId('id-input')).toHaveValue('');
    // Nothing this device stored holds an ID number.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/\d{17}[\dX]/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await snapshot(page, testInfo, 'reorder-phone-filled-390');
  } finally {
    await context.close();
  }
});
