import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** A seeded company the synthetic directory always contains (apps/api/src/seed). */
export const COMPANY = { keyword: '字节跳动', name: '北京字节跳动科技有限公司', creditCode: '91110108551385082Q', legal: '张一鸣' };
export const VALID_ID = '11010519491231002X';
export const VALID_PHONE = '13812345678';

/** Saves a full-page screenshot as a test artifact (looked at by people, kept by CI). */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await startedUp(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('loading')).toBeHidden();
}

/**
 * Start-up is done and the page shows its data: the app marks <html data-idle> after that. The home
 * alone says nothing: it is prerendered, on screen before any script runs (decision 028).
 */
export async function startedUp(page: Page): Promise<void> {
  await expect(page.locator('html[data-idle]')).toHaveCount(1);
}

export async function searchAndPick(page: Page, keyword = COMPANY.keyword, name = COMPANY.name): Promise<void> {
  await page.getByTestId('company-input').fill(keyword);
  await page.getByTestId('company-search').click();
  const option = page.getByTestId('company-option').filter({ hasText: name });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByTestId('selected-company')).toContainText(name);
  await expect(page.getByTestId('company-dropdown')).toBeHidden();
}

export async function fillPerson(page: Page, id = VALID_ID, phone = VALID_PHONE): Promise<void> {
  await page.getByTestId('id-input').fill(id);
  await page.getByTestId('phone-input').fill(phone);
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

/** axe over WCAG 2 A/AA; returns the violations so the test can show them. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/**
 * Confirms the 授权委托书 a licence cancellation asks for before paying (decision 035): the legal
 * representative's name typed and the box ticked; in the desktop pay dialog, also 确认授权.
 */
export async function confirmAuthorization(scope: Page | Locator, legal: string): Promise<void> {
  await scope.getByTestId('authorization-signer').fill(legal);
  await scope.getByTestId('authorization-tick').check();
  const confirm = scope.getByTestId('authorization-confirm');
  if ((await confirm.count()) > 0) {
    await confirm.click();
    await expect(scope.getByTestId('authorization-card')).toHaveCount(0);
  }
}
