import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { payOnPhone } from '../support/journey.ts';

/*
 * Impossible staff figures in the annual declaration, on a 390 px phone
 * (docs/product/validation.md "Annual declaration"): the form refuses more insured staff, or more
 * women, than staff with the shared rule's message under the figure and sends nothing; figures that agree are filed.
 */

test('the declaration refuses more insured staff or more women than staff, then files figures that agree', async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/h5/order') puts.push(request.url());
  });

  await payOnPhone(page, { ...claimCompany(), goodsId: 1 });

  const fill = async (figures: Record<string, string>) => {
    for (const [key, value] of Object.entries(figures)) await page.getByTestId(`decl-input-${key}`).fill(value);
  };
  await fill({ sale_amount: '12.5', tax_amount: '0.8', total_amount: '30', total_employee: '5', female_employee: '2', insure_employee: '12' });
  await page.getByTestId('decl-submit').click();
  // Said under the figure in question (decision 050).
  await expect(page.getByTestId('decl-error-insure_employee')).toHaveText('参保人数不能多于从业人数');

  await fill({ insure_employee: '3', female_employee: '6' });
  await page.getByTestId('decl-submit').click();
  await expect(page.getByTestId('decl-error-female_employee')).toHaveText('女性从业人数不能多于从业人数');
  expect(puts).toEqual([]);

  await fill({ female_employee: '2' });
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/h5/order');
  await page.getByTestId('decl-submit').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('decl-done')).toBeVisible();
});
