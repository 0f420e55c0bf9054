import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { fillPerson, searchAndPick, VALID_ID } from '../support/journey.ts';
import { stubWeChat } from '../support/wechat.ts';

/*
 * The mini-program opened with a spent or expired mpCode (docs/decisions/009-corp-and-mini-program.md):
 * paying says the login expired, not 当前环境暂不支持此支付方式, and 重新登录 asks the host to relaunch
 * its entry page, which logs in and opens the web-view with a fresh code.
 */
test('an expired mpCode: 立即办理 says the login expired and 重新登录 relaunches the host', async ({ page }) => {
  const company = claimCompany();
  const wechat = await stubWeChat(page, { miniProgram: true });
  const creations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/h5/order') creations.push(request.url());
  });

  // The mock login refuses a code it did not issue, as WeChat refuses an expired one (40029).
  const login = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/h5/user/login');
  await page.goto('/?mpCode=expired-code');
  expect((await (await login).json()).code).not.toBe(0);
  await expect(page.getByTestId('home')).toBeVisible();

  await page.getByTestId('goods-1').click();
  await searchAndPick(page, company.name, company.name);
  await fillPerson(page, VALID_ID, company.phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await page.getByTestId('pay-now').click();

  const notice = page.getByTestId('login-expired');
  await expect(notice).toContainText('登录已过期');
  await expect(page.getByText('当前环境暂不支持此支付方式')).toHaveCount(0);
  expect(creations).toEqual([]);

  await notice.getByTestId('login-again').click();
  await expect
    .poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').map((call) => call.params))
    .toContainEqual({ name: 'reLaunch', arg: { url: '/pages/index/index' } });
});

test('a login the server no longer knows: the order\'s refusal says the login expired, with 重新登录', async ({ page }) => {
  const company = claimCompany();
  await stubWeChat(page, { miniProgram: true });
  // A token from an old session: stored, but naming no session the server has.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('kb-e2e-token-set')) {
      localStorage.setItem('token', 'z'.repeat(43));
      sessionStorage.setItem('kb-e2e-token-set', '1');
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('goods-1').click();
  await searchAndPick(page, company.name, company.name);
  await fillPerson(page, VALID_ID, company.phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/h5/order' && response.request().method() === 'POST');
  await page.getByTestId('pay-now').click();
  expect((await (await refused).json()).code).toBe(40186);
  await expect(page.getByTestId('login-expired')).toBeVisible();
  await expect(page.getByTestId('login-again')).toBeVisible();
});
