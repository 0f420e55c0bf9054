import { expect, type BrowserContext, type Page } from '@playwright/test';
import { VALID_ID, confirmAuthorization, fillPerson, openHome, searchAndPick } from './journey.ts';
import { legalRepresentativeOf } from './unused-company.ts';

/**
 * Helpers of the progress-lookup, report and contact specs. Each spec pays for its own
 * synthetic company (apps/api/src/seed: deterministic for the seed), because the server
 * answers 'paied' to a second order for a company that already paid for the same service.
 */

export interface Customer {
  /** The full registered name, also used as the search keyword so the pick is exact. */
  name: string;
  creditCode: string;
  legal: string;
  phone: string;
  /** Seeded goods: 1 annual report, 2 cancellation (¥699), 3 credit repair (¥999). */
  goodsId: 1 | 2 | 3;
}

/** Seeded goods (apps/api/src/seed/defaults.ts). */
export const GOODS = {
  2: { name: '营业执照注销代办', price: '¥699.00', infoTitle: '注销办理说明' },
  3: { name: '信用修复代办', price: '¥999.00', infoTitle: '信用修复办理说明' },
} as const;

/**
 * The service contact the suites run with: set by e2e/support/global-setup.ts over the seed's
 * placeholders, which the visitor app hides.
 */
export const SERVICE = { link: 'https://work.weixin.qq.com/kfid/kfc-e2e-service', phone: '400-123-4567' };

/** The seed's placeholder contact (apps/api/src/seed/defaults.ts). */
export const PLACEHOLDER_SERVICE = { link: 'https://kf.example.com/kuaibao/weixin', phone: '400-000-0000' };

/** Fills the home form for the customer (goods, company, ID, phone, consent) and submits it. */
export async function submitHomeForm(page: Page, customer: Customer): Promise<void> {
  await openHome(page);
  await page.getByTestId(`goods-${customer.goodsId}`).click();
  await searchAndPick(page, customer.name, customer.name);
  await fillPerson(page, VALID_ID, customer.phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('submit').click();
}

/** Phone: home → /pay → the sandbox cashier (Alipay h5) → /success. */
export async function payOnPhone(page: Page, customer: Customer): Promise<void> {
  await submitHomeForm(page, customer);
  await expect(page).toHaveURL(/\/pay$/);
  if (customer.goodsId === 2) await confirmAuthorization(page, customer.legal || legalRepresentativeOf(customer.name));
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/KB\d+P\d\d$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByTestId('success')).toContainText('支付成功');
}

/** Desktop: the pay dialog's QR is paid in the sandbox cashier on a second page while the dialog polls. */
export async function payOnDesktop(page: Page, context: BrowserContext, customer: Customer): Promise<void> {
  await submitHomeForm(page, customer);
  // A cancellation asks for the 授权委托书 before its QR code (decision 035).
  if (customer.goodsId === 2) await confirmAuthorization(page.getByTestId('pay-dialog'), customer.legal || legalRepresentativeOf(customer.name));
  const qr = page.getByTestId('pay-dialog').getByTestId('pay-qr');
  await expect(qr).toBeVisible();
  const cashierUrl = await qr.getAttribute('data-qr-value');
  const phone = await context.newPage();
  await phone.goto(cashierUrl!);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByRole('status')).toContainText('支付成功');
  await phone.close();
  await expect(page.getByTestId('success-dialog')).toBeVisible();
}

/** Serves the site config with another proxy_version, as a deployment switched to it would (docs/product/overview.md). */
export async function useVariant(page: Page, variant: 'v0' | 'v1' | 'v2'): Promise<void> {
  await page.route('**/api/user/config?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { code: number; data: Record<string, unknown> };
    body.data = { ...body.data, proxy_version: variant };
    await route.fulfill({ response, json: body });
  });
}

/** The agent's service link opens a page of ours in the test instead of the real host. */
export async function stubServiceLink(page: Page): Promise<void> {
  await page.route(`${new URL(SERVICE.link).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><html lang="zh-CN"><title>客服</title><p>客服页面</p></html>' }),
  );
}
