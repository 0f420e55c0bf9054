import { expect, test, type Page } from '@playwright/test';
import { snapshot, startedUp } from '../support/journey.ts';
import { stubWeChat } from '../support/wechat.ts';

/*
 * The official account's order tabs and /my shortcuts at 320 and 390 px (docs/product/screens.md#account,
 * docs/product/texts.md#honest-words): 年报 (never 年检), 注销, 信用修复; the licence-registration tab has
 * no service and is not shown, and an address asking for it opens the first shown tab.
 */

async function enterCorp(page: Page, path: string, landmark: string): Promise<void> {
  await page.goto(path);
  await startedUp(page);
  await expect(page.getByTestId(landmark)).toBeVisible();
}

for (const width of [320, 390] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('the tabs say 年报/注销/信用修复, and a tab with no service is not shown', async ({ page }, testInfo) => {
      await stubWeChat(page);
      await enterCorp(page, '/corp/order?tab=2', 'order-list-page');
      const tabs = page.getByRole('tablist').getByRole('tab');
      await expect(tabs).toHaveText(['年报', '注销', '信用修复']);
      await expect(page.getByTestId('order-list-page')).not.toContainText(/年检|执照办理/);
      // ?tab=2 has no service: the first shown tab opens.
      await expect(page.getByTestId('order-tab-0')).toHaveAttribute('aria-selected', 'true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snapshot(page, testInfo, `corp-tabs-${width}`);

      await enterCorp(page, '/corp/my', 'my-page');
      await expect(page.getByTestId('my-page').getByRole('listitem')).toHaveText(['年报', '注销', '信用修复']);
      await expect(page.getByTestId('my-shortcut-2')).toHaveCount(0);
    });
  });
}
