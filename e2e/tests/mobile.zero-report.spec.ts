import { expect, test, type Page, type Request, type TestInfo } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { payOnPhone, snapshot } from '../support/journey.ts';

/*
 * 一键零申报 in one step for a company (decision 032): the confirmation asks the one
 * figure a zero report cannot assume, the headcount (at least 1), fills the rest and files a
 * complete declaration: no 请填写完整内容 afterwards. At 390 px and at 320 px.
 */

async function zeroReportInOneStep(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/h5/order') calls.push(request);
  });
  const toasts: string[] = [];
  await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
  await page.evaluate(() => {
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="toast"]')) (window as unknown as { recordToast(t: string): void }).recordToast(node.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });

  await page.getByTestId('decl-zero').click();
  const zero = page.getByTestId('decl-zero-confirm');
  await expect(zero.getByTestId('decl-zero-text')).toContainText('请填写从业人数');
  const headcount = zero.getByTestId('decl-zero-headcount');
  await expect(headcount).toBeFocused();
  // Usable on the smallest phone: wide enough for a few digits, inside the screen.
  const box = (await headcount.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.width).toBeGreaterThanOrEqual(80);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await headcount.fill('2');
  await expect(headcount).toHaveValue('2');
  await snapshot(page, testInfo, `${label}-zero-confirm`);

  const filed = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/h5/order');
  await zero.getByTestId('decl-zero-submit').click();
  expect((await filed).postDataJSON()).toMatchObject({
    entity_extra: { sale_amount: '0', tax_amount: '0', total_amount: '0', total_employee: '2', female_employee: '0', insure_employee: '0' },
  });
  await expect(page.getByTestId('decl-done')).toContainText('已提交给办理专员，核对后代为报送');
  expect(calls).toHaveLength(1);
  expect(toasts.filter((text) => text.includes('请填写完整内容'))).toEqual([]);
  await snapshot(page, testInfo, `${label}-zero-filed`);
}

test('a company files its zero report in one step on a 390 px phone', async ({ page }, testInfo) => {
  expect(page.viewportSize()?.width).toBe(390);
  await payOnPhone(page, { ...claimCompany(), goodsId: 1 });
  await zeroReportInOneStep(page, testInfo, 'mobile-390');
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test('a company files its zero report in one step on the smallest phone', async ({ page }, testInfo) => {
    await payOnPhone(page, { ...claimCompany(), goodsId: 1 });
    await zeroReportInOneStep(page, testInfo, 'mobile-320');
  });
});
