import { expect, test, type Page, type Request, type TestInfo } from '@playwright/test';
import { claimCompany, type ClaimedCompany } from '../support/companies.ts';
import { SANDBOX_CASHIER_URL, VALID_ID, accessibilityViolations, expectToast, motionDone, payQrCode, snapshot, submitHomeForm } from '../support/journey.ts';

/*
 * The desktop pay dialog and the success flow over the home page (docs/product/screens.md#payment, docs/product/screens.md#success;
 * docs/product/orders-and-statuses.md#payment-confirmation, docs/product/orders-and-statuses.md#annual-report-fill-in). Each test orders for a company of its own
 * (e2e/support/companies.ts): a second order for a company that already paid for the service is refused.
 */

const isDeclarationCall = (request: Request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/h5/order';

/** Home form → the pay dialog with its QR code (annual report unless said otherwise). */
async function openPayDialog(page: Page, company: ClaimedCompany, goodsId: 1 | 3 = 1) {
  await submitHomeForm(page, { ...company, goodsId });
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('pay-qr')).toBeVisible();
  return dialog;
}

async function qrValue(page: Page): Promise<string> {
  return (await page.getByTestId('pay-dialog').getByTestId('pay-qr').getAttribute('data-qr-value')) ?? '';
}

/** The viewport once the toast is gone and the dialog's opening animation is over. */
async function dialogShot(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 5000 });
  await motionDone(page);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a company pays by QR, is asked before closing the declaration, files a zero report and reads the receipt @hd', async ({ page, context }, testInfo) => {
  // Many steps, each with its screenshot and axe scan.
  test.slow();
  const company = claimCompany();
  const declarationCalls: Request[] = [];
  page.on('request', (request) => {
    if (isDeclarationCall(request)) declarationCalls.push(request);
  });

  const dialog = await openPayDialog(page, company);
  await expect(dialog.getByRole('heading', { name: '支付页面' })).toBeVisible();
  for (const text of [company.name, company.phone, '营业执照年报代办', '¥199.00']) await expect(dialog).toContainText(text);
  // Our price is 代办服务费 (never 申报金额 or 补报金额); a red countdown, 逾期 only for a report known unpublished.
  await expect(dialog).toContainText('代办服务费');
  await expect(dialog).not.toContainText(/申报金额|补报金额/);
  const countdown = dialog.getByTestId('pay-countdown');
  await expect(countdown).toHaveText(/距年报截止（6月30日）还有 \d+ 天|本年度报送期已于6月30日结束，未报送的仍可补报|未查到该企业\d+年度报告公示，已逾期 \d+ 天/);
  expect(await countdown.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(200, 55, 45)');
  await dialogShot(page, testInfo, 'desktop-pay-dialog');
  expect(await accessibilityViolations(page)).toEqual([]);

  await payQrCode(page, context);
  await expect(dialog).toBeHidden();
  const declaration = page.getByTestId('declaration-dialog');
  await expect(declaration).toBeVisible();
  // The paid flag's side: the stored order id is gone, and its edit key (handed to the declaration in memory).
  expect(await page.evaluate(() => localStorage.getItem('orderId'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('orderKey'))).toBeNull();
  const info = declaration.getByTestId('decl-order-info');
  // The ID number is masked, even for the visitor who just typed it (docs/product/trust-and-personal-data.md#id-numbers).
  for (const text of ['营业执照年报代办', company.name, '企业', '110***********002X', company.phone]) await expect(info).toContainText(text);
  await expect(info).not.toContainText(VALID_ID);
  await dialogShot(page, testInfo, 'desktop-declaration');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Closing before filing asks first.
  await declaration.getByRole('button', { name: '关闭' }).click();
  const ask = page.getByTestId('decl-close-confirm');
  await expect(ask).toContainText('您还未填写年报，确认关闭吗？');
  await expect(ask.getByTestId('decl-close-confirm-close')).toHaveText('确认关闭');
  await dialogShot(page, testInfo, 'desktop-declaration-close-confirm');
  expect(await accessibilityViolations(page)).toEqual([]);
  // 'one-click zero report' → the zero confirmation.
  await ask.getByTestId('decl-close-confirm-zero').click();
  const zero = page.getByTestId('decl-zero-confirm');
  await expect(zero).toContainText('是否确认零申报？');
  await zero.getByTestId('decl-zero-cancel').click();
  await expect(zero).toBeHidden();
  await expect(declaration).toBeVisible();

  // The zero report in one step (decision 032): its confirmation asks the headcount, the one figure
  // it cannot assume, keeps what was typed and files 0 for the rest.
  await declaration.getByTestId('decl-input-total_amount').fill('88');
  await declaration.getByTestId('decl-show-total_employee').selectOption('true');
  await declaration.getByTestId('decl-zero').click();
  await expect(zero.getByTestId('decl-zero-text')).toContainText('请填写从业人数');
  await zero.getByTestId('decl-zero-submit').click();
  await expectToast(page, '请填写从业人数');
  await expect(zero).toBeVisible();
  await zero.getByTestId('decl-zero-headcount').fill('3人');
  await zero.getByTestId('decl-zero-submit').click();
  await expectToast(page, '从业人数格式不正确');
  expect(declarationCalls).toHaveLength(0);
  await zero.getByTestId('decl-zero-headcount').fill('3');
  await dialogShot(page, testInfo, 'desktop-zero-confirm-headcount');
  await zero.getByTestId('decl-zero-submit').click();

  const done = page.getByTestId('decl-done');
  await expect(done).toContainText('已提交给办理专员，核对后代为报送');
  expect(declarationCalls).toHaveLength(1);
  expect(declarationCalls[0]!.postDataJSON()).toMatchObject({
    corp_id: 0,
    edit_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    entity_extra: { sale_amount: '0', tax_amount: '0', total_amount: '88', total_employee: '3', total_employee_show: 'true', female_employee: '0', insure_employee: '0' },
  });
  await dialogShot(page, testInfo, 'desktop-declaration-filed');

  // After filing, closing opens the receipt.
  await done.getByTestId('decl-done-close').click();
  const receipt = page.getByTestId('receipt-dialog');
  await expect(receipt.getByRole('heading', { name: '年报申报回执' })).toBeVisible();
  await expect(receipt.getByTestId('receipt-entity-name')).toHaveText(company.name);
  await expect(receipt.getByTestId('receipt-amount-capital')).toHaveText('壹佰玖拾玖元整');
  await expect(receipt.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'accepted');
  await expect(receipt.getByTestId('receipt-screenshots')).toHaveCount(0);
  await dialogShot(page, testInfo, 'desktop-receipt');
  expect(await accessibilityViolations(page)).toEqual([]);
  await receipt.getByRole('button', { name: '关闭' }).click();
  await expect(receipt).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home')).toBeVisible();
});

