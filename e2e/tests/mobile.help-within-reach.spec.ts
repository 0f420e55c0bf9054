import { expect, test } from '@playwright/test';
import { GUARANTEE_BADGES } from '@kuaibao/domain';
import { openHome } from '../support/journey.ts';

/*
 * Where a visitor could get stuck on the home: a company search with no match, and the footer's
 * guarantee badges. Each says what to do next, with the contact right there
 * (docs/product/company-search.md#no-match, docs/product/texts.md#guarantee-badges).
 */

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test('a company not found says how to search and offers the contact', async ({ page }) => {
      await openHome(page);
      await page.getByTestId('company-input').fill('查无此企业名称甲乙丙');
      await page.getByTestId('company-search').click();
      const help = page.getByTestId('company-not-found');
      await expect(help).toContainText('未找到“查无此企业名称甲乙丙”相关企业');
      // Brought into view below the long form.
      await expect(help).toBeInViewport();
      // The search matches names only: said honestly, with the way from a credit code to the name.
      await expect(help).toContainText('不支持直接输入统一社会信用代码');
      await expect(help.getByRole('link', { name: 'https://www.gsxt.gov.cn' })).toHaveAttribute('href', 'https://www.gsxt.gov.cn');
      const box = await help.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      // The contact, a 44 px target, opens the service dialog.
      const contact = help.getByTestId('company-not-found-contact');
      expect((await contact.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await contact.click();
      await expect(page.getByTestId('service-dialog')).toBeVisible();
    });

    test('each guarantee badge opens what it means and how to claim it, with the contact', async ({ page }) => {
      await openHome(page);
      const badges = page.getByTestId('guarantee-badge');
      await expect(badges).toHaveText(GUARANTEE_BADGES.map((badge) => badge.label));
      await expect(page.getByTestId('footer-badges')).not.toContainText('虚假赔付');
      for (const [index, badge] of GUARANTEE_BADGES.entries()) {
        const target = badges.nth(index);
        await target.scrollIntoViewIfNeeded();
        expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        await target.click();
        const dialog = page.getByTestId('guarantee-dialog');
        await expect(dialog.getByRole('heading')).toHaveText(badge.label);
        await expect(dialog.getByTestId('guarantee-meaning')).toHaveText(badge.meaning);
        await expect(dialog.getByTestId('guarantee-claim')).toContainText(badge.claim);
        await expect(dialog.getByTestId('guarantee-contact')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      // The refund badge leads to the form, where 申请退款 is a type.
      await badges.nth(1).click();
      await page.getByTestId('guarantee-report').click();
      await expect(page).toHaveURL(/\/report$/);
      await expect(page.getByRole('radio', { name: '申请退款' })).toBeAttached();
    });
  });
}
