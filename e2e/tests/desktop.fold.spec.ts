import { expect, test } from '@playwright/test';
import { openHome } from '../support/journey.ts';

/*
 * On a 1366×768 desktop (the desktop project's window) the form's submit button is on the first
 * screen, for every service, without scrolling (docs/product/screens.md#home-form).
 */
test('the submit button is above the fold at 1366×768 for every service', async ({ page }) => {
  expect(page.viewportSize()).toEqual({ width: 1366, height: 768 });
  await openHome(page);
  for (const goodsId of [1, 2, 3]) {
    await page.getByTestId(`goods-${goodsId}`).click();
    const box = await page.getByTestId('submit').boundingBox();
    expect(box).not.toBeNull();
    // Fully on screen, with the page not scrolled.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect([goodsId, box!.y + box!.height <= 768]).toEqual([goodsId, true]);
  }
});
