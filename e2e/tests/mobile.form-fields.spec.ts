import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { VALID_ID, openHome, searchAndPick } from '../support/journey.ts';

/*
 * The home form's ID number and phone (docs/product/validation.md): a wrong one is marked on the
 * field (aria-invalid, red border) and said right under it, not only in a toast; a phone typed with
 * its country code ("+86 138…") becomes the number, never 86138….
 */

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('a wrong ID number and a wrong phone are marked and said under their field', async ({ page }) => {
      const company = claimCompany();
      await openHome(page);
      await searchAndPick(page, company.name, company.name);
      await page.getByTestId('id-input').fill('110105194912310021');
      await page.getByTestId('phone-input').fill(company.phone);
      await page.getByTestId('consent-checkbox').check();
      await page.getByTestId('idno-consent-checkbox').check();
      await page.getByTestId('submit').click();

      const id = page.getByTestId('id-input');
      await expect(id).toHaveAttribute('aria-invalid', 'true');
      await expect(id).toBeFocused();
      await expect(id).toHaveCSS('border-top-color', 'rgb(200, 55, 45)');
      const message = page.locator(`#${await id.getAttribute('aria-describedby')}`);
      await expect(message).toHaveText('请填写正确的身份证号码');
      // Under the field, inside the screen.
      const [field, said] = [await id.boundingBox(), await message.boundingBox()];
      expect(said!.y).toBeGreaterThanOrEqual(field!.y + field!.height);
      expect(said!.x + said!.width).toBeLessThanOrEqual(width);
      await expect(page.getByTestId('phone-input')).toHaveAttribute('aria-invalid', 'false');

      // Corrected, the mark goes; then the phone's turn.
      await id.fill(VALID_ID);
      await expect(id).toHaveAttribute('aria-invalid', 'false');
      await page.getByTestId('phone-input').fill('12345678901');
      await page.getByTestId('submit').click();
      const phone = page.getByTestId('phone-input');
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#${await phone.getAttribute('aria-describedby')}`)).toHaveText('请填写正确的手机号码');
      await expect(page).toHaveURL(/\/$/);
    });

    test('a phone typed with its country code becomes the number', async ({ page }) => {
      await openHome(page);
      const phone = page.getByTestId('phone-input');
      for (const written of ['+86 138 1234 5678', '8613812345678', '+86-138-1234-5678']) {
        await phone.fill('');
        // Key by key, as a visitor types it.
        await phone.pressSequentially(written);
        await expect(phone, written).toHaveValue('13812345678');
      }
    });
  });
}
