import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { alreadyOrderedMessage, handlingNotes } from '@kuaibao/domain';
import { claimCompany, type ClaimedCompany } from '../support/companies.ts';
import { VALID_ID, chooseCreditRecord, fillPerson, openHome, payOnPhone, searchAndPick, snapshot } from '../support/journey.ts';

/*
 * Each service in its own words on a phone (decision 032): cancellation and
 * credit repair never read annual-report wording on the home button or /pay, and a company that
 * already ordered a service is told so as /pay opens, in that service's words, with no order made.
 */

const SERVICES = [
  { goodsId: 2, type: 'license_destory', submit: '立即办理注销', price: '¥699.00' },
  { goodsId: 3, type: 'credit_repair', submit: '立即办理修复', price: '¥999.00' },
] as const;

const ANNUAL_WORDS = /逾期|补报|申报金额|距年报截止|年报提交后|填报年报/;

/** Home with the service chosen, the company picked and the person filled in; consent ticked. */
async function fillHome(page: Page, goodsId: number, company: ClaimedCompany): Promise<void> {
  await openHome(page);
  await page.getByTestId(`goods-${goodsId}`).click();
  await searchAndPick(page, company.name, company.name);
  await chooseCreditRecord(page, goodsId);
  await fillPerson(page, VALID_ID, company.phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
}

type Service = (typeof SERVICES)[number];

async function checkServiceWords(page: Page, testInfo: TestInfo, service: Service, label: string): Promise<void> {
  await fillHome(page, service.goodsId, claimCompany());
  const submit = page.getByTestId('submit');
  await expect(submit).toHaveText(service.submit);
  await expect(page.getByTestId('home')).not.toContainText(/逾期/);
  await submit.click();
  await expect(page).toHaveURL(/\/pay$/);

  const card = page.getByTestId('pay-company');
  // Our price is 代办服务费 for every service.
  await expect(card).toContainText('代办服务费');
  await expect(card).toContainText(service.price);
  await expect(page.getByTestId('pay-countdown')).toHaveCount(0);
  const notes = page.getByTestId('promises').locator('li');
  await expect(notes).toHaveText([...handlingNotes(service.type)]);
  await expect(page.getByTestId('pay-page')).not.toContainText(ANNUAL_WORDS);
  // Not ordered yet: 立即办理 stays open, no message.
  await expect(page.getByTestId('pay-now')).toBeEnabled();
  await snapshot(page, testInfo, `${label}-pay-${service.type}`);
}

test('cancellation and credit repair say their own words on the home button and /pay (390 px)', async ({ page }, testInfo) => {
  expect(page.viewportSize()?.width).toBe(390);
  for (const service of SERVICES) await checkServiceWords(page, testInfo, service, 'mobile-390');
  // The annual report keeps the spec's words, countdown included (补报年报, never 逾期补报, after 30 June).
  await openHome(page);
  await page.getByTestId('goods-1').click();
  await expect(page.getByTestId('submit')).toHaveText(/^(立即办理|补报年报)$/);
});

test('a company that already ordered the service is told as /pay opens, in the service\'s words, until dismissed, and no order is made', async ({ page }, testInfo) => {
  // The page's clock, so "kept until dismissed" is proved by moving time, not by waiting on it.
  await page.clock.install();
  const company = claimCompany();
  // Pay for the cancellation once.
  await payOnPhone(page, { ...company, goodsId: 2 });
  // Leaving the success page as a visitor does: the paid order is no longer where start-up sends.
  await page.getByRole('button', { name: '查看办理进度' }).click();
  await expect(page).toHaveURL(/\/check/);

  // Again: the message comes as /pay opens, before any tap, and nothing is created.
  const creations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/h5/order') creations.push(request.url());
  });
  await fillHome(page, 2, company);
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/h5/order/check');
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  expect((await checked).status()).toBe(200);
  const notice = page.getByTestId('already-ordered');
  await expect(notice.getByRole('heading')).toHaveText(alreadyOrderedMessage('license_destory'));
  await expect(page.getByTestId('pay-now')).toBeDisabled();
  await snapshot(page, testInfo, 'mobile-pay-already-ordered');
  // Kept until dismissed: well past the second it used to flash for, it is still there, on /pay.
  await page.clock.runFor(10_000);
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/pay$/);
  expect(creations).toEqual([]);
  // 查看办理进度: /check, with the phone the order was placed with.
  await notice.getByTestId('already-ordered-progress').click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByTestId('check-phone')).toHaveValue(company.phone);

  // Another service of the same company is still open to order.
  await fillHome(page, 3, company);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await expect(page.getByTestId('pay-now')).toBeEnabled();
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the services\' labels fit the smallest phone', async ({ page }, testInfo) => {
    const service = SERVICES[0];
    await checkServiceWords(page, testInfo, service, 'mobile-320');
    // The fee's label (代办服务费) and the fee sit inside the screen, on one line each.
    const card = page.getByTestId('pay-company');
    for (const text of ['代办服务费', service.price]) {
      const box = await card.getByText(text, { exact: true }).boundingBox();
      expect(box, text).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(320);
      expect(box!.height, text).toBeLessThan(30);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
