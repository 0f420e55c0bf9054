import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_CONTROL_URL, TIGHT_BUDGET_URL } from '../directory.config.ts';
import { signInToConsole } from '../support/console.ts';
import { VALID_ID, fillPerson, payInSandboxCashier, searchAndPick, snapshot } from '../support/journey.ts';

/**
 * DIRECTORY_PROVIDER=qichacha in Chromium, against the fake 企查查 (e2e/directory.config.ts):
 * a company only the vendor knows is found, paid for and handled like any other; the second
 * search for it is local and free; a vendor refusal and a spent budget answer from the local
 * directory with no error on the page, and the console's 企业数据源 page says why the vendor is paused.
 * Serial: the refusal pauses the first server's vendor for an hour, so it comes after the journey.
 */
test.describe.configure({ mode: 'serial' });

const VENDOR_ONLY = { keyword: '蕤蓁云帆', name: '杭州蕤蓁云帆科技有限公司' };

/** Fuzzy searches the fake has received (annual-report calls are not counted). */
async function vendorSearches(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${FAKE_CONTROL_URL}/requests`);
  expect(response.ok()).toBe(true);
  const requests = (await response.json()) as Array<{ path: string; verified: boolean }>;
  expect(requests.every((r) => r.verified)).toBe(true);
  return requests.filter((r) => r.path === '/FuzzySearch/GetList').length;
}

async function openHomeAt(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/`);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('loading')).toBeHidden();
}

/** Searches and waits for the answer to be shown: options, or the "nothing found" line. */
async function searchExpectingNothing(page: Page, keyword: string): Promise<void> {
  await page.getByTestId('company-input').fill(keyword);
  await page.getByTestId('company-search').click();
  await expect(page.getByTestId('company-not-found')).toContainText(`未找到“${keyword}”相关企业`);
  await expect(page.getByTestId('company-option')).toHaveCount(0);
  // The vendor's trouble is never the visitor's: no error toast, no error page.
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

test('a visitor finds a company only the vendor has, pays and succeeds; the next search for it costs nothing', async ({ page, browser, request }, testInfo) => {
  const before = await vendorSearches(request);
  await openHomeAt(page);
  await searchAndPick(page, VENDOR_ONLY.keyword, VENDOR_ONLY.name);
  expect(await vendorSearches(request)).toBe(before + 1);
  await snapshot(page, testInfo, 'vendor-company-picked');

  await fillPerson(page, VALID_ID, '13900001111');
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await page.getByTestId('pay-now').click();
  await payInSandboxCashier(page);
  // An annual report continues with its declaration form, showing the vendor's company.
  await expect(page.getByTestId('declaration')).toContainText(VENDOR_ONLY.name);

  // Another visitor, later: the company is in the local directory now.
  const context = await browser.newContext({ ...testInfo.project.use });
  const other = await context.newPage();
  await openHomeAt(other);
  await searchAndPick(other, VENDOR_ONLY.keyword, VENDOR_ONLY.name);
  expect(await vendorSearches(request)).toBe(before + 1);
  await context.close();
});

test('a vendor refusal answers from the local directory with no error, and the console says the vendor is paused', async ({ page, request }, testInfo) => {
  const before = await vendorSearches(request);
  expect((await request.post(`${FAKE_CONTROL_URL}/fail`, { data: { kind: 'status', status: '102' } })).ok()).toBe(true);
  try {
    await openHomeAt(page);
    await searchExpectingNothing(page, '蕤蓁明月');
    expect(await vendorSearches(request)).toBe(before + 1);
    // Paused: a thin local answer no longer asks the vendor, and local companies are still found.
    await searchAndPick(page, '字节跳动', '北京字节跳动科技有限公司');
    expect(await vendorSearches(request)).toBe(before + 1);
  } finally {
    await request.post(`${FAKE_CONTROL_URL}/clear`);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page);
  await page.getByRole('menuitem', { name: '企业数据源' }).click();
  await expect(page.getByTestId('directory-provider')).toHaveText('企查查开放平台');
  await expect(page.getByTestId('vendor-paused')).toContainText('账户欠费');
  await expect(page.getByTestId('vendor-ledger')).toContainText('账户欠费 1');
  await expect(page.getByTestId('vendor-ledger')).toContainText('查询成功 1');
  await snapshot(page, testInfo, 'console-directory-source-paused');
});

test('a spent daily budget answers from the local directory with no error and no call', async ({ page, request }, testInfo) => {
  const before = await vendorSearches(request);
  await openHomeAt(page, TIGHT_BUDGET_URL);
  await searchAndPick(page, '蕤蓁星河', '杭州蕤蓁星河贸易有限公司'); // the one call of the day's budget
  expect(await vendorSearches(request)).toBe(before + 1);
  await searchExpectingNothing(page, '蕤蓁明月');
  expect(await vendorSearches(request)).toBe(before + 1);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page, TIGHT_BUDGET_URL);
  await page.getByRole('menuitem', { name: '企业数据源' }).click();
  await expect(page.getByTestId('vendor-paused')).toContainText('今日调用预算已用完');
  await expect(page.getByText('今日剩余预算')).toBeVisible();
  await snapshot(page, testInfo, 'console-directory-source-budget');
});
