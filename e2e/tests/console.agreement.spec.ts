import { devices, expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { expectToast, motionDone, openHome, payInSandboxCashier, snapshot, submitHomeForm } from '../support/journey.ts';
import { signInToConsole, searchOrders } from '../support/console.ts';

/*
 * Versioned agreements (docs/decisions/034-versioned-agreements.md): the visitor
 * sees the version of the agreement they agree to; staff publish a new version in the console while
 * the visitor's /pay is open; 立即办理 is then refused with a clear message and the new text, the
 * visitor agrees and pays without retyping anything, and the console's order shows the version.
 */
test('a new agreement version published while /pay is open: the visitor reads it, agrees and pays; the order records it', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const visitor = await phone.newPage();

  // The visitor reads the agreement: its version and effective date stand above the text (below the
  // operator's block, decision 047).
  await openHome(visitor);
  await visitor.getByTestId('agreement-link').click();
  const shown = visitor.getByTestId('agreement-sheet').getByTestId('agreement-text');
  await expect(shown).toContainText(/(^|[\d）])版本：\d{4}-\d{2}-\d{2}(\.\d+)?　生效日期：\d{4}-\d{2}-\d{2}/);
  const before = /版本：(\S+)　/.exec((await shown.textContent()) ?? '')![1]!;
  await snapshot(visitor, testInfo, 'mobile-agreement-with-version');
  await visitor.getByTestId('agreement-close').click();
  const customer = { ...claimCompany(), goodsId: 3 } as const;
  await submitHomeForm(visitor, customer);
  await expect(visitor).toHaveURL(/\/pay$/);

  // Staff publish a new version meanwhile.
  await signInToConsole(page);
  await page.getByRole('navigation', { name: '主导航' }).getByText('服务协议').click();
  await expect(page.getByRole('heading', { level: 1, name: '服务协议' })).toBeVisible();
  const versions = page.getByTestId('agreement-versions');
  await expect(versions.locator('tbody tr').first()).toContainText(before);
  await expect(versions.locator('tbody tr').first()).toContainText('当前');
  const editor = page.getByTestId('agreement-editor');
  await editor.fill(`${await editor.inputValue()}\n\n十三、本条为端到端测试新增的条款。`);
  await page.getByTestId('agreement-publish').click();
  // The confirmation zooms in: a click while it moves can land beside its button (a CI run lost one).
  const confirm = page.getByRole('button', { name: '发布', exact: true });
  await expect(confirm).toBeVisible();
  await motionDone(page);
  const published = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/console/agreements' && response.request().method() === 'POST');
  await confirm.click();
  expect((await published).ok()).toBe(true);
  // Versions of one day are 2026-11-29, 2026-11-29.2…: compare whole versions, never substrings.
  const currentRow = versions.locator('tbody tr').filter({ hasText: '当前' });
  const currentVersion = async () => ((await currentRow.locator('td').nth(1).textContent()) ?? '').replace('当前', '').trim();
  await expect.poll(currentVersion).not.toBe(before);
  const after = await currentVersion();
  expect(after).toMatch(/^\d{4}-\d{2}-\d{2}(\.\d+)?$/);
  // The old version is still listed, unchanged.
  await expect(versions.locator('tbody tr').filter({ has: page.locator('td:nth-child(2)').getByText(before, { exact: true }) })).toHaveCount(1);
  await snapshot(page, testInfo, 'console-agreements');

  // Back on the phone: paying is refused for the older version, with the message and the new text.
  await visitor.getByTestId('pay-now').click();
  await expectToast(visitor, '服务协议已更新，请阅读新版本并重新确认');
  const dialog = visitor.getByTestId('agreement-update-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('agreement-update-text')).toContainText(`版本：${after}`);
  await expect(dialog.getByTestId('agreement-update-text')).toContainText('十三、本条为端到端测试新增的条款。');
  await snapshot(visitor, testInfo, 'mobile-agreement-updated');
  await dialog.getByTestId('agreement-update-agree').click();
  await payInSandboxCashier(visitor);
  // The home page now shows the new version too.
  await phone.close();

  // The console's order shows the version the visitor agreed to, with the time.
  await page.getByRole('navigation', { name: '主导航' }).getByText('订单处理').click();
  await searchOrders(page, customer.phone);
  const row = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: customer.name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('order-link').click();
  await expect(page.getByText(new RegExp(`${after.replace('.', '\\.')} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}`))).toBeVisible();
  await snapshot(page, testInfo, 'console-order-consent');
});
