import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { expectToast, snapshot, submitHomeForm } from '../support/journey.ts';

/* The desktop pay dialog of a cancellation: the 授权委托书 first, the QR code only once it is confirmed (decision 035). */

test('a cancellation on a desktop: no QR code before the authorisation is confirmed with the legal representative’s name', async ({ page }, testInfo) => {
  const company = claimCompany();
  await submitHomeForm(page, { ...company, goodsId: 2 });

  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('authorization-card')).toBeVisible();
  await expect(dialog.getByTestId('authorization-text')).toContainText(`法定代表人（负责人）：${company.legal}`);
  await expect(dialog.getByTestId('pay-qr')).toHaveCount(0);
  await snapshot(page, testInfo, 'desktop-authorization');

  await dialog.getByTestId('authorization-confirm').click();
  await expectToast(page, '请阅读并确认授权委托书');
  await dialog.getByTestId('authorization-signer').fill(company.legal);
  await dialog.getByTestId('authorization-tick').check();
  await dialog.getByTestId('authorization-confirm').click();
  await expect(dialog.getByTestId('authorization-card')).toHaveCount(0);
  await expect(dialog.getByTestId('pay-qr')).toBeVisible();
  await snapshot(page, testInfo, 'desktop-authorization-qr');
});
