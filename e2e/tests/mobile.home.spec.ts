import { expect, test } from '@playwright/test';
import { accessibilityViolations, openHome, snapshot, startedUp } from '../support/journey.ts';
import { SERVICE, stubServiceLink, useVariant } from '../support/lookup.ts';

/*
 * The home page's remaining pieces on a phone (docs/product/screens.md#home-form, docs/product/overview.md, docs/product/trust-and-personal-data.md):
 * danmaku, explanation boxes per goods type and variant, footer, titles, honesty items; the
 * entry links, /error and the not-found page.
 */

test('danmaku: four rows of config lines, each starting part-way through its drift', async ({ page }, testInfo) => {
  await openHome(page);
  const panel = page.getByTestId('danmaku');
  await expect(panel).toHaveAttribute('aria-hidden', 'true');
  const rows = panel.locator(':scope > div');
  await expect(rows).toHaveCount(4);
  // Negative delays of 10–40 % of each row's cycle: lines are in place from the first paint.
  const timings = await rows.evaluateAll((elements) =>
    elements.map((row) => {
      const style = getComputedStyle(row.firstElementChild!);
      return { delay: Number.parseFloat(style.animationDelay), duration: Number.parseFloat(style.animationDuration) };
    }),
  );
  for (const { delay, duration } of timings) {
    expect(delay).toBeLessThanOrEqual(-0.1 * duration + 0.001);
    expect(delay).toBeGreaterThanOrEqual(-0.4 * duration - 0.001);
  }
  expect(new Set(timings.map((timing) => timing.delay)).size).toBeGreaterThan(1);
  // The lines are the seeded config's client.home.danmaku.
  await expect(panel).toContainText('年报时间：每年1月1日至6月30日，报送上一年度报告');
  await expect(panel).toContainText('凭手机号可随时查询办理进度');
  // Every row moves once the page is idle (motion waits for it: decision 028): each line's offset
  // changes from where it stood when the page went idle.
  await expect(page.locator('html[data-idle]')).toHaveCount(1);
  await panel.scrollIntoViewIfNeeded();
  const offsets = () => rows.evaluateAll((elements) => elements.map((row) => new DOMMatrix(getComputedStyle(row.firstElementChild!).transform).m41));
  const atIdle = await offsets();
  await expect.poll(async () => (await offsets()).map((x, i) => x !== atIdle[i])).toEqual([true, true, true, true]);
  for (const x of await offsets()) expect(x).toBeLessThan(0);
  await panel.screenshot({ path: testInfo.outputPath('mobile-danmaku-panel.png') });
});

test('title, explanation boxes and images follow the chosen service; honesty items sit before the ID input', async ({ page }, testInfo) => {
  await openHome(page);
  await expect(page.getByTestId('page-title')).toHaveText('企业年报代办');
  const boxes = page.getByTestId('explanation-box');
  await expect(boxes).toHaveCount(3);
  await expect(page.getByTestId('explanation')).toContainText('1月1日至6月30日');
  await expect(page.getByTestId('explanation')).toContainText('1万元以上5万元以下');
  await expect(page.getByTestId('explanation')).toContainText('5万元以上20万元以下');
  await expect(boxes.locator('img').first()).toHaveAttribute('src', '/images/explain-1.svg');

  // Every illustration actually loads.
  const images = boxes.locator('img');
  for (let i = 0; i < 3; i++) await images.nth(i).scrollIntoViewIfNeeded();
  const loaded = await images.evaluateAll((elements) => elements.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
  expect(loaded).toEqual([true, true, true]);

  await page.getByTestId('goods-2').click();
  await expect(page.getByTestId('page-title')).toHaveText('营业执照注销代办');
  await expect(page).toHaveTitle('营业执照注销代办 · 网上快报平台');
  await expect(boxes).toHaveCount(3);
  await expect(page.getByTestId('explanation')).toContainText('1至3天');
  await page.getByTestId('goods-3').click();
  await expect(page.getByTestId('page-title')).toHaveText('企业信用修复代办');
  await expect(page.getByTestId('explanation')).toContainText('15至30个工作日');

  // Footer: links, the three badges, who to call.
  await expect(page.getByTestId('footer-badges').locator('li')).toHaveText(['维权援助', '未办理全额退款', '防冒充收费']);
  await expect(page.getByTestId('operator-contact')).toContainText(SERVICE.phone);
  await expect(page.getByTestId('operator-contact')).toContainText('非政府网站');
  await expect(page.getByTestId('progress-link')).toHaveAttribute('href', '/check');

  // Honesty (docs/product/trust-and-personal-data.md): the disclosure and the fee on the first screen before the ID input; the never-ask line.
  await page.goto('/');
  await expect(page.getByTestId('honesty-notice')).toBeInViewport();
  const fee = (await page.getByTestId('service-fee').boundingBox())!;
  const id = (await page.getByTestId('id-input').boundingBox())!;
  expect(fee.y).toBeLessThan(id.y);
  await expect(page.getByTestId('never-ask')).toContainText('短信验证码');
  await snapshot(page, testInfo, 'mobile-home-v0');
});

test('v2: the blue palette and the -v2 images', async ({ page }, testInfo) => {
  await useVariant(page, 'v2');
  await openHome(page);
  const images = page.getByTestId('explanation-box').locator('img');
  await expect(images).toHaveCount(3);
  await expect(images.nth(0)).toHaveAttribute('src', '/images/explain-1-v2.svg');
  await page.getByTestId('goods-2').click();
  await expect(images.nth(1)).toHaveAttribute('src', '/images/explain-4-v2.svg');
  await expect(images.nth(2)).toHaveAttribute('src', '/images/explain-5-v2.svg');
  await images.nth(2).scrollIntoViewIfNeeded();
  await expect.poll(() => images.nth(2).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await snapshot(page, testInfo, 'mobile-home-v2-destory');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the home contact link shows the QR sheet; /check offers the same agent', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('contact-link').click();
  const dialog = page.getByTestId('service-dialog');
  await expect(dialog.getByTestId('service-qr')).toHaveAttribute('data-qr-value', SERVICE.link);
  await expect(dialog.getByTestId('service-save')).toHaveText('保存图片到相册');
  await expect(dialog.getByTestId('service-phone')).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await stubServiceLink(page);
  await dialog.getByTestId('service-link').click();
  await expect(page).toHaveURL(SERVICE.link);
});

test('entry links store their id, clear the others, drop code and reload at / with the rest of the query', async ({ page }) => {
  await page.goto('/p/prev-1');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/h/link-42?a=1&code=wx-code');
  await expect(page).toHaveURL(/\/\?a=1$/);
  await expect(page.getByTestId('home')).toBeVisible();
  const stored = await page.evaluate(() => ({
    linkId: localStorage.getItem('linkId'),
    shareId: localStorage.getItem('shareId'),
    prevId: localStorage.getItem('prevId'),
  }));
  expect(stored).toEqual({ linkId: 'link-42', shareId: null, prevId: null });

  // The id travels as b-link-id on every call.
  const call = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/h5/company');
  await page.getByTestId('company-input').fill('字节跳动');
  await page.getByTestId('company-search').click();
  expect((await call).headers()['b-link-id']).toBe('link-42');

  await page.goto('/s/share-7');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('shareId'), localStorage.getItem('linkId')])).toEqual(['share-7', null]);
});