test('closing unpaid opens the service tip; switching the method recreates the order', async ({ page }, testInfo) => {
  const dialog = await openPayDialog(page, claimCompany());
  // WeChat first; the others behind 'other payment'.
  await expect(dialog.getByTestId('pay-method-weixin')).toBeVisible();
  await expect(dialog.getByTestId('pay-method-alipay')).toHaveCount(0);
  await expect(dialog.getByText('请使用微信扫码支付')).toBeVisible();
  const first = await qrValue(page);
  expect(first).toMatch(SANDBOX_CASHIER_URL);

  const recreated = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/h5/order');
  await dialog.getByTestId('pay-other-methods').click();
  await dialog.getByTestId('pay-method-alipay').click();
  const body = (await recreated).postDataJSON() as { pay_type: string; pay_source: string };
  expect(body).toMatchObject({ pay_type: 'alipay', pay_source: 'native' });
  await expect.poll(() => qrValue(page)).not.toBe(first);
  const second = await qrValue(page);
  expect(second).toMatch(SANDBOX_CASHIER_URL);
  await expect(dialog.getByText('请使用支付宝扫码支付')).toBeVisible();
  await dialogShot(page, testInfo, 'desktop-pay-alipay');

  // The superseded QR is closed: paying it is refused.
  const stale = await page.request.post(`${first}/pay`, { maxRedirects: 0 });
  expect(stale.status()).toBe(409);

  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  const tip = page.getByTestId('service-dialog');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('微信扫码添加客服');
  await expect(tip.getByTestId('service-qr')).toBeVisible();
  await dialogShot(page, testInfo, 'desktop-pay-tip');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(page.getByTestId('pay-dialog')).toHaveCount(0);
});

test('confirm close leaves the declaration of a sole trader without filing', async ({ page, context }) => {
  let filed = 0;
  page.on('request', (request) => {
    if (isDeclarationCall(request)) filed += 1;
  });
  await openPayDialog(page, claimCompany('soleTrader'));
  await payQrCode(page, context);
  const declaration = page.getByTestId('declaration-dialog');
  await expect(declaration.getByTestId('decl-order-info')).toContainText('个体');
  await expect(declaration.getByTestId('decl-input-total_amount')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('decl-close-confirm').getByTestId('decl-close-confirm-close').click();
  await expect(page.getByTestId('declaration-dialog')).toHaveCount(0);
  // Closing after payment just closes: no service tip.
  await expect(page.getByTestId('service-dialog')).toHaveCount(0);
  expect(filed).toBe(0);
});

test('other services get the paid message, whose progress button opens the lookup', async ({ page, context }, testInfo) => {
  await openPayDialog(page, claimCompany(), 3);
  await payQrCode(page, context);
  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('支付成功');
  await expect(success.getByTestId('success-text')).toContainText('24小时内');
  await expect(page.getByTestId('declaration-dialog')).toHaveCount(0);
  await dialogShot(page, testInfo, 'desktop-success-other');
  await success.getByTestId('view-progress').click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByTestId('query-dialog')).toBeVisible();
  await snapshot(page, testInfo, 'desktop-after-success-query');
});
