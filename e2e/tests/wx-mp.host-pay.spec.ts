import { expect, test } from '@playwright/test';
import { payThroughHost } from '../support/mini-program-host.ts';
import { stubWeChat } from '../support/wechat.ts';

test('the host mini-program: wx.login’s code opens the web-view, the hand-off is paid by the pay page’s logic, the web-view lands on the success page', async ({ page, baseURL }) => {
  const bridge = await stubWeChat(page, { miniProgram: true });
  // WeChat's client pays the prepay named by `package`: the sandbox's is prepay_id=SBX_<out_trade_no>, paid at its cashier.
  const { outcome, host, path } = await payThroughHost(page, baseURL!, bridge, async (params) => {
    const outTradeNo = /^prepay_id=SBX_(.+)$/.exec(params.package)?.[1];
    if (!outTradeNo) return false;
    const paid = await fetch(`${baseURL}/sandbox/cashier/${encodeURIComponent(outTradeNo)}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    return paid.ok;
  });
  expect(outcome.kind).toBe('paid');
  expect(host.payments).toHaveLength(1);
  expect(host.payments[0]!.package).toMatch(/^prepay_id=SBX_KB\d+P\d\d$/);
  expect(host.navigation).toEqual(['navigateBack']);
  expect(path).toBe('/success');
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText('支付成功').first()).toBeVisible();
});
