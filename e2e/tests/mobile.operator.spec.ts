import { expect, test, type Page } from '@playwright/test';
import { openHome, snapshot, startedUp } from '../support/journey.ts';
import { DEMO_OPERATOR, PLACEHOLDER_SERVICE, SERVICE } from '../support/lookup.ts';
import { claimCompany } from '../support/companies.ts';
import { submitHomeForm } from '../support/journey.ts';
import { setSiteConfig } from '../support/site-config.ts';

/*
 * Who runs the site and placeholder contacts (decisions 036 and 047;
 * docs/product/trust-and-personal-data.md#who-we-are): the footer under every page at 320 px and
 * 390 px (legal name, 统一社会信用代码, service phone, ICP and public-security numbers), the
 * agreement naming the operator, the demo operator of the embedded default, and the entries hidden
 * while a contact is the seed's placeholder. Every test puts the config back as the other suites
 * expect it: the seed's demo operator with the suites' contact.
 */

const OPERATOR = { operator_name: '上海示例企业服务有限公司', operator_credit_code: '91310115MA1K4ABCDD', icp_filing: '沪ICP备20260001号-1', police_filing: '沪公网安备31010402001234号' };
const NO_OPERATOR = { operator_name: '', operator_credit_code: '', icp_filing: '', police_filing: '' };

test.afterEach(async ({ baseURL }) => {
  await setSiteConfig(baseURL!, { ...NO_OPERATOR, ...DEMO_OPERATOR, service_weixin: SERVICE.link, service_phone: SERVICE.phone });
});

async function expectFooter(page: Page, width: number): Promise<void> {
  const footer = page.getByTestId('site-footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toBeVisible();
  await expect(footer.getByTestId('site-operator')).toHaveText(OPERATOR.operator_name);
  await expect(footer.getByTestId('site-operator-credit-code')).toHaveText(`统一社会信用代码：${OPERATOR.operator_credit_code}`);
  await expect(footer.getByTestId('site-service-phone')).toHaveText(`客服电话：${SERVICE.phone}`);
  await expect(footer.getByTestId('site-service-phone').getByRole('link')).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await expect(footer.getByTestId('icp-filing')).toHaveText(OPERATOR.icp_filing);
  await expect(footer.getByTestId('icp-filing')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(footer.getByTestId('police-filing')).toHaveText(OPERATOR.police_filing);
  await expect(footer.getByTestId('police-filing')).toHaveAttribute('href', 'https://beian.mps.gov.cn/#/query/webSearch?code=31010402001234');
  // Inside the screen, nothing cut: no horizontal scroll at this width.
  const box = (await footer.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [320, 390]) {
  test(`the operator footer is under every page at ${width} px`, async ({ page, baseURL }, testInfo) => {
    await setSiteConfig(baseURL!, OPERATOR);
    await page.setViewportSize({ width, height: 740 });
    await openHome(page);
    await expectFooter(page, width);
    await snapshot(page, testInfo, `footer-home-${width}`);

    for (const path of ['/check', '/report', '/no-such-page']) {
      await page.goto(path);
      await startedUp(page);
      await expectFooter(page, width);
    }
    await snapshot(page, testInfo, `footer-not-found-${width}`);

    // The agreement names the operator.
    await openHome(page);
    await page.getByTestId('agreement-link').click();
    await expect(page.getByTestId('agreement-operator')).toHaveText(`服务提供方：${OPERATOR.operator_name}`);
    await expect(page.getByTestId('agreement-operator-credit-code')).toHaveText(`统一社会信用代码：${OPERATOR.operator_credit_code}`);
    await expect(page.getByTestId('agreement-operator-phone')).toHaveText(`客服电话：${SERVICE.phone}`);
    await page.getByTestId('agreement-close').click();

    // /pay, whose pay button is fixed to the bottom: the footer scrolls clear of it.
    await submitHomeForm(page, { ...claimCompany(), goodsId: 1 });
    await expect(page).toHaveURL(/\/pay$/);
    await expectFooter(page, width);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = (await page.getByTestId('icp-filing').boundingBox())!;
    const barTop = (await page.getByTestId('pay-now').boundingBox())!.y;
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(barTop + 0.5);
    await snapshot(page, testInfo, `footer-pay-${width}`);
  });
}

test('the embedded default shows the demo operator, which says it is one', async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openHome(page);
  const footer = page.getByTestId('site-footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByTestId('site-operator')).toHaveText('示例代办服务有限公司（演示）');
  await expect(footer.getByTestId('site-operator-credit-code')).toHaveText('统一社会信用代码：91110000MA00000000（演示）');
  await expect(footer.getByTestId('icp-filing')).toHaveText('京ICP备00000000号-1（演示）');
  await expect(footer.getByTestId('icp-filing')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(footer.getByTestId('site-service-phone')).toHaveText(`客服电话：${SERVICE.phone}`);
  await snapshot(page, testInfo, 'footer-demo-320');
  // With the seed's placeholder phone the demo shows it as the demo's, not as a number to call.
  await setSiteConfig(baseURL!, { service_phone: PLACEHOLDER_SERVICE.phone });
  await openHome(page);
  await expect(footer.getByTestId('site-service-phone')).toHaveText(`客服电话：${PLACEHOLDER_SERVICE.phone}（演示）`);
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(0);
});

test('no footer block while nothing is configured', async ({ page, baseURL }) => {
  await setSiteConfig(baseURL!, { ...NO_OPERATOR, service_phone: PLACEHOLDER_SERVICE.phone });
  await openHome(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
});

test('placeholder contacts are hidden, not shown as dead links', async ({ page, baseURL }, testInfo) => {
  await setSiteConfig(baseURL!, { service_weixin: PLACEHOLDER_SERVICE.link, service_phone: PLACEHOLDER_SERVICE.phone });
  await openHome(page);
  await page.getByTestId('footer-badges').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('progress-link')).toBeVisible();
  await expect(page.getByTestId('contact-link')).toHaveCount(0);
  await expect(page.getByTestId('operator-contact')).not.toContainText(PLACEHOLDER_SERVICE.phone);
  await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
  await snapshot(page, testInfo, 'placeholder-home');

  await page.goto('/check');
  await startedUp(page);
  await expect(page.getByTestId('check-submit')).toBeVisible();
  await expect(page.getByTestId('contact-agent')).toHaveCount(0);

  // A real phone with the placeholder link: the contact comes back with the phone only.
  await setSiteConfig(baseURL!, { service_phone: SERVICE.phone });
  await openHome(page);
  await page.getByTestId('contact-link').click();
  const dialog = page.getByTestId('service-dialog');
  await expect(dialog.getByTestId('service-phone')).toHaveAttribute('href', `tel:${SERVICE.phone}`);
  await expect(dialog.getByTestId('service-qr')).toHaveCount(0);
  await expect(dialog).not.toContainText('kf.example.com');
});
