import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { FAKE_NUONUO_FILE, INVOICING_PORTS, MANUAL_URL } from '../invoicing.config.ts';
import { claimCompany, type ClaimedCompany } from '../support/companies.ts';
import { signInToConsole } from '../support/console.ts';
import { expectToast, payOnPhone } from '../support/journey.ts';

/*
 * The invoice journeys (docs/decisions/060-invoices.md, 064-nuonuo-invoicing.md): a company pays for
 * its annual report on a phone and asks for a 专用发票 on the success page; the clerk issues it on the
 * console — through 诺诺 (the fake platform checks every signature; the server polls the result), or
 * by uploading the PDF (manual) —; the SMS log shows the link and the email log the email. A refund
 * of the invoiced order goes through the red letter (红冲) first.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const { defaultBrowserType: _webkit, ...iphone } = devices['iPhone 13'];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function emailLog(port: number, to: string): Array<{ status: string; subject: string }> {
  const db = new DatabaseSync(path.join(ROOT, `data/e2e-${port}/kuaibao.sqlite`), { readOnly: true });
  try {
    return db.prepare('SELECT status, subject FROM email_log WHERE to_address = ?').all(to) as Array<{ status: string; subject: string }>;
  } finally {
    db.close();
  }
}

async function fakeRequests(): Promise<Array<{ method: string; verified: boolean; body: string }>> {
  const { url } = JSON.parse(readFileSync(path.join(ROOT, FAKE_NUONUO_FILE), 'utf8')) as { url: string };
  return (await fetch(`${url}/__fake/requests`)).json() as Promise<Array<{ method: string; verified: boolean; body: string }>>;
}

/** Pays for the company's annual report on a phone (against `origin`) and asks for a 专用发票 on the success page. */
async function payAndAskForSpecialInvoice(browser: Browser, origin: string, company: ClaimedCompany, email: string): Promise<void> {
  const phone = await browser.newContext({ ...iphone, baseURL: origin, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await phone.newPage();
  await payOnPhone(page, { ...company, goodsId: 1 });
  const card = page.getByTestId('invoice-card');
  await expect(card).toBeVisible();
  await card.getByTestId('invoice-open').click();
  await card.getByTestId('invoice-type-special').check();
  // The title and the tax number come prefilled with the company and its credit code.
  await expect(card.getByTestId('invoice-title')).toHaveValue(company.name);
  await expect(card.getByTestId('invoice-tax_number')).toHaveValue(company.creditCode);
  await card.getByTestId('invoice-email').fill(email);
  await card.getByTestId('invoice-buyer_address').fill('杭州市西湖区文三路 90 号');
  await card.getByTestId('invoice-buyer_phone').fill('0571-88888888');
  await card.getByTestId('invoice-buyer_bank').fill('招商银行杭州分行');
  await card.getByTestId('invoice-buyer_account').fill('571908888810888');
  await card.getByTestId('invoice-submit').click();
  await expectToast(page, '发票申请已提交');
  await expect(card.getByTestId('invoice-status-name')).toHaveText('待开票');
  await phone.close();
}

/** The console's 发票 list filtered to the company (its tax number), and its one row. */
async function invoiceRow(page: Page, origin: string, company: ClaimedCompany) {
  await page.goto(`${origin}/console/invoices?keyword=${company.creditCode}`);
  const rows = page.getByTestId('invoice-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  return rows.first();
}

/** Refreshes the list until the row's status reads `status` (the server's job polls the platform every second). */
async function waitForStatus(page: Page, row: ReturnType<Page['locator']>, status: string): Promise<void> {
  await expect(async () => {
    await page.getByTestId('list-refresh').click();
    await expect(row.getByTestId('invoice-status')).toHaveText(status, { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
}

/** The SMS log finds the invoice's SMS to the phone, with its link. */
async function expectInvoiceSms(page: Page, origin: string, phone: string): Promise<void> {
  await expect(async () => {
    await page.goto(`${origin}/console/sms?q=${phone}`);
    await expect(page.getByTestId('sms-table').locator('tbody tr.ant-table-row').filter({ hasText: '/invoice-file/' })).toHaveCount(1, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

test('诺诺: the clerk issues a 专用发票 through the platform, the customer gets SMS and email, and a refund goes through the 红冲', async ({ page, browser }) => {
  test.slow();
  const company = claimCompany();
  const email = `caiwu-${company.phone}@example.com`;
  await payAndAskForSpecialInvoice(browser, `http://127.0.0.1:${INVOICING_PORTS.nuonuo}`, company, email);

  await signInToConsole(page);
  const row = await invoiceRow(page, '', company);
  await expect(row.getByTestId('invoice-status')).toHaveText('待开票');
  const before = (await fakeRequests()).length;
  await row.getByTestId('invoice-platform-issue').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '开具' }).click();
  await waitForStatus(page, row, '已开票');
  await expect(row).toContainText(/\d{20}/);

  // The platform got a signed request and was polled with signed ones; the fake checked each signature.
  const calls = (await fakeRequests()).slice(before);
  const issued = calls.filter((call) => call.method === 'nuonuo.OpeMplatform.requestBillingNew');
  expect(issued).toHaveLength(1);
  expect(JSON.parse(issued[0]!.body).order).toMatchObject({ buyerName: company.name, buyerTaxNum: company.creditCode, invoiceLine: 'bs', invoiceDetail: [expect.objectContaining({ taxIncludedAmount: expect.stringMatching(/^\d+\.\d\d$/) })] });
  expect(calls.filter((call) => call.method === 'nuonuo.OpeMplatform.queryInvoiceResult').length).toBeGreaterThanOrEqual(2);
  expect(calls.every((call) => call.verified)).toBe(true);

  // The staff's copy opens as a PDF.
  const file = await page.request.get((await row.getByTestId('invoice-file').getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await expectInvoiceSms(page, '', company.phone);
  await expect.poll(() => emailLog(INVOICING_PORTS.nuonuo, email), { timeout: 30_000 }).toEqual([{ status: 'SENT', subject: expect.stringContaining(company.name) }]);

  // A refund of the invoiced order waits for the 红冲.
  const orderHref = await (await invoiceRow(page, '', company)).locator('a.mono').first().getAttribute('href');
  const orderId = Number(orderHref!.split('/').pop());
  const headers = { 'x-kb-console': '1' };
  const refund = await page.request.post(`/api/console/orders/${orderId}/refund-requests`, { headers, data: { reason: '客户不再需要' } });
  expect(refund.status(), await refund.text()).toBe(200);
  const refundId = ((await refund.json()) as { data: { id: number } }).data.id;
  const refused = await page.request.post(`/api/console/refund-requests/${refundId}/approve`, { headers, data: { note: '' } });
  expect(((await refused.json()) as { msg: string }).msg).toContain('请先红冲发票');

  const redRow = await invoiceRow(page, '', company);
  await redRow.getByTestId('invoice-red-request').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '申请红冲' }).click();
  await waitForStatus(page, redRow, '已红冲');
  expect((await fakeRequests()).some((call) => call.method === 'nuonuo.OpeMplatform.saveInvoiceRedConfirm' && call.verified)).toBe(true);

  const approved = await page.request.post(`/api/console/refund-requests/${refundId}/approve`, { headers, data: { note: '' } });
  expect(approved.status(), await approved.text()).toBe(200);
});

test('manual: the clerk uploads the PDF issued in their own tax software, and the customer gets SMS and email', async ({ page, browser }) => {
  test.slow();
  const company = claimCompany();
  const email = `caiwu-${company.phone}@example.com`;
  await payAndAskForSpecialInvoice(browser, MANUAL_URL, company, email);

  await signInToConsole(page, MANUAL_URL);
  const row = await invoiceRow(page, MANUAL_URL, company);
  // Manual: no 开具 through a platform, the upload instead.
  await expect(row.getByTestId('invoice-platform-issue')).toHaveCount(0);
  await expect(page.getByTestId('invoice-bulk-issue')).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await row.getByTestId('invoice-upload').click();
  await (await chooser).setFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expectToastConsole(page, '发票已开具，已通知客户');
  await expect(row.getByTestId('invoice-status')).toHaveText('已开票');

  await expectInvoiceSms(page, MANUAL_URL, company.phone);
  await expect.poll(() => emailLog(INVOICING_PORTS.manual, email), { timeout: 30_000 }).toEqual([{ status: 'SENT', subject: expect.stringContaining(company.name) }]);
});

/** antd's message in the console. */
async function expectToastConsole(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-message, .ant-notification').filter({ hasText: text })).toBeVisible();
}
