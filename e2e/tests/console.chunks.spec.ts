import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signInFiles, type Manifest } from '../../apps/console/sign-in-budget.ts';
import { CONSOLE_ADMIN } from '../support/console.ts';

/*
 * The console loads what a page needs (decision 030): the sign-in page only the entry,
 * our start-up code and the vendor chunk; a deep link survives sign-in; after the first page a route
 * change fetches that route's chunk and nothing else; a page's chunk shows a spinner inside the
 * layout while it loads, and a lost one says so without taking the console down.
 */

const MANIFEST = fileURLToPath(new URL('../../apps/console/dist/.vite/manifest.json', import.meta.url));
const manifest = () => JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
const routeFile = (source: string) => {
  const chunk = manifest()[source];
  if (!chunk) throw new Error(`no chunk for ${source} in ${MANIFEST}: build the console first`);
  return chunk.file;
};

/** The console's script files the page has requested, as manifest paths (assets/…js). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/console/assets/') && path.endsWith('.js')) scripts.push(path.slice('/console/'.length));
  });
  return scripts;
}

test('sign-in loads the entry and vendor chunks only; a deep link survives it; a route change then fetches only its chunk', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/console/orders?view=all');
  await expect(page).toHaveURL(/\/console\/login\?next=%2Forders%3Fview%3Dall$/);
  await expect(page.getByTestId('login-username')).toBeVisible();
  expect(new Set(scripts)).toEqual(new Set(signInFiles(manifest(), 'src/routes/login/login-page.tsx')));

  // The plain sign-in form checks its fields itself and shows the password on request (no antd Form or Input).
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('用户名').fill(CONSOLE_ADMIN.username);
  await expect(page.getByText('请输入用户名')).toHaveCount(0);

  await page.getByTestId('login-username').fill(CONSOLE_ADMIN.username);
  await page.getByTestId('login-password').fill(CONSOLE_ADMIN.password);
  await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: '显示密码' }).click();
  await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: '隐藏密码' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/console\/orders\?view=all$/);
  await expect(page.getByRole('heading', { level: 1, name: '订单处理' })).toBeVisible();
  expect(scripts).toContain(routeFile('src/routes/orders/order-list-page.tsx'));

  scripts.length = 0;
  await page.getByRole('navigation', { name: '主导航' }).getByText('短信记录', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '短信记录' })).toBeVisible();
  expect(scripts).toEqual([routeFile('src/routes/sms/sms-log-page.tsx')]);
});

test('a page shows a spinner inside the layout while its chunk loads, and a lost chunk is reported with a reload', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: '主导航' });
  // The audit page's chunk waits until the spinner has been seen; the feedback page's never arrives.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/console/${routeFile('src/routes/audit/audit-page.tsx')}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.route(`**/console/${routeFile('src/routes/feedback/complaint-tabs.tsx')}`, (route) => route.abort('connectionfailed'));

  await page.goto('/console/login');
  await page.getByTestId('login-username').fill(CONSOLE_ADMIN.username);
  await page.getByTestId('login-password').fill(CONSOLE_ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();

  await nav.getByText('操作日志', { exact: true }).click();
  await expect(page.getByTestId('route-loading')).toBeVisible();
  await expect(nav).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: '操作日志' })).toBeVisible();
  await expect(page.getByTestId('route-loading')).toHaveCount(0);

  await nav.getByText('投诉处理', { exact: true }).click();
  await expect(page.getByTestId('route-failed')).toContainText('页面加载失败');
  await expect(page.getByTestId('route-failed').getByRole('button', { name: '重新加载' })).toBeVisible();
  // Another page still opens: the failure belongs to the page that failed.
  await nav.getByText('服务与价格', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '服务与价格' })).toBeVisible();
  await expect(page.getByTestId('route-failed')).toHaveCount(0);
});
