import { expect, test } from '@playwright/test';
import { snapshot, startedUp } from '../support/journey.ts';
import { DEMO_OPERATOR, SERVICE } from '../support/lookup.ts';
import { stubWeChat } from '../support/wechat.ts';

/*
 * The official-account variant under /corp/ names the operator like every other page
 * (docs/decisions/047-operator-before-money.md): the footer under its pages clears the tab bar
 * fixed to the bottom. The e2e server runs on the seed's demo operator (e2e/support/lookup.ts).
 */

for (const path of ['/corp', '/corp/my']) {
  test(`the footer names the operator on ${path}`, async ({ page }, testInfo) => {
    await stubWeChat(page);
    await page.goto(path);
    await startedUp(page);
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByTestId('site-operator')).toHaveText(DEMO_OPERATOR.operator_name);
    await expect(footer.getByTestId('site-operator-credit-code')).toHaveText(`统一社会信用代码：${DEMO_OPERATOR.operator_credit_code}`);
    await expect(footer.getByTestId('icp-filing')).toHaveText(DEMO_OPERATOR.icp_filing);
    await expect(footer.getByTestId('site-service-phone')).toHaveText(`客服电话：${SERVICE.phone}`);
    await expect(footer).toBeInViewport();
    await snapshot(page, testInfo, `corp-footer${path.replaceAll('/', '-')}`);
  });
}
