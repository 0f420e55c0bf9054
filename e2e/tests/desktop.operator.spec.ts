import { expect, test, type Page } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { openHome, snapshot, submitHomeForm } from '../support/journey.ts';
import { DEMO_OPERATOR, PLACEHOLDER_SERVICE, SERVICE } from '../support/lookup.ts';
import { setSiteConfig } from '../support/site-config.ts';

/*
 * The operator on a 1366 px desktop and a human within reach when the pay dialog closes unpaid
 * (docs/decisions/047-operator-before-money.md): the footer names the operator, the pay dialog that
 * covers it carries the operator's line, and the tip after closing it unpaid gives the phone as a
 * link beside the WeChat QR — or, with no usable contact, is not shown at all.
 */

const OPERATOR = { operator_name: '上海示例企业服务有限公司', operator_credit_code: '91310115MA1K4ABCDD', icp_filing: '沪ICP备20260001号-1' };

test.afterEach(async ({ baseURL }) => {
  await setSiteConfig(baseURL!, { ...DEMO_OPERATOR, service_weixin: SERVICE.link, service_phone: SERVICE.phone });
});

async function openPayDialog(page: Page) {
  await submitHomeForm(page, { ...claimCompany(), goodsId: 1 });
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-qr')).toBeVisible();
  return dialog;
}

test('the footer and the pay dialog name the operator', async ({ page, baseURL }, testInfo) => {
  await setSiteConfig(baseURL!, OPERATOR);
  await openHome(page);
  const footer = page.getByTestId('site-footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByTestId('site-operator')).toHaveText(OPERATOR.operator_name);
  await expect(footer.getByTestId('site-operator-credit-code')).toHaveText(`统一社会信用代码：${OPERATOR.operator_credit_code}`);
  await expect(footer.getByTestId('icp-filing')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(footer.getByTestId('site-service-phone').getByRole('link')).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await snapshot(page, testInfo, 'footer-desktop-1366');

  const dialog = await openPayDialog(page);
  const line = dialog.getByTestId('dialog-operator');
  await expect(line).toContainText(`服务提供方：${OPERATOR.operator_name}`);
  await expect(line).toContainText(`统一社会信用代码：${OPERATOR.operator_credit_code}`);
  await expect(line.getByRole('link', { name: OPERATOR.icp_filing })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(line.getByRole('link', { name: SERVICE.phone })).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await snapshot(page, testInfo, 'pay-dialog-operator-1366');
});

test('closing the pay dialog unpaid gives the phone as a link beside the WeChat QR', async ({ page }, testInfo) => {
  const dialog = await openPayDialog(page);
  await dialog.getByRole('button', { name: '关闭' }).click();
  const tip = page.getByTestId('service-dialog');
  await expect(tip).toBeVisible();
  await expect(tip.getByTestId('service-qr')).toHaveAttribute('data-qr-value', SERVICE.link);
  await expect(tip.getByTestId('service-phone')).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await expect(tip).not.toContainText('暂无');
  await snapshot(page, testInfo, 'pay-tip-contact-1366');
});

test('with a phone only the tip says to call it; with no usable contact it is not shown', async ({ page, baseURL }) => {
  await setSiteConfig(baseURL!, { service_weixin: PLACEHOLDER_SERVICE.link });
  let dialog = await openPayDialog(page);
  await dialog.getByRole('button', { name: '关闭' }).click();
  const tip = page.getByTestId('service-dialog');
  await expect(tip).toContainText('请拨打客服电话');
  await expect(tip.getByTestId('service-phone')).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await expect(tip).not.toContainText('暂无');
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();

  await setSiteConfig(baseURL!, { service_phone: PLACEHOLDER_SERVICE.phone });
  dialog = await openPayDialog(page);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('pay-dialog')).toHaveCount(0);
  await expect(page.getByTestId('service-dialog')).toHaveCount(0);
  await expect(page.getByTestId('home')).toBeVisible();
});
