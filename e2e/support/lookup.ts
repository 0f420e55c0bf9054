import { expect, type Locator, type Page } from '@playwright/test';
import { SERVICE_QR_LONG_PRESS_MS } from '@kuaibao/domain';

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

/**
 * The demo operator the e2e server, like `npm start`, is seeded with outside production
 * (apps/api/src/seed/defaults.ts DEMO_OPERATOR_CONFIG): the state every suite starts from and is put back to.
 */
export const DEMO_OPERATOR = { operator_name: '示例代办服务有限公司（演示）', operator_credit_code: '91110000MA00000000（演示）', icp_filing: '京ICP备00000000号-1（演示）' };

/** The seed's placeholder contact (apps/api/src/seed/defaults.ts). */
export const PLACEHOLDER_SERVICE = { link: 'https://kf.example.com/kuaibao/weixin', phone: '400-000-0000' };

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

/**
 * Holds a press on the service QR code the way a phone opens its link (docs/product/constants.md),
 * timed on the page's own clock rather than the machine's: held a moment short of the press time,
 * nothing opens; at the press time the link opens.
 */
export async function longPressServiceQr(page: Page, qr: Locator): Promise<void> {
  const before = page.url();
  const box = (await qr.boundingBox())!;
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.clock.runFor(SERVICE_QR_LONG_PRESS_MS - 1);
  expect(page.url()).toBe(before);
  await page.clock.runFor(1);
  await page.mouse.up();
}
