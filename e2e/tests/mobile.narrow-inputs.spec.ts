import { expect, test, type Locator, type Page } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { VALID_ID, fillPerson, openHome, payOnPayPage, searchAndPick, snapshot } from '../support/journey.ts';

/*
 * Every input of every phone screen is usable on the smallest phones (docs/product/screens.md): at 320, 360
 * and 390 px each input is at least wide enough for what is typed into it, and a typical value
 * reads back whole (nothing scrolled out of the box: scrollWidth <= clientWidth), inside the viewport.
 * Each width pays for its own company (the server refuses a second order for the same one).
 */

/** Narrowest useful box for a figure: '123456.78' at the app's 16 px text, measured in Chromium, plus padding. */
const MIN_FIGURE_WIDTH = 84;

interface Fit {
  clientWidth: number;
  scrollWidth: number;
  right: number;
  viewport: number;
}

async function fitOf(input: Locator): Promise<Fit> {
  return input.evaluate((element) => {
    const box = element as HTMLInputElement;
    return { clientWidth: box.clientWidth, scrollWidth: box.scrollWidth, right: box.getBoundingClientRect().right, viewport: document.documentElement.clientWidth };
  });
}

/** Types `value` and checks the box shows all of it, is at least `minWidth` wide and stays on screen. */
async function expectUsable(input: Locator, value: string, minWidth: number): Promise<void> {
  await input.fill(value);
  await expect(input).toHaveValue(value);
  const fit = await fitOf(input);
  const name = `${await input.getAttribute('data-testid')} (${JSON.stringify(value)})`;
  expect(fit.clientWidth, `${name} width`).toBeGreaterThanOrEqual(minWidth);
  expect(fit.scrollWidth, `${name} shows its whole value`).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.right, `${name} inside the viewport`).toBeLessThanOrEqual(fit.viewport);
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

for (const width of [320, 360, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 720 } });

    test('every input of the home, pay, declaration, lookup and report screens shows what is typed', async ({ page }, testInfo) => {
      test.slow();
      const company = { ...claimCompany(), goodsId: 1 } as const;

      // Home: company, ID number (18 characters), phone (11 digits).
      await openHome(page);
      await expectNoSideScroll(page);
      await expectUsable(page.getByTestId('company-input'), '天津市朴兴科技', 120);
      await searchAndPick(page, company.name, company.name);
      await expectUsable(page.getByTestId('id-input'), VALID_ID, 160);
      await expectUsable(page.getByTestId('phone-input'), company.phone, 120);
      await fillPerson(page, VALID_ID, company.phone);
      await page.getByTestId('consent-checkbox').check();
      await page.getByTestId('idno-consent-checkbox').check();
      await snapshot(page, testInfo, `home-${width}`);
      await page.getByTestId('submit').click();

      await expect(page).toHaveURL(/\/pay$/);
      await expectNoSideScroll(page);
      await payOnPayPage(page, company);

      // The declaration: every figure box holds '12' and a realistic figure, whole.
      await expect(page.getByTestId('declaration')).toBeVisible();
      await expectNoSideScroll(page);
      const figures = page.locator('[data-testid^="decl-input-"]');
      await expect(figures).toHaveCount(6);
      for (const figure of await figures.all()) {
        await expectUsable(figure, '12', MIN_FIGURE_WIDTH);
        const isCount = (await figure.getAttribute('data-testid'))!.endsWith('_employee');
        await expectUsable(figure, isCount ? '1234' : '123456.78', MIN_FIGURE_WIDTH);
      }
      for (const select of await page.locator('[data-testid^="decl-show-"]').all()) {
        const fit = await fitOf(select);
        expect(fit.right).toBeLessThanOrEqual(fit.viewport);
        expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
      }
      await snapshot(page, testInfo, `declaration-${width}`);

      // The progress lookup and the report form.
      await page.goto('/check');
      await expectNoSideScroll(page);
      await expectUsable(page.getByTestId('check-phone'), company.phone, 120);
      await snapshot(page, testInfo, `check-${width}`);

      await page.goto('/report');
      await expectNoSideScroll(page);
      await expectUsable(page.getByTestId('report-contact'), company.phone, 120);
      const reason = page.getByTestId('report-content');
      await reason.fill('有人自称平台客服');
      const reasonBox = await fitOf(reason);
      expect(reasonBox.clientWidth).toBeGreaterThanOrEqual(200);
      expect(reasonBox.right).toBeLessThanOrEqual(reasonBox.viewport);
      await snapshot(page, testInfo, `report-${width}`);
    });
  });
}
