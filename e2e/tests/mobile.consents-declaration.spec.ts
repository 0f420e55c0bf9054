import { expect, test, type Locator, type Page } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { VALID_ID, fillPerson, openHome, payOnPhone, searchAndPick, snapshot } from '../support/journey.ts';

/*
 * Two consents on the order form, each its own tick and a 44 px tap target; the annual declaration
 * never lost between paying and filing; its errors name the figure and the rule; the ID number
 * masked on the success page (docs/decisions/050-separate-id-number-consent.md). At the narrowest
 * phone we support and at a common one.
 */

const MIN_TAP = 44;
const MASKED_ID = '110***********002X';

/** A tap target: at least 44 × 44 px, and on screen (nothing pushed past the right edge). */
async function expectTapTarget(target: Locator, page: Page): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const name = (await target.getAttribute('data-testid')) ?? 'target';
  expect(box, name).not.toBeNull();
  expect(box!.height, `${name} height`).toBeGreaterThanOrEqual(MIN_TAP);
  expect(box!.width, `${name} width`).toBeGreaterThanOrEqual(MIN_TAP);
  expect(box!.x + box!.width, `${name} inside the viewport`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('two consents, each required on its own, each a 44 px tap target; the agreement states the configured retention periods', async ({ page }, testInfo) => {
      await openHome(page);
      await searchAndPick(page);
      await fillPerson(page);

      for (const id of ['consent-label', 'idno-consent-label', 'agreement-link', 'idno-consent-link']) await expectTapTarget(page.getByTestId(id), page);
      await snapshot(page, testInfo, `consents-${width}`);

      // Neither ticked: the agreement is asked for first.
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('consent-dialog-text')).toHaveAttribute('data-kind', 'agreement');
      await page.getByTestId('consent-refuse').click();

      // The agreement alone is not enough: the ID number has its own question.
      await page.getByTestId('consent-label').click();
      await expect(page.getByTestId('consent-checkbox')).toBeChecked();
      await expect(page.getByTestId('idno-consent-checkbox')).not.toBeChecked();
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('consent-dialog-text')).toHaveAttribute('data-kind', 'idno');
      await expect(page.getByTestId('consent-dialog-text')).toContainText('敏感个人信息');
      await page.getByTestId('consent-refuse').click();
      await expect(page).toHaveURL(/\/$/);

      // The ID number alone is not enough either.
      await page.getByTestId('consent-label').click();
      await page.getByTestId('idno-consent-label').click();
      await expect(page.getByTestId('consent-checkbox')).not.toBeChecked();
      await expect(page.getByTestId('idno-consent-checkbox')).toBeChecked();
      await page.getByTestId('submit').click();
      await expect(page.getByTestId('consent-dialog-text')).toHaveAttribute('data-kind', 'agreement');
      await page.getByTestId('consent-refuse').click();

      // Its own short text, with its version.
      await page.getByTestId('idno-consent-link').click();
      const sheet = page.getByTestId('idno-consent-sheet');
      await expect(sheet.getByTestId('idno-consent-version')).toContainText(/版本：sfz-\d{4}-\d{2}/);
      await expect(sheet).toContainText('核验法定代表人身份');
      await sheet.getByTestId('idno-consent-text-close').click();
      await expect(sheet).toBeHidden();

      // The agreement's periods are the retention settings' (defaults: 90 and 30 days), not typed text.
      await page.getByTestId('agreement-link').click();
      const agreement = page.getByTestId('agreement-text');
      await expect(agreement).toContainText('保留90天');
      await expect(agreement).toContainText('30天后，自动删除');
      await expect(agreement).not.toContainText('{{');
      await page.getByTestId('agreement-close').click();

      await page.getByTestId('consent-label').click();
      const created = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/h5/order/check');
      await page.getByTestId('submit').click();
      await expect(page).toHaveURL(/\/pay$/);
      expect((await created).postDataJSON().extra).toMatchObject({ consent: true, idno_consent: true, idno_consent_version: expect.stringMatching(/^sfz-/) });
    });

    test('the declaration is never lost: reload, /checkDetail and the receipt lead back to the form; errors name the figure; nothing says 申报成功', async ({ page }, testInfo) => {
      test.slow();
      const company = claimCompany();
      await payOnPhone(page, { ...company, goodsId: 1 });
      await expect(page.getByTestId('declaration-title')).toHaveText('支付成功');
      // Masked, even for the visitor who typed it.
      await expect(page.getByTestId('decl-order-info')).toContainText(MASKED_ID);
      await expect(page.getByTestId('decl-order-info')).not.toContainText(VALID_ID);

      // A reload of /success comes back to the unfiled form.
      await page.reload();
      await expect(page.getByTestId('declaration-title')).toHaveText('待填写年报信息');
      await expect(page.getByTestId('decl-input-sale_amount')).toBeVisible();
      await snapshot(page, testInfo, `declaration-reloaded-${width}`);

      // The progress page says the figures are missing and leads back to the form.
      await page.goto('/check');
      await page.getByTestId('check-phone').fill(company.phone);
      await page.getByTestId('check-submit').click();
      await expect(page).toHaveURL(/\/checkDetail$/);
      const pending = page.getByTestId('declaration-pending');
      await expect(pending).toContainText('待填写年报信息');
      await expectTapTarget(pending.getByTestId('declaration-resume'), page);
      await snapshot(page, testInfo, `check-detail-pending-${width}`);

      // So does the receipt.
      await page.getByTestId('view-receipt').click();
      await expect(page).toHaveURL(/\/orderDetail$/);
      await expect(page.getByTestId('declaration-pending')).toContainText('待填写年报信息');
      await page.getByTestId('declaration-resume').click();
      await expect(page).toHaveURL(/\/success$/);
      await expect(page.getByTestId('declaration-title')).toHaveText('待填写年报信息');

      // Errors name the figure and the rule, under it.
      for (const [key, value] of Object.entries({ sale_amount: '120', tax_amount: '3', total_amount: '三百', total_employee: '5', female_employee: '0', insure_employee: '0' })) {
        await page.getByTestId(`decl-input-${key}`).fill(value);
      }
      await page.getByTestId('decl-submit').click();
      const error = page.getByTestId('decl-error-total_amount');
      await expect(error).toContainText('资产总额格式不正确');
      await expect(error).toContainText('单位万元');
      await expect(error).not.toHaveText('请填写数字');
      await expect(page.getByTestId('decl-input-total_amount')).toHaveAttribute('aria-invalid', 'true');
      // Under its own figure: below the input, inside the screen.
      const input = (await page.getByTestId('decl-input-total_amount').boundingBox())!;
      const said = (await error.boundingBox())!;
      expect(said.y).toBeGreaterThan(input.y);
      expect(said.x + said.width).toBeLessThanOrEqual(width);
      await snapshot(page, testInfo, `declaration-field-error-${width}`);

      await page.getByTestId('decl-input-total_amount').fill('300');
      await expect(error).toHaveCount(0);
      await page.getByTestId('decl-submit').click();
      const done = page.getByTestId('decl-done');
      await expect(done).toContainText('已提交给办理专员，核对后代为报送');
      await expect(done).toContainText('7个工作日');
      await expect(done).not.toContainText('申报成功');
      await snapshot(page, testInfo, `declaration-handed-over-${width}`);

      // Filed: /checkDetail no longer asks for it, and /success has nothing left to show.
      await done.getByTestId('decl-done-close').click();
      await expect(page).toHaveURL(/\/check$/);
      await page.getByTestId('check-phone').fill(company.phone);
      await page.getByTestId('check-submit').click();
      await expect(page.getByTestId('order-progress')).toBeVisible();
      await expect(page.getByTestId('declaration-pending')).toHaveCount(0);
      await page.goto('/success');
      await expect(page).toHaveURL(/\/$/);
    });
  });
}
