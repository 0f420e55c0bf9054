import { expect, test, type ConsoleMessage } from '@playwright/test';
import { COMPANY, searchAndPick } from '../support/journey.ts';

/*
 * The prerendered home (docs/decisions/028-prerender-and-hydration.md): the HTML itself has the
 * heading and the company input, before any script runs, and React hydrates it without a mismatch.
 */

test('the HTML of / has the heading and the company input, with its CSS inline', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  const html = await response.text();
  expect(html).toMatch(/<h1[^>]*data-testid="page-title"[^>]*>企业年报代办<\/h1>/);
  expect(html).toMatch(/<input[^>]*data-testid="company-input"/);
  expect(html).toContain('<style>');
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  // The inline style is allowed by its hash, and by nothing broader.
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe-inline');
});

test('the page paints from HTML with scripts off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('企业年报代办');
  await expect(page.getByTestId('company-input')).toBeVisible();
  await expect(page.getByTestId('marquee')).toBeVisible();
  await context.close();
});

test('hydration: no mismatch, no console error, and the form works', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // The whole suite's analytics come from one address, and the event route allows 120 a minute per
  // address (event.routes.ts): a fast run can meet it. A refused beacon logs a resource error; it
  // says nothing about hydration, so exactly those are set aside, and only for refused events.
  let refusedEvents = 0;
  page.on('response', (response) => {
    if (response.status() === 429 && new URL(response.url()).pathname === '/api/user/event') refusedEvents += 1;
  });
  await page.goto('/');
  // Start-up done and the app rendered with its data: the root's prerender mark is gone and the countdown shows.
  await expect(page.locator('#root:not([data-prerendered])')).toHaveCount(1);
  await expect(page.getByTestId('countdown').locator('strong')).not.toHaveText('000');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('config') !== null)).toBe(true);
  await searchAndPick(page, COMPANY.keyword, COMPANY.name);
  const isRateLimited = (line: string) => line === 'error: Failed to load resource: the server responded with a status of 429 (Too Many Requests)';
  expect(errors.filter(isRateLimited).length).toBeLessThanOrEqual(refusedEvents);
  expect(errors.filter((line) => !isRateLimited(line))).toEqual([]);
});
