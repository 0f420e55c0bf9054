import { expect, test, type Locator } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { openHome, submitHomeForm } from '../support/journey.ts';

/*
 * Tap targets of at least 44 × 44 px (WCAG 2.5.5) on the smallest phones, without a new look:
 * 举报 on the home, the official system's link in the disclosure, and /pay's edit pencil.
 * (The consent box and the 《服务协议》 link are the consent's: mobile.consent specs.)
 */

const MIN = 44;

async function expectTappable(target: Locator, name: string): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box, name).not.toBeNull();
  expect([name, Math.floor(box!.width) >= MIN, Math.floor(box!.height) >= MIN], `${name}: ${box!.width}×${box!.height}`).toEqual([name, true, true]);
}

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('举报 and the official system\'s link are 44 px tap targets', async ({ page }) => {
      await openHome(page);
      await expectTappable(page.getByTestId('report-entry'), '举报');
      await expectTappable(page.getByTestId('official-channel-link').first(), 'gsxt link');
      // The pill still looks like one: drawn 36 px tall inside the target, as before.
      const pill = await page.getByTestId('report-entry').evaluate((element) => getComputedStyle(element, '::before').height);
      expect(pill).toBe('36px');
    });

    test('/pay\'s edit pencil is a 44 px tap target', async ({ page }) => {
      await submitHomeForm(page, { ...claimCompany(), goodsId: 1 });
      await expect(page).toHaveURL(/\/pay$/);
      await expectTappable(page.getByTestId('pay-edit'), 'edit pencil');
    });
  });
}
