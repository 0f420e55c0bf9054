import { expect, type Page } from '@playwright/test';

/** The first admin the e2e server is started with (e2e/playwright.config.ts CONSOLE_ADMIN_PASSWORD). */
export const CONSOLE_ADMIN = { username: 'admin', password: 'e2e-console-admin-1' };

/** Signs the admin in through the console's own page and waits for the dashboard (`origin`: another server than baseURL). */
export async function signInToConsole(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/console`);
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByTestId('login-username').fill(CONSOLE_ADMIN.username);
  await page.getByTestId('login-password').fill(CONSOLE_ADMIN.password);
  await page.getByTestId('login-submit').click();
  // The dashboard's first load brings the page chunks: generous on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Searches the order list and waits for the answer to this search. The list keeps showing the
 * rows it had while the new page loads (keepPreviousData, with the table's spinner on), so a row
 * looked for right after Enter could be one of the unfiltered list's: another spec's order of the
 * same company.
 */
export async function searchOrders(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/console/orders' && url.searchParams.get('q') === text;
  });
  await page.getByLabel('搜索订单').fill(text);
  await page.getByLabel('搜索订单').press('Enter');
  await answered;
  await expect(page.getByTestId('order-table').locator('.ant-spin-spinning')).toHaveCount(0);
}

/**
 * Types a day range into a list's date filter (antd's RangePicker, decision 063): each end typed as
 * YYYY-MM-DD and confirmed with Enter, which moves on to the other end, then closes the calendar.
 * `name` is the filter's label (开始<name> / 结束<name>).
 */
export async function fillDayRange(page: Page, from: string, to: string, name = '日期'): Promise<void> {
  const start = page.getByLabel(`开始${name}`, { exact: true });
  const end = page.getByLabel(`结束${name}`, { exact: true });
  // On a loaded browser an Enter that arrives before the calendar has opened only opens it, and the
  // typed start is dropped when the end takes focus: go on once the picker itself has moved to the end.
  // The whole range is typed again until both ends hold their day (a list that reloads under the
  // picker can also reset it).
  await expect(async () => {
    await start.click();
    await start.fill(from);
    await start.press('Enter');
    await expect(end).toBeFocused({ timeout: 2_000 });
    await end.fill(to);
    await end.press('Enter');
    await expect(start).toHaveValue(from, { timeout: 2_000 });
    await expect(end).toHaveValue(to, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
