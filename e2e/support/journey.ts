import { expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** A seeded company the synthetic directory always contains (apps/api/src/seed). */
export const COMPANY = { keyword: '字节跳动', name: '北京字节跳动科技有限公司', creditCode: '91110108551385082Q', legal: '张一鸣' };
export const VALID_ID = '11010519491231002X';
export const VALID_PHONE = '13812345678';

/** Saves a full-page screenshot as a test artifact (looked at by people, kept by CI). */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await startedUp(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('loading')).toBeHidden();
}

/**
 * Start-up is done and the page shows its data: the app marks <html data-idle> after that. The home
 * alone says nothing: it is prerendered, on screen before any script runs (decision 028).
 */
export async function startedUp(page: Page): Promise<void> {
  await expect(page.locator('html[data-idle]')).toHaveCount(1);
}

export async function searchAndPick(page: Page, keyword = COMPANY.keyword, name = COMPANY.name): Promise<void> {
  await page.getByTestId('company-input').fill(keyword);
  await page.getByTestId('company-search').click();
  const option = page.getByTestId('company-option').filter({ hasText: name });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByTestId('selected-company')).toContainText(name);
  await expect(page.getByTestId('company-dropdown')).toBeHidden();
}

export async function fillPerson(page: Page, id = VALID_ID, phone = VALID_PHONE): Promise<void> {
  await page.getByTestId('id-input').fill(id);
  await page.getByTestId('phone-input').fill(phone);
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

/** axe over WCAG 2 A/AA; returns the violations so the test can show them. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/**
 * Confirms the 授权委托书 a licence cancellation asks for before paying (decision 035): the legal
 * representative's name typed and the box ticked; in the desktop pay dialog, also 确认授权.
 */
export async function confirmAuthorization(scope: Page | Locator, legal: string): Promise<void> {
  await scope.getByTestId('authorization-signer').fill(legal);
  await scope.getByTestId('authorization-tick').check();
  const confirm = scope.getByTestId('authorization-confirm');
  if ((await confirm.count()) > 0) {
    await confirm.click();
    await expect(scope.getByTestId('authorization-card')).toHaveCount(0);
  }
}

/** Who orders: a company of the directory (e2e/support/companies.ts claims one), the phone on the form and the service. */
export interface Customer {
  /** The full registered name, also typed in the company search so the pick is exact. */
  name: string;
  creditCode: string;
  /** The legal representative: a cancellation's 授权委托书 is signed with this name (decision 035). */
  legal: string;
  phone: string;
  /** Seeded goods: 1 annual report, 2 cancellation (¥699), 3 credit repair (¥999). */
  goodsId: 1 | 2 | 3;
}

/** The sandbox cashier's address, in the QR code or where /pay sends the phone (docs/decisions/005-sandbox-payments.md). */
export const SANDBOX_CASHIER_URL = /\/sandbox\/cashier\/KB\d+P\d\d$/;

/** 信用修复 asks which record to repair before paying (docs/product/registration-status.md); the other services do not. */
export async function chooseCreditRecord(page: Page | Locator, goodsId: number, record = 'business_anomaly'): Promise<void> {
  if (goodsId === 3) await page.getByTestId(`credit-record-${record}`).click();
}

/** Fills the home form for the customer (service, company, ID number, phone, consent) and submits it. */
export async function submitHomeForm(page: Page, customer: Customer): Promise<void> {
  await openHome(page);
  await page.getByTestId(`goods-${customer.goodsId}`).click();
  await searchAndPick(page, customer.name, customer.name);
  await chooseCreditRecord(page, customer.goodsId);
  await fillPerson(page, VALID_ID, customer.phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
}

/** Where a spec looks at the pay flow on its way, without writing the flow again. */
export interface PayCheckpoints {
  /** On /pay (phone) or at the pay dialog with its QR code (desktop), before anything is paid. */
  atPay?: () => Promise<void>;
  /** In the sandbox cashier on the phone, before 确认支付. */
  atCashier?: () => Promise<void>;
}

/**
 * A visitor pays on a phone: home → /pay (the 授权委托书 first for a cancellation) → the sandbox
 * cashier → /success. Returns the public id of the paid order, as the success page asked for it.
 */
export async function payOnPhone(page: Page, customer: Customer, checkpoints: PayCheckpoints = {}): Promise<{ orderId: string }> {
  await submitHomeForm(page, customer);
  await expect(page).toHaveURL(/\/pay$/);
  await checkpoints.atPay?.();
  return payOnPayPage(page, customer, checkpoints);
}

/** The phone is on /pay: confirms a cancellation's 授权委托书, taps 立即办理 and pays in the sandbox cashier. */
export async function payOnPayPage(page: Page, customer: Customer, checkpoints: Pick<PayCheckpoints, 'atCashier'> = {}): Promise<{ orderId: string }> {
  if (customer.goodsId === 2) await confirmAuthorization(page, customer.legal);
  await page.getByTestId('pay-now').click();
  return payInSandboxCashier(page, checkpoints);
}

/** The phone is at the sandbox cashier: pays, and waits for /success to show the paid order. */
export async function payInSandboxCashier(page: Page, checkpoints: Pick<PayCheckpoints, 'atCashier'> = {}): Promise<{ orderId: string }> {
  await expect(page).toHaveURL(SANDBOX_CASHIER_URL);
  await checkpoints.atCashier?.();
  const detail = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/h5/order/detail');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/success$/);
  // An annual report goes on to its declaration form, every other service to the success message.
  await expect(page.getByTestId('declaration').or(page.getByTestId('success'))).toContainText('支付成功');
  return { orderId: new URL((await detail).url()).searchParams.get('id')! };
}

/**
 * A visitor pays on a desktop: home → the pay dialog (the 授权委托书 first for a cancellation) → its
 * QR code paid in the sandbox cashier on a "phone" while the dialog polls → the dialog says paid.
 */
export async function payOnDesktop(page: Page, context: BrowserContext, customer: Customer, checkpoints: Pick<PayCheckpoints, 'atPay'> = {}): Promise<void> {
  await submitHomeForm(page, customer);
  const dialog = page.getByTestId('pay-dialog');
  if (customer.goodsId === 2) await confirmAuthorization(dialog, customer.legal);
  await expect(dialog.getByTestId('pay-qr')).toBeVisible();
  await checkpoints.atPay?.();
  await payQrCode(page, context);
  await expect(dialog).toBeHidden();
  // An annual report goes on to the declaration dialog, every other service to the success dialog.
  await expect(page.getByTestId('declaration-dialog').or(page.getByTestId('success-dialog'))).toContainText('支付成功');
}

/** A "phone" scans the pay dialog's QR code and pays in the sandbox cashier it encodes. */
export async function payQrCode(page: Page, context: BrowserContext): Promise<void> {
  await payCashierLink(context, (await page.getByTestId('pay-dialog').getByTestId('pay-qr').getAttribute('data-qr-value')) ?? '');
}

/** Opens a sandbox cashier address in another page of the context and pays there. */
export async function payCashierLink(context: BrowserContext, cashierUrl: string): Promise<void> {
  expect(cashierUrl).toMatch(SANDBOX_CASHIER_URL);
  const phone = await context.newPage();
  await phone.goto(cashierUrl);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByRole('status')).toContainText('支付成功');
  await phone.close();
}

/**
 * Nothing on the page is moving: no finite CSS animation or transition running, and no element in
 * the steps antd's motion (rc-motion) takes before its animation starts (`…-prepare`, `…-start`:
 * a frame or two in which nothing runs yet). A picture or a contrast check taken mid-fade measures
 * a half-drawn page. Endless animations (spinners, the danmaku) are not waited for, nor is an
 * element left in its `…-active` step with nothing running (antd's button loading icon stays so when
 * its width does not change).
 */
export async function motionDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        // What is still moving, named so that a wait that never ends says why.
        const running = document
          .getAnimations()
          .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
          .map((animation) => `${animation.constructor.name} ${(animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty ?? ''} on ${((animation.effect as KeyframeEffect | null)?.target as Element | null)?.getAttribute('class') ?? '?'}`);
        const steps = ['enter', 'appear', 'leave'].flatMap((phase) => [`[class*="-${phase}-prepare"]`, `[class*="-${phase}-start"]`]).join(', ');
        const phases = [...document.querySelectorAll(steps)].map((element) => `motion step: ${element.getAttribute('class')}`);
        return [...running, ...phases];
      }),
    )
    .toEqual([]);
}

/**
 * Ticks a radio by its name. Start-up's render over the prerendered page is a transition that a loaded
 * browser may still be committing after html[data-idle]; a tick it overwrites is ticked again.
 */
export async function checkAfterHydration(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name });
  await expect(async () => {
    await radio.check({ force: true, timeout: 2000 });
    await expect(radio).toBeChecked({ timeout: 500 });
  }).toPass();
}