test('/error shows the fixed text of its code as image title, alt text and text, with a way home, and nothing the address says; unknown routes say 404', async ({ page }, testInfo) => {
  await page.goto('/error?code=90004');
  const errorPage = page.getByTestId('error-page');
  await expect(errorPage.getByRole('heading')).toHaveText('网络异常，请检查网络后重试');
  await expect(errorPage.locator('img')).toHaveAttribute('alt', '网络异常，请检查网络后重试');
  await expect(errorPage.locator('img')).toHaveAttribute('title', '网络异常，请检查网络后重试');
  await snapshot(page, testInfo, 'mobile-error');
  expect(await accessibilityViolations(page)).toEqual([]);
  await errorPage.getByRole('link', { name: '返回首页' }).click();
  await expect(page.getByTestId('home')).toBeVisible();

  // The address is anyone's to write: a scammer's words in it are never shown on our domain, at 320 and 390 px.
  const scam = '您的订单支付异常，请添加客服微信 kb88888 办理退款';
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    for (const address of [`/error?msg=${encodeURIComponent(scam)}`, `/error?code=${encodeURIComponent(`90004 ${scam}`)}`, `/error?code=90004&msg=${encodeURIComponent(scam)}#${encodeURIComponent(scam)}`]) {
      await page.goto(address);
      await expect(errorPage.getByRole('heading')).toHaveText(address.includes('code=90004&') ? '网络异常，请检查网络后重试' : '系统繁忙，请稍后再试');
      await expect(page.getByText('kb88888')).toHaveCount(0);
      expect(await page.content()).not.toContain('kb88888');
    }
  }
  await snapshot(page, testInfo, 'mobile-error-scam');

  await page.goto('/no-such-page');
  // The headline is Chinese (no English "not found").
  await expect(page.getByTestId('not-found').getByRole('heading', { level: 1 })).toHaveText('页面不存在');
  await expect(page.getByTestId('not-found')).not.toContainText(/not found/i);
  await snapshot(page, testInfo, 'mobile-not-found');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('labels differ by variant: subtitle and submit label for v0, v1 and v2 (docs/product/overview.md, docs/product/screens.md)', async ({ page }) => {
  // v0's label switches on 1 July, Shanghai time.
  const shanghaiMonth = new Date(Date.now() + 8 * 3600_000).getUTCMonth() + 1;
  const expected = {
    v0: { subtitle: '网上快报平台', submit: shanghaiMonth < 7 ? '立即办理' : '补报年报' },
    v1: { subtitle: '快速代办平台', submit: '填写年报' },
    v2: { subtitle: '快速代办平台', submit: '立即填写' },
  } as const;
  for (const variant of ['v0', 'v1', 'v2'] as const) {
    await page.unrouteAll();
    await useVariant(page, variant);
    await page.goto('/');
    await startedUp(page);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByText(expected[variant].subtitle, { exact: true })).toBeVisible();
    await expect(page.getByTestId('submit')).toHaveText(expected[variant].submit);
    await expect(page.getByTestId('report-entry')).toHaveCount(variant === 'v2' ? 0 : 1);
  }
});
