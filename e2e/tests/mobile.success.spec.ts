import { expect, test, type Page, type Request, type TestInfo } from '@playwright/test';
import { claimCompany, type ClaimedCompany } from '../support/companies.ts';
import { VALID_ID, accessibilityViolations, expectToast, motionDone, payOnPhone, snapshot, submitHomeForm } from '../support/journey.ts';
import { completeOrder } from '../support/orders-db.ts';

/*
 * The success flow, the receipt and the pay page's guard on a phone (docs/product/screens.md#success,
 * "Receipt", "Payment"; docs/product/orders-and-statuses.md#annual-report-fill-in, docs/product/orders-and-statuses.md#payment-confirmation, docs/product/validation.md "Annual
 * declaration"). Each test pays for its own seeded company: the server answers 'paied' to a
 * second order for a company that has already paid for the same service this year.
 */

/** A dialog's screenshot: the viewport once the toast is gone and the opening animation is over. */
async function dialogShot(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 5000 });
  await motionDone(page);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const isDeclarationCall = (request: Request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/h5/order';

/** Fills the home form for the company's annual report and goes to /pay. */
async function toPayPage(page: Page, company: ClaimedCompany) {
  await submitHomeForm(page, { ...company, goodsId: 1 });
  await expect(page).toHaveURL(/\/pay$/);
}

test('a company files its annual figures after paying, then reads the receipt before and after completion', async ({ page, browser }, testInfo) => {
  // Many steps, each with its screenshot and axe scan.
  test.slow();
  const declarationCalls: Request[] = [];
  page.on('request', (request) => {
    if (isDeclarationCall(request)) declarationCalls.push(request);
  });

  const company = claimCompany();
  const { orderId } = await payOnPhone(page, { ...company, goodsId: 1 });

  const form = page.getByTestId('declaration');
  await expect(form).toBeVisible();
  // The stored order id is consumed by the success page, with its edit key (kept in memory for filing).
  expect(await page.evaluate(() => localStorage.getItem('orderId'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('orderKey'))).toBeNull();

  // Another device that learnt the order id sees neither the form nor the order: without the order's
  // key the detail is masked (decision 049), and filing needs the key (decision 012; the API tests
  // check the 403 of a PUT without it).
  const other = await browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent), viewport: page.viewportSize()! });
  const otherPage = await other.newPage();
  await otherPage.addInitScript((id) => localStorage.setItem('orderId', id), orderId);
  await otherPage.goto('/success');
  await expect(otherPage.getByRole('heading', { level: 1, name: '暂时无法获取订单信息' })).toBeVisible();
  await expect(otherPage.getByTestId('declaration')).toHaveCount(0);
  await expect(otherPage.locator('main')).not.toContainText(company.name);
  await other.close();
  // The ID number is masked, even for the visitor who typed it (docs/product/trust-and-personal-data.md#id-numbers).
  const info = page.getByTestId('decl-order-info');
  for (const text of ['营业执照年报代办', company.name, '企业', company.creditCode, company.legal, '110***********002X', company.phone]) await expect(info).toContainText(text);
  await expect(info).not.toContainText(VALID_ID);
  for (const key of ['sale_amount', 'tax_amount', 'total_amount', 'total_employee', 'female_employee', 'insure_employee']) {
    await expect(page.getByTestId(`decl-show-${key}`)).toHaveValue('false');
  }
  await snapshot(page, testInfo, 'mobile-declaration');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Nothing is sent until the domain's validation passes (docs/product/validation.md).
  await page.getByTestId('decl-submit').click();
  await expect(page.getByTestId('decl-error-sale_amount')).toContainText('请填写营业总收入');

  // Zero declaration: asked first; cancel keeps the form.
  await page.getByTestId('decl-zero').click();
  const zero = page.getByTestId('decl-zero-confirm');
  await expect(zero).toContainText('确定要零申报吗？');
  await dialogShot(page, testInfo, 'mobile-zero-confirm');
  await zero.getByTestId('decl-zero-cancel').click();
  await expect(zero).toBeHidden();
  // A company's zero report asks its headcount in the confirmation: without it nothing is filed and
  // the confirmation stays (the one-step zero report has its own spec, mobile.zero-report.spec.ts).
  await page.getByTestId('decl-zero').click();
  await zero.getByTestId('decl-zero-submit').click();
  await expectToast(page, '请填写从业人数');
  await expect(zero).toBeVisible();
  await zero.getByTestId('decl-zero-cancel').click();
  await expect(zero).toBeHidden();
  await page.getByTestId('decl-input-sale_amount').fill('0');
  await page.getByTestId('decl-input-tax_amount').fill('0');

  await page.getByTestId('decl-input-total_amount').fill('三百');
  await page.getByTestId('decl-input-total_employee').fill('0');
  await page.getByTestId('decl-input-female_employee').fill('0');
  await page.getByTestId('decl-input-insure_employee').fill('0');
  await page.getByTestId('decl-submit').click();
  // The problem is said under its figure, with the figure's name and the rule (not a bare 请填写数字).
  await expect(page.getByTestId('decl-error-total_amount')).toContainText('资产总额格式不正确');
  await expect(page.getByTestId('decl-error-total_amount')).toContainText('最多4位小数');
  await page.getByTestId('decl-input-total_amount').fill('300.5');
  await page.getByTestId('decl-submit').click();
  await expect(page.getByTestId('decl-error-total_employee')).toContainText('从业人数至少为1人');
  expect(declarationCalls).toHaveLength(0);

  await page.getByTestId('decl-input-sale_amount').fill('1200');
  await page.getByTestId('decl-input-total_employee').fill('12');
  await page.getByTestId('decl-show-sale_amount').selectOption('true');
  await expect(page.getByTestId('decl-show-sale_amount').locator('option:checked')).toHaveText('公示');
  await page.getByTestId('decl-submit').click();

  const done = page.getByTestId('decl-done');
  await expect(done).toContainText('已提交给办理专员，核对后代为报送');
  expect(declarationCalls).toHaveLength(1);
  expect(declarationCalls[0]!.postDataJSON()).toEqual({
    id: orderId,
    corp_id: 0,
    // The key this browser received when it created the order.
    edit_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    entity_extra: {
      sale_amount: '1200',
      sale_amount_show: 'true',
      tax_amount: '0',
      tax_amount_show: 'false',
      total_amount: '300.5',
      total_amount_show: 'false',
      total_employee: '12',
      total_employee_show: 'false',
      female_employee: '0',
      female_employee_show: 'false',
      insure_employee: '0',
      insure_employee_show: 'false',
    },
  });
  await dialogShot(page, testInfo, 'mobile-declaration-filed');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Closing at sub-state 2 leads to the progress lookup.
  await done.getByTestId('decl-done-close').click();
  await expect(page).toHaveURL(/\/check$/);

  // The receipt while the order is being handled: the acceptance stamp, no screenshots.
  await page.getByTestId('check-phone').fill(company.phone);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await page.getByTestId('view-receipt').click();
  await expect(page).toHaveURL(/\/orderDetail$/);
  await expect(page.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'accepted');
  await expect(page.getByTestId('receipt-screenshots')).toHaveCount(0);
  await snapshot(page, testInfo, 'mobile-receipt-accepted');
  // The ordering device keeps the receipt: a reload shows it again, fetched with the order's key (decision 049).
  await page.reload();
  await expect(page.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'accepted');

  // Back saves the phone: the progress page shows the order again without asking.
  await page.getByTestId('page-back').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(page.getByTestId('order-company')).toHaveText(company.name);

  // Staff complete the order with two screenshots.
  completeOrder(orderId, ['/images/explain-1.svg', '/images/explain-2.svg']);
  await page.reload();
  // A reload lost the saved phone (the detail page removes it): look up again.
  await expect(page).toHaveURL(/\/check$/);
  await page.getByTestId('check-phone').fill(company.phone);
  await page.getByTestId('check-submit').click();
  await page.getByTestId('view-receipt').click();

  const receipt = page.getByTestId('receipt');
  await expect(page.getByTestId('receipt-title')).toHaveText('年报申报回执');
  await expect(page.getByTestId('receipt-entity-name')).toHaveText(company.name);
  await expect(page.getByTestId('receipt-legal')).toHaveText(company.legal);
  await expect(page.getByTestId('receipt-credit-code')).toHaveText(company.creditCode);
  await expect(page.getByTestId('receipt-content')).toHaveText('营业执照年报代办');
  await expect(page.getByTestId('receipt-quantity')).toHaveText('1');
  await expect(page.getByTestId('receipt-amount')).toHaveText('¥199.00');
  await expect(page.getByTestId('receipt-amount-capital')).toHaveText('壹佰玖拾玖元整');
  await expect(page.getByTestId('receipt-accepted-time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(page.getByTestId('receipt-order-number')).toHaveText(/^KB\d+$/);
  await expect(page.getByTestId('receipt-remarks')).toContainText('国家企业信用信息公示系统');
  await expect(page.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'completed');
  const shots = receipt.getByTestId('receipt-screenshot');
  await expect(shots).toHaveCount(2);
  // The screenshots really load.
  for (const shot of await shots.all()) {
    await shot.scrollIntoViewIfNeeded();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapshot(page, testInfo, 'mobile-receipt-completed');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a sole trader files a one-tap zero declaration with two figures only', async ({ page }, testInfo) => {
  await payOnPhone(page, { ...claimCompany('soleTrader'), goodsId: 1 });
  await expect(page.getByTestId('decl-order-info')).toContainText('个体');
  await expect(page.getByTestId('decl-input-sale_amount')).toBeVisible();
  await expect(page.getByTestId('decl-input-tax_amount')).toBeVisible();
  await expect(page.getByTestId('decl-input-total_amount')).toHaveCount(0);
  await expect(page.getByTestId('decl-input-total_employee')).toHaveCount(0);

  const filed = page.waitForRequest(isDeclarationCall);
  await page.getByTestId('decl-zero').click();
  await page.getByTestId('decl-zero-submit').click();
  expect((await filed).postDataJSON()).toMatchObject({
    entity_extra: { sale_amount: '0', sale_amount_show: 'false', tax_amount: '0', tax_amount_show: 'false' },
  });
  await expect(page.getByTestId('decl-done')).toContainText('已提交给办理专员，核对后代为报送');
  await dialogShot(page, testInfo, 'mobile-zero-filed');
  await page.getByTestId('decl-done-close').click();
  await expect(page).toHaveURL(/\/check$/);
});

test('other services say 支付成功 with the call promise and lead to the progress lookup', async ({ page }, testInfo) => {
  await payOnPhone(page, { ...claimCompany(), goodsId: 2 });
  const success = page.getByTestId('success');
  await expect(success).toContainText('支付成功');
  await expect(page.getByTestId('success-text')).toContainText('24小时内');
  await expect(page.getByTestId('declaration')).toHaveCount(0);
  await snapshot(page, testInfo, 'mobile-success-other');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('view-progress').click();
  await expect(page).toHaveURL(/\/check$/);

  // With no stored order id, /success goes home.
  await page.goto('/success');
  await expect(page).toHaveURL(/\/$/);
});

test('the pay page guards its exit, reloads once paid in another app, and refuses a company that has already filed', async ({ page }, testInfo) => {
  const company = claimCompany();
  const enter = page.waitForRequest((request) => request.url().includes('/api/user/event') && (request.postData() ?? '').includes('"client.pay.enter"'));
  await toPayPage(page, company);
  await enter;

  // Unload: the page asks the browser to confirm leaving.
  expect(await page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  })).toBe(true);

  // Back: stays on /pay and asks.
  await page.goBack();
  await expect(page).toHaveURL(/\/pay$/);
  const exit = page.getByTestId('pay-exit-dialog');
  await expect(exit).toContainText('确定要退出支付页面吗？');
  await dialogShot(page, testInfo, 'mobile-pay-exit');
  expect(await accessibilityViolations(page)).toEqual([]);
  // 'contact agent' shows the service QR.
  await exit.getByTestId('pay-exit-contact').click();
  await expect(exit).toBeHidden();
  const service = page.getByTestId('service-dialog');
  await expect(service.getByTestId('service-qr')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(service).toBeHidden();
  // Asked again on the next back; confirming leaves for home.
  await page.goBack();
  await expect(exit).toBeVisible();
  await exit.getByTestId('pay-exit-confirm').click();
  await expect(page).toHaveURL(/\/$/);

  // Pay "in the provider's app": the redirect is held (204 keeps this page), the cashier is paid
  // from outside, and coming back to the tab fetches the order after 500 ms and reloads.
  await page.goBack();
  await expect(page).toHaveURL(/\/pay$/);
  // Arriving by history is not a back from /pay: no question.
  await expect(page.getByTestId('pay-exit-dialog')).toBeHidden();
  let cashierUrl = '';
  await page.route('**/sandbox/cashier/**', async (route) => {
    cashierUrl = route.request().url();
    await route.fulfill({ status: 204 });
  });
  await page.getByTestId('pay-now').click();
  await expect.poll(() => cashierUrl).toMatch(/\/sandbox\/cashier\/KB\d+P\d\d$/);
  await expect(page).toHaveURL(/\/pay$/);
  const paid = await page.request.post(`${cashierUrl}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await page.evaluate(() => {
    const setVisibility = (value: DocumentVisibilityState) =>
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByTestId('declaration')).toBeVisible();

  // The same company and service again: told as /pay opens, before any tap (decision 032), and kept
  // until the visitor chooses where to go.
  await page.unroute('**/sandbox/cashier/**');
  await toPayPage(page, company);
  const notice = page.getByTestId('already-ordered');
  await expect(notice.getByRole('heading')).toHaveText('当前公司已申报');
  await expect(page.getByTestId('pay-now')).toBeDisabled();
  await expect(page).toHaveURL(/\/pay$/);
});
