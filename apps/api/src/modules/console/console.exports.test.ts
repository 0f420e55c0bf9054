import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/helper.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, createStaff, expectError, insertOrder, login, type ConsoleTestApp, type Session } from './console.test-support.ts';
import { EXPORT_BATCH_ROWS } from './export-writer.ts';

/** The lists as files (issue 17, decision 038): the filtered list, streamed, read back here. */
describe.each(availableDialects())('console exports (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  const MARK = '导出测试';

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.export', role: 'clerk' });
    await insertOrder(test, { entity_name: `${MARK}甲有限公司`, total_fee: 98850, entity_phone: '13911112222' });
    await insertOrder(test, { entity_name: `=HYPERLINK("http://x")${MARK}`, total_fee: 100 });
    await insertOrder(test, { entity_name: `${MARK}乙有限公司`, total_fee: 19900, contact_purged_at: test.clock.now.toISOString() });
    // More than one batch, so the keyset paging is crossed.
    for (let i = 0; i < EXPORT_BATCH_ROWS + 5; i++) await insertOrder(test, { entity_name: `批量${MARK}${i}有限公司`, total_fee: 1000 + i });
    await insertOrder(test, { entity_name: '不相干有限公司' });
  }, 120_000);
  afterAll(async () => {
    await test.close();
  });

  const download = (query: Record<string, string>, list = 'orders', session: Session = admin) =>
    test.app.inject({ method: 'GET', url: `/api/console/exports/${list}`, query, headers: { cookie: `kb_console=${session.cookie}` } });

  it('writes the filtered orders to an XLSX that reads back, in words, without the ID number', async () => {
    const response = await download({ format: 'xlsx', view: 'all', q: MARK });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('订单_')}`);
    const total = 3 + EXPORT_BATCH_ROWS + 5;
    expect(response.headers['x-export-rows']).toBe(String(total));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('订单')!;
    expect(sheet.rowCount).toBe(total + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['订单号', '下单时间', '付款时间', '服务', '企业名称', '统一社会信用代码', '法定代表人', '联系电话', '金额（元）', '支付方式', '支付状态', '办理状态', '处理人', '来源']);
    const rows = Array.from({ length: total }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1));
    const first = rows.find((r) => r[4] === `${MARK}甲有限公司`)!;
    expect(first).toMatchObject({ 3: '年报申报', 7: '13911112222', 8: 988.5, 9: '微信支付 · 扫码支付', 10: '已支付', 11: '待处理', 12: '未接单' });
    expect(rows.find((r) => r[4] === `${MARK}乙有限公司`)!.slice(6, 8)).toEqual(['已按期删除', '已按期删除']);
    // A name that would be a formula is text.
    expect(rows.some((r) => r[4] === `'=HYPERLINK("http://x")${MARK}`)).toBe(true);
    expect(rows.some((r) => r[4] === '不相干有限公司')).toBe(false);
    // Every order once (keyset batches neither skip nor repeat), newest first.
    expect(new Set(rows.map((r) => r[0])).size).toBe(total);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('11010519491231002X');
    expect(text).not.toMatch(/native|weixin|sandbox/);

    const audit = (await auditRows(test, 'data.export')).at(-1)!;
    expect(audit).toMatchObject({ staff_id: admin.staffId, target_type: 'export', target_id: 'orders' });
    expect(JSON.parse(audit.after!)).toMatchObject({ format: 'xlsx', rows: total, filters: { view: 'all', q: MARK } });
  });

  it('writes CSV with a BOM, quoted fields and the same rows', async () => {
    const response = await download({ format: 'csv', view: 'all', q: `${MARK}甲` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = response.body;
    expect(text.startsWith('\uFEFF订单号,下单时间')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${MARK}甲有限公司`);
    expect(lines[1]).toContain(',988.5,');
    const quoted = await download({ format: 'csv', view: 'all', q: 'HYPERLINK' });
    expect(quoted.body).toContain(`"'=HYPERLINK(""http://x"")${MARK}"`);
  });

  it('exports refunds, SMS and the audit log the same way', async () => {
    for (const list of ['refunds', 'sms', 'audit']) {
      const response = await download({ format: 'csv', from: '2020-01-01' }, list);
      expect(response.statusCode, `${list}: ${response.body.slice(0, 200)}`).toBe(200);
      const lines = response.body.trim().split('\r\n');
      expect(lines.length - 1).toBe(Number(response.headers['x-export-rows']));
    }
    const audit = await download({ format: 'csv', action: 'data.export' }, 'audit');
    expect(audit.body).toContain('导出数据');
    expect(audit.body).toContain('文件格式：xlsx');
  });

  it('is for admins only, and checks the filters like the list does', async () => {
    expectError(await download({ format: 'xlsx' }, 'orders', clerk), 'CONSOLE_FORBIDDEN');
    expectError(await download({ format: 'xlsx', sort: 'entity_phone_asc' }), 'VALIDATION_FAILED');
    expectError(await download({ format: 'xlsx' }, 'staff'), 'VALIDATION_FAILED');
    expect((await test.app.inject({ method: 'GET', url: '/api/console/exports/orders' })).statusCode).toBe(401);
  });
});
