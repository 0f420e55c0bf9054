import { expect, test, type Page } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { openHome, snapshot, startedUp, submitHomeForm } from '../support/journey.ts';
import { useVariant } from '../support/lookup.ts';

/*
 * Small things of the phone layout, at 320, 330 and 390 px where layout matters: the
 * required mark on 企业名称, no lone character on a line of the 须知 text, /pay's top bar with its
 * back arrow, the marquee in v2's palette, real /robots.txt and /apple-touch-icon.png with a 404
 * for a missing file, and sample lines in place from the first paint. (The receipt's order
 * number once: apps/web/src/pages/order-detail/receipt.test.tsx and mobile.order-history.spec.ts.)
 */

/**
 * The paragraphs of the home (the 须知 text, the countdown's note, the notices) whose last line holds a
 * single character, measured glyph by glyph across the paragraph's text.
 */
async function loneLastCharacters(page: Page): Promise<string[]> {
  return page.getByTestId('home').locator('p, li, [data-testid="countdown"] > span:last-child').evaluateAll((blocks) =>
    blocks.flatMap((block) => {
      const range = document.createRange();
      const tops: number[] = [];
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0) tops.push(Math.round(rect.top));
        }
      }
      if (tops.length === 0) return [];
      const last = Math.max(...tops);
      const lines = new Set(tops.map((top) => Math.round(top / 4))).size;
      const onLast = tops.filter((top) => Math.abs(top - last) <= 2).length;
      return lines > 1 && onLast === 1 ? [(block.textContent ?? '').slice(-16)] : [];
    }),
  );
}

// 330 px: the countdown's note left 告 alone on its last line there.
for (const width of [320, 330, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 720 } });

    test('企业名称 is marked required; no 须知 line holds a lone character; the sample lines are there from the first paint', async ({ page }, testInfo) => {
      await page.goto('/');
      // The first paint, before start-up: the sample-line panel already shows lines inside it.
      const panel = page.getByTestId('danmaku');
      await panel.scrollIntoViewIfNeeded();
      const firstHeight = (await panel.boundingBox())!.height;
      // The first frame of every drift, as the visitor first sees it.
      const inside = await panel.evaluate((element) => {
        for (const animation of element.getAnimations({ subtree: true })) {
          animation.pause();
          animation.currentTime = 0;
        }
        const box = element.getBoundingClientRect();
        return [...element.querySelectorAll('span')].filter((item) => {
          const rect = item.getBoundingClientRect();
          return rect.right > box.left + 8 && rect.left < box.right - 8;
        }).length;
      });
      expect(inside).toBeGreaterThanOrEqual(2);
      await startedUp(page);
      expect((await panel.boundingBox())!.height).toBe(firstHeight);

      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.locator('label').filter({ hasText: '企业名称' })).toContainText('*');

      await expect(page.getByTestId('explanation-box')).toHaveCount(3);
      for (const goodsId of [1, 2, 3]) {
        await page.getByTestId(`goods-${goodsId}`).click();
        expect(await loneLastCharacters(page), `goods ${goodsId}`).toEqual([]);
      }
      await page.getByTestId('explanation').scrollIntoViewIfNeeded();
      await snapshot(page, testInfo, `home-${width}`);
    });
  });
}

test('/pay has a top bar whose back arrow asks before leaving, as the browser back does', async ({ page }, testInfo) => {
  await submitHomeForm(page, { ...claimCompany(), goodsId: 1 });
  await expect(page).toHaveURL(/\/pay$/);
  const header = page.getByTestId('pay-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('确认办理信息');
  await expect(header).toBeInViewport();
  await snapshot(page, testInfo, 'pay-top-bar');
  await header.getByRole('button', { name: '返回' }).click();
  await expect(page.getByTestId('pay-exit-dialog')).toBeVisible();
  await page.getByTestId('pay-exit-confirm').click();
  await expect(page).toHaveURL(/\/$/);
});

test('the marquee takes v2 blue palette, v0 keeps its cream', async ({ page }) => {
  const marqueeGround = () => page.getByTestId('marquee').evaluate((element) => getComputedStyle(element).backgroundColor);
  await openHome(page);
  expect(await marqueeGround()).toBe('rgb(255, 248, 230)');
  await useVariant(page, 'v2');
  await openHome(page);
  await expect(page.locator('html[data-theme="blue"]')).toHaveCount(1);
  expect(await marqueeGround()).toBe('rgb(238, 247, 253)');
});

test('/robots.txt and /apple-touch-icon.png are real files; a missing file is a 404, an app route the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('User-agent: *');
  const icon = await request.get('/apple-touch-icon.png');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/png');
  expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG');
  const missing = await request.get('/apple-touch-icon-precomposed.png');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<html');
  const route = await request.get('/checkDetail');
  expect(route.status()).toBe(200);
  expect(route.headers()['content-type']).toMatch(/^text\/html/);
});
