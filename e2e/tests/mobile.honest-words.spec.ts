import { expect, test, type Page } from '@playwright/test';
import { annualReportYearToCheck, countdownToJuly } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { VALID_ID, fillPerson, openHome, searchAndPick, snapshot } from '../support/journey.ts';

/*
 * Honest words (docs/product/texts.md#legal-claims, #free-official-channels) at 320 and 390 px:
 * before a company is chosen the home states the filing window and calls nobody late; our price is
 * 代办服务费; 逾期 only when the pre-check found the report unpublished; cancellation and credit
 * repair point to their own free channels, never the annual report's; a 个体工商户 has a 经营者; the
 * 404 headline is Chinese.
 */

const WIDTHS = [320, 390] as const;
/*
 * The real clock: requests are signed with the time, so the page's clock cannot be moved. Both
 * seasons' words are pinned by the domain tests (service-notices.test.ts, pay-texts.test.ts).
 */
const countdown = () => countdownToJuly(new Date());

async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });

    test('before a company is chosen the home states the filing window and says 逾期 of nobody', async ({ page }, testInfo) => {
      await openHome(page);
      const home = page.getByTestId('home');
      await expect(page.getByTestId('page-title')).toHaveText('企业年报代办');
      await expect(home).toContainText('每年1月1日至6月30日报送上一年度年度报告');
      const banner = page.getByTestId('countdown');
      const now = countdown();
      await expect(banner.locator('strong')).toHaveText(String(now.days));
      if (now.kind === 'overdue') {
        await expect(banner).toContainText('本年度年报报送期已于6月30日结束，至今已过');
        await expect(banner).toContainText('未按时报送的，仍可补报');
      } else {
        await expect(banner).toContainText('距本年度年报报送截止（6月30日）还有');
      }
      await expect(home).not.toContainText(/逾期|年检|年审/);
      // The fines are quoted for false filing, with their article.
      await expect(page.getByTestId('explanation')).toContainText('《企业信息公示暂行条例》第十八条第二款');
      await fitsWidth(page);
      await snapshot(page, testInfo, `home-window-${width}`);
    });

    test('/pay calls our price 代办服务费, and says 逾期 only when the pre-check found the report unpublished', async ({ page }, testInfo) => {
      const company = claimCompany('soleTrader');
      const now = countdown();
      const year = annualReportYearToCheck('license_year', new Date())!;
      let unpublished = false;
      await page.route('**/api/h5/company/annual-report-check**', (route) =>
        route.fulfill({ json: { code: 0, msg: 'success', data: unpublished ? { published: false, year } : null } }),
      );
      await openHome(page);
      await page.getByTestId('goods-1').click();
      await searchAndPick(page, company.name, company.name);
      await fillPerson(page, VALID_ID, company.phone);
      await page.getByTestId('consent-checkbox').check();
      await page.getByTestId('idno-consent-checkbox').check();
      await page.getByTestId('submit').click();
      await expect(page).toHaveURL(/\/pay$/);

      const card = page.getByTestId('pay-company');
      await expect(card).toContainText('代办服务费');
      await expect(card).toContainText('¥199.00');
      await expect(page.getByTestId('pay-page')).not.toContainText(/申报金额|补报金额|支付金额/);
      // A 个体工商户 (credit code 92…) is represented by its 经营者.
      await expect(page.getByTestId('company-legal-label')).toHaveText('经营者');
      // No answer from the pre-check: nobody is called late.
      await expect(page.getByTestId('pay-countdown')).toHaveText(
        now.kind === 'overdue' ? '本年度报送期已于6月30日结束，未报送的仍可补报' : `距年报截止（6月30日）还有 ${now.days} 天`,
      );
      await expect(page.getByTestId('pay-page')).not.toContainText(/逾期/);
      await fitsWidth(page);
      await snapshot(page, testInfo, `pay-fee-${width}`);

      // Known unpublished after 30 June: now, and only now, 逾期.
      unpublished = true;
      await page.reload();
      await expect(page.getByTestId('pay-countdown')).toHaveText(
        now.kind === 'overdue' ? `未查到该企业${year}年度报告公示，已逾期 ${now.days} 天` : `距年报截止（6月30日）还有 ${now.days} 天`,
      );
    });

    test('cancellation and credit repair point to their own free channels, never the annual report\'s', async ({ page }, testInfo) => {
      await openHome(page);

      await page.getByTestId('goods-2').click();
      const marquee = page.getByTestId('marquee');
      await expect(marquee).toContainText('注销也可在当地政务服务网“企业注销”专区自行免费办理');
      await expect(marquee).toContainText('简易注销在国家企业信用信息公示系统');
      await expect(marquee).not.toContainText(/年报|年度报告/);
      const notice = page.getByTestId('honesty-notice');
      await expect(notice).toContainText('注销也可在当地政务服务网“企业注销”专区自行免费办理');
      await expect(notice).not.toContainText(/年报|年度报告/);
      await expect(page.getByTestId('danmaku')).not.toContainText(/年报|个体工商户、农民专业合作社/);
      await expect(page.getByTestId('danmaku')).toContainText('简易注销');
      await expect(page.getByTestId('explanation')).toContainText('《市场主体登记管理条例》第三十三条');
      await fitsWidth(page);
      await snapshot(page, testInfo, `home-cancellation-${width}`);

      await page.getByTestId('goods-3').click();
      await expect(marquee).toContainText('信用修复也可在国家企业信用信息公示系统');
      await expect(marquee).toContainText('“信用中国”网站');
      await expect(marquee).not.toContainText(/年报可|年度报告/);
      await expect(notice.getByTestId('official-channel-link')).toHaveCount(2);
      await expect(notice.getByTestId('official-channel-link').nth(0)).toHaveAttribute('href', 'https://www.gsxt.gov.cn');
      await expect(notice.getByTestId('official-channel-link').nth(1)).toHaveAttribute('href', 'https://www.creditchina.gov.cn');
      await expect(page.getByTestId('danmaku')).not.toContainText(/报送年报|个体工商户、农民专业合作社/);
      await fitsWidth(page);
      await snapshot(page, testInfo, `home-credit-repair-${width}`);

      // The annual report keeps the configured tips: gsxt.
      await page.getByTestId('goods-1').click();
      await expect(marquee).toContainText('企业年报可在国家企业信用信息公示系统免费自行填报');
    });

    test('the 404 headline is Chinese', async ({ page }, testInfo) => {
      await page.goto('/no-such-page');
      const notFound = page.getByTestId('not-found');
      await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
      await expect(notFound).not.toContainText(/not found/i);
      await fitsWidth(page);
      await snapshot(page, testInfo, `not-found-${width}`);
    });
  });
}
