import { expect, test } from '@playwright/test';
import { COMPANY, VALID_ID, VALID_PHONE, expectToast, fillPerson, openHome, searchAndPick, snapshot } from '../support/journey.ts';

test.describe('the home form says what is wrong, in the spec words', () => {
  test.beforeEach(async ({ page }) => {
    await openHome(page);
  });

  test('an empty keyword', async ({ page }) => {
    await page.getByTestId('company-search').click();
    await expectToast(page, '查询关键词不能为空');
  });

  test('empty fields', async ({ page }) => {
    await page.getByTestId('submit').click();
    await expectToast(page, '请填写完整信息');
  });

  test('no company chosen runs the search and asks to choose', async ({ page }, testInfo) => {
    await page.getByTestId('company-input').fill(COMPANY.keyword);
    await fillPerson(page);
    await page.getByTestId('submit').click();
    await expectToast(page, '请选择您的公司');
    await expect(page.getByTestId('company-option').first()).toBeVisible();
    await snapshot(page, testInfo, 'mobile-choose-company');
  });

  test('a bad ID number', async ({ page }) => {
    await searchAndPick(page);
    await fillPerson(page, '110105194912310021', VALID_PHONE);
    await page.getByTestId('submit').click();
    // Said under the field it is about (mobile.form-fields.spec.ts has the layout).
    await expect(page.getByTestId('id-input')).toHaveAccessibleDescription('请填写正确的身份证号码');
  });

  test('a bad phone number', async ({ page }) => {
    await searchAndPick(page);
    await fillPerson(page, VALID_ID, '15412345678');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('phone-input')).toHaveAccessibleDescription('请填写正确的手机号码');
  });

  test('input filters cap the ID at 18 and the phone at 11 with a notice', async ({ page }) => {
    await page.getByTestId('id-input').fill('11010519491231002x9');
    await expectToast(page, '超出长度');
    await expect(page.getByTestId('id-input')).toHaveValue(VALID_ID);
    await page.getByTestId('phone-input').fill('138-1234-5678 9');
    await expect(page.getByTestId('phone-input')).toHaveValue(VALID_PHONE);
  });

  test('no consent opens the consent dialog; agreeing goes on to pay, one consent at a time', async ({ page }, testInfo) => {
    await searchAndPick(page);
    await fillPerson(page);
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('consent-dialog')).toBeVisible();
    await snapshot(page, testInfo, 'mobile-consent-dialog');
    await page.getByTestId('consent-refuse').click();
    await expect(page.getByTestId('consent-dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('submit').click();
    await page.getByTestId('consent-agree').click();
    // The agreement's 同意 is not the ID number's (decision 050): its own question follows.
    await expect(page.getByTestId('consent-dialog-text')).toHaveAttribute('data-kind', 'idno');
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('consent-agree').click();
    await expect(page).toHaveURL(/\/pay$/);
  });
});
