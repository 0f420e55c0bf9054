import { expect, test } from '@playwright/test';
import { chunkUrlOf } from '../support/chunks.ts';
import { COMPANY, accessibilityViolations, expectToast, fillPerson, openHome, searchAndPick, snapshot } from '../support/journey.ts';

/*
 * A chunk lost on a weak mobile network (decision 011): the page says so and offers a
 * reload instead of going blank, and the home form keeps working without its modals.
 */

const LOAD_FAILED = '页面加载失败，请检查网络后重试';

test('without the agreement chunk the home still works: the link says why nothing opens, the checkbox still consents', async ({ page }) => {
  await page.route(chunkUrlOf('src/pages/home/agreement.tsx'), (route) => route.abort('internetdisconnected'));
  await openHome(page);
  await page.getByTestId('agreement-link').click();
  await expectToast(page, LOAD_FAILED);
  await expect(page.getByTestId('agreement-sheet')).toHaveCount(0);
  await searchAndPick(page, COMPANY.keyword, COMPANY.name);
  await fillPerson(page);
  await page.getByTestId('submit').click();
  await expectToast(page, LOAD_FAILED);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await expect(page.getByTestId('pay-now')).toBeVisible();
});

test('a page whose chunk does not arrive shows the failure with a reload, which recovers once the network is back', async ({ page }, testInfo) => {
  let offline = true;
  await page.route(chunkUrlOf('src/payment/pay-page.tsx'), (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await openHome(page);
  await searchAndPick(page, COMPANY.keyword, COMPANY.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  const failed = page.getByTestId('load-failed');
  await expect(failed).toContainText(LOAD_FAILED);
  await snapshot(page, testInfo, 'mobile-load-failed');
  expect(await accessibilityViolations(page)).toEqual([]);
  offline = false;
  await failed.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByTestId('pay-now')).toBeVisible();
});
