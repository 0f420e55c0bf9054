import { expect, test, type Locator, type Page } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { openHome, snapshot, startedUp, submitHomeForm } from '../support/journey.ts';
import { PLACEHOLDER_SERVICE, SERVICE } from '../support/lookup.ts';
import { setSiteConfig } from '../support/site-config.ts';

/*
 * A human within reach (docs/decisions/047-operator-before-money.md): where a text invites contact,
 * the contact is right there — the phone as a tel: link, the WeChat QR a tap away — and where there
 * is no usable contact, no text invites it. At 320 px and 390 px.
 */

test.afterEach(async ({ baseURL }) => {
  await setSiteConfig(baseURL!, { service_weixin: SERVICE.link, service_phone: SERVICE.phone });
});

/** The element is inside the screen's width and at least 44 px high (a tap target). */
async function expectTappable(target: Locator, width: number): Promise<void> {
  // A dialog zooms in as it opens: measure once it stands still (its box stops changing).
  let last = '';
  await expect.poll(async () => {
    const now = JSON.stringify(await target.boundingBox());
    const still = now === last;
    last = now;
    return still;
  }).toBe(true);
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

async function openPayExit(page: Page): Promise<Locator> {
  // The page guards its exit once it has entered (as e2e/tests/mobile.success.spec.ts waits for it).
  const enter = page.waitForRequest((request) => request.url().includes('/api/user/event') && (request.postData() ?? '').includes('"client.pay.enter"'));
  await submitHomeForm(page, { ...claimCompany(), goodsId: 1 });
  await expect(page).toHaveURL(/\/pay$/);
  await enter;
  await expect(page.getByTestId('pay-now')).toBeEnabled();
  await page.goBack();
  await expect(page).toHaveURL(/\/pay$/);
  const exit = page.getByTestId('pay-exit-dialog');
  await expect(exit).toBeVisible();
  return exit;
}

for (const width of [320, 390]) {
  test(`leaving /pay: the invitation comes with the phone and the WeChat QR at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 740 });
    const exit = await openPayExit(page);
    await expect(exit).toContainText('如有疑问，可先联系客服咨询');
    const phone = exit.getByTestId('pay-exit-contact-line-phone');
    await expect(phone).toHaveAttribute('href', `tel:${SERVICE.phone}`);
    await expect(phone).toContainText(SERVICE.phone);
    await expectTappable(phone, width);
    await snapshot(page, testInfo, `pay-exit-contact-${width}`);
    await exit.getByTestId('pay-exit-contact').click();
    await expect(page.getByTestId('service-dialog').getByTestId('service-qr')).toHaveAttribute('data-qr-value', SERVICE.link);
  });

  test(`/check: 可随时联系客服 comes with the phone and the WeChat QR at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/check');
    await startedUp(page);
    const note = page.getByTestId('check-contact-note');
    await expect(note).toContainText('如有疑问，可随时联系客服');
    const phone = note.getByTestId('check-contact-phone');
    await expect(phone).toHaveAttribute('href', `tel:${SERVICE.phone}`);
    await expectTappable(phone, width);
    await expectTappable(note.getByTestId('check-contact-weixin'), width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snapshot(page, testInfo, `check-contact-${width}`);
    await note.getByTestId('check-contact-weixin').click();
    await expect(page.getByTestId('service-dialog').getByTestId('service-qr')).toHaveAttribute('data-qr-value', SERVICE.link);
  });
}

test('with only placeholder contacts no text invites contact', async ({ page, baseURL }) => {
  await setSiteConfig(baseURL!, { service_weixin: PLACEHOLDER_SERVICE.link, service_phone: PLACEHOLDER_SERVICE.phone });
  await openHome(page);
  const exit = await openPayExit(page);
  await expect(exit).toContainText('订单尚未支付，确定要退出吗？');
  await expect(exit).not.toContainText('联系客服');
  await exit.getByTestId('pay-exit-confirm').click();

  await page.goto('/check');
  await startedUp(page);
  await expect(page.getByTestId('check-page')).not.toContainText('联系客服');
  await expect(page.getByTestId('check-contact-note')).toHaveCount(0);
});
