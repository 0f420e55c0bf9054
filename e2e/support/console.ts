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
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
}
