import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { CONSOLE_ORDER_SORTS, type ConsoleOrderListItem, type ConsoleRefundRequest, type ConsolePage } from '@kuaibao/domain';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type ConsoleTestApp, type Session } from './console.test-support.ts';
import { EXPORT_BATCH_ROWS } from './export-writer.ts';

/** The lists as files (decision 038): the filtered list, streamed, read back here. */
describeDialects('console exports (%s)', (dialect) => {
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
    await insertOrder(test, { entity_name: '修复记录测试有限公司', goods_type: 'credit_repair', credit_record: 'serious_violation' });
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
    expect(header).toEqual([
      '订单号', '下单时间', '付款时间', '服务', '修复记录', '企业名称', '统一社会信用代码', '法定代表人', '联系电话', '金额（元）', '支付方式', '支付交易号', '通道手续费（元）',
      '支付状态', '退款金额（元）', '退款时间', '办理状态', '处理人', '首次通话时间', '完成时间', '来源',
    ]);
    const rows = Array.from({ length: total }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1));
    const first = rows.find((r) => r[5] === `${MARK}甲有限公司`)!;
    // An annual report repairs no record: its 修复记录 cell is empty.
    expect(first[4] ?? '').toBe('');
    expect(first).toMatchObject({ 3: '年报申报', 8: '13911112222', 9: 988.5, 10: '微信支付 · 扫码支付', 13: '已支付', 16: '待处理', 17: '未接单' });
    expect(rows.find((r) => r[5] === `${MARK}乙有限公司`)!.slice(7, 9)).toEqual(['已按期删除', '已按期删除']);
    // A name that would be a formula is text.
    expect(rows.some((r) => r[5] === `'=HYPERLINK("http://x")${MARK}`)).toBe(true);
    expect(rows.some((r) => r[5] === '不相干有限公司')).toBe(false);
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
    // Amounts with two decimals (decision 061), as the XLSX shows them.
    expect(lines[1]).toContain(',988.50,');
    const quoted = await download({ format: 'csv', view: 'all', q: 'HYPERLINK' });
    expect(quoted.body).toContain(`"'=HYPERLINK(""http://x"")${MARK}"`);
  });

  it('names the record a 信用修复 order repairs, in words', async () => {
    const response = await download({ format: 'csv', view: 'all', q: '修复记录测试' });
    const [header, row] = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const column = header!.split(',').indexOf('修复记录');
    expect(column).toBeGreaterThan(0);
    expect(row!.split(',')[column]).toBe('严重违法失信名单');
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
    expect(audit.body).toContain('文件格式：Excel 表格（xlsx）');
  });

  it('lists exports in the audit export by the list name, with the filters in words (not `refunds`, not JSON)', async () => {
    await download({ format: 'csv', from: '2020-01-01', status: 'PENDING' }, 'refunds');
    const audit = await download({ format: 'csv', action: 'data.export' }, 'audit');
    const rows = audit.body.trim().split('\r\n').slice(1);
    const refunds = rows.find((row) => row.includes('导出：退款申请'));
    expect(refunds, audit.body.slice(0, 600)).toBeDefined();
    expect(refunds).toContain('筛选条件：状态 待审批，开始日期 2020-01-01');
    expect(refunds).toContain('文件格式：CSV 文件');
    for (const row of rows) {
      const cells = row.split(',');
      expect(cells).not.toContain('refunds');
      expect(cells).not.toContain('audit');
      expect(row).not.toMatch(/[{}]|\d{4}-\d{2}-\d{2}T\d/);
    }
  });

  /** The rows of a list in the order it shows them, page after page. */
  async function listed<T>(path: string, query: Record<string, string>): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = dataOf<ConsolePage<T>>(await caller(test, admin)('GET', path, undefined, { query: { ...query, page: String(page), page_size: '100' } }));
      rows.push(...items);
      if (rows.length >= total || items.length === 0) return rows;
    }
  }
  const csvFirstColumn = (body: string) =>
    body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);

  it('writes the orders in the order the list shows them, for every sort, across batches', async () => {
    // All these orders were paid at the same instant: the pay-time sorts break ties on the id across the batch boundary.
    for (const sort of [undefined, ...CONSOLE_ORDER_SORTS]) {
      const query = { view: 'all', q: MARK, ...(sort ? { sort } : {}) };
      const shown = (await listed<ConsoleOrderListItem>('/api/console/orders', query)).map((o) => o.out_trade_no);
      const response = await download({ format: 'csv', ...query });
      expect(response.statusCode).toBe(200);
      expect(shown).toHaveLength(3 + EXPORT_BATCH_ROWS + 5);
      expect(csvFirstColumn(response.body), `sort ${sort ?? '(default)'}`).toEqual(shown);
    }
  }, 120_000);

  it('writes the time-based lists in the list’s order, oldest first when asked', async () => {
    const db = test.database.db;
    for (const [reason, minute] of [
      ['先申请', 1],
      ['再申请', 2],
      ['后申请', 3],
    ] as const) {
      const orderId = await insertOrder(test, { entity_name: `退款顺序${reason}` });
      const at = new Date(Date.UTC(2026, 2, 1, 8, minute)).toISOString();
      await db.insertInto('refund_requests').values({ order_id: orderId, reason, requested_by: clerk.staffId, requested_by_name: '导出专员', created_at: at, updated_at: at }).execute();
    }
    for (const sort of ['created_at_asc', 'created_at_desc']) {
      const shown = (await listed<ConsoleRefundRequest>('/api/console/refund-requests', { sort })).map((r) => r.reason);
      const response = await download({ format: 'csv', sort }, 'refunds');
      const reasons = response.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[4]);
      expect(shown).toEqual(sort === 'created_at_asc' ? ['先申请', '再申请', '后申请'] : ['后申请', '再申请', '先申请']);
      expect(reasons).toEqual(shown);
    }
  });

  /**
   * An accountant's order (decision 061): an all-digit credit code and a phone, paid, called,
   * completed and refunded, with its transaction number and the bill's fee; and an unpaid order.
   */
  let accountants: { orderNo: string } | undefined;
  async function accountantsOrders(): Promise<{ orderNo: string }> {
    if (accountants) return accountants;
    const db = test.database.db;
    const orderId = await insertOrder(test, {
      entity_name: '会计核对有限公司',
      entity_id: '914403001457799086',
      entity_phone: '13800001111',
      total_fee: 19900,
      status: '4',
      process_status: '2',
      process_status_name: '已完成',
      pay_time: '2026-03-01T02:30:00.000Z',
      first_call_time: '2026-03-01T03:05:00.000Z',
    });
    await insertOrder(test, { entity_name: '会计核对未付款有限公司', status: '1' });
    const order = await db.selectFrom('orders').select('out_trade_no').where('id', '=', orderId).executeTakeFirstOrThrow();
    const outTradeNo = `${order.out_trade_no}P01`;
    const attempt = await db
      .insertInto('payment_attempts')
      .values({ order_id: orderId, provider: 'wechatpay', pay_type: 'weixin', pay_source: 'native', out_trade_no: outTradeNo, amount_fen: 19900, status: 'PAID', provider_txn_id: '4200001234567890123', expires_at: '2026-03-01T04:00:00.000Z', created_at: '2026-03-01T02:29:00.000Z', paid_at: '2026-03-01T02:30:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('refunds')
      .values({ order_id: orderId, attempt_id: attempt.id, provider: 'wechatpay', out_trade_no: outTradeNo, out_refund_no: `R${outTradeNo}`, amount_fen: 19900, total_fen: 19900, purpose: 'ORDER', status: 'SUCCESS', provider_refund_id: '5030001', last_error: null, next_query_at: null, created_at: '2026-03-03T05:59:00.000Z', updated_at: '2026-03-03T06:00:00.000Z', succeeded_at: '2026-03-03T06:00:00.000Z' })
      .execute();
    await db.insertInto('order_status_history').values({ order_id: orderId, from_process_status: '4', to_process_status: '2', process_status_name: '已完成', staff_id: null, created_at: '2026-03-02T01:00:00.000Z' }).execute();
    // The bills named the payment (fee 1.19) and the refund (0.19 of it returned).
    for (const [date, kind, fee] of [['2026-03-01', 'payment', 119], ['2026-03-03', 'refund', -19]] as const) {
      const run = await db.insertInto('reconciliation_runs').values({ provider: 'wechatpay', bill_date: date, status: 'DONE', started_at: '2026-03-04T02:00:00.000Z' }).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('reconciliation_bill_lines')
        .values({ run_id: run.id, line_kind: kind, out_trade_no: outTradeNo, out_refund_no: kind === 'refund' ? `R${outTradeNo}` : null, provider_txn_id: '4200001234567890123', amount_fen: 19900, fee_fen: fee })
        .execute();
    }
    accountants = { orderNo: order.out_trade_no };
    return accountants;
  }

  it('writes an XLSX an accountant can use: text codes, Beijing date cells, amounts 0.00, a frozen header with a filter, the money columns', async () => {
    const { orderNo } = await accountantsOrders();
    const response = await download({ format: 'xlsx', view: 'all', q: orderNo });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('订单')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cell = (name: string) => sheet.getRow(2).getCell(headers.indexOf(name) + 1);
    expect(sheet.rowCount).toBe(2);

    expect(cell('统一社会信用代码').type).toBe(ExcelJS.ValueType.String);
    expect(cell('统一社会信用代码').value).toBe('914403001457799086');
    expect(cell('联系电话').type).toBe(ExcelJS.ValueType.String);
    expect(cell('联系电话').value).toBe('13800001111');
    expect(cell('支付交易号').value).toBe('4200001234567890123');
    // Dates are date cells in Beijing time: 02:30 UTC is 10:30 in Beijing.
    expect(cell('付款时间').type).toBe(ExcelJS.ValueType.Date);
    expect(cell('付款时间').value).toEqual(new Date('2026-03-01T10:30:00.000Z'));
    expect(cell('付款时间').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cell('首次通话时间').value).toEqual(new Date('2026-03-01T11:05:00.000Z'));
    expect(cell('完成时间').value).toEqual(new Date('2026-03-02T09:00:00.000Z'));
    expect(cell('退款时间').value).toEqual(new Date('2026-03-03T14:00:00.000Z'));
    // Amounts are numbers formatted 0.00.
    expect(cell('金额（元）').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('金额（元）').value).toBe(199);
    expect(cell('金额（元）').numFmt).toBe('0.00');
    expect(cell('退款金额（元）').value).toBe(199);
    expect(cell('退款金额（元）').numFmt).toBe('0.00');
    // The fee the bills charged, less what the refund returned.
    expect(cell('通道手续费（元）').value).toBe(1);
    expect(cell('通道手续费（元）').numFmt).toBe('0.00');
    // The header stays in view and carries the filter.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(JSON.stringify(sheet.autoFilter)).toContain('A1');
  });

  it('writes CSV an accountant can open: digit codes in the text-forcing form, Beijing times, amounts 0.00', async () => {
    const { orderNo } = await accountantsOrders();
    const response = await download({ format: 'csv', view: 'all', q: orderNo });
    const [header, row] = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toContain('支付交易号,通道手续费（元）');
    expect(row).toContain(',"=""914403001457799086""",');
    expect(row).toContain(',"=""13800001111""",');
    expect(row).toContain(',"=""4200001234567890123""",1.00,');
    expect(row).toContain(',2026-03-01 10:30:00,');
    expect(row).toContain(',199.00,');
    expect(row).toContain(',2026-03-03 14:00:00,');
    // Formula injection is still refused: a name starting with = keeps its apostrophe, never the ="…" form.
    const injected = await download({ format: 'csv', view: 'all', q: 'HYPERLINK' });
    expect(injected.body).toContain(`"'=HYPERLINK(""http://x"")${MARK}"`);
  });

  it('leaves unpaid orders out of 全部订单 and its export unless asked for', async () => {
    await accountantsOrders();
    const names = async (query: Record<string, string>) => (await listed<ConsoleOrderListItem>('/api/console/orders', { view: 'all', q: '会计核对未付款', ...query })).map((o) => o.entity_name);
    expect(await names({})).toEqual([]);
    expect(await names({ include_unpaid: '1' })).toContain('会计核对未付款有限公司');
    expect(await names({ status: '1' })).toContain('会计核对未付款有限公司');
    const csv = async (query: Record<string, string>) => (await download({ format: 'csv', view: 'all', q: '会计核对未付款', ...query })).body;
    expect(await csv({})).not.toContain('会计核对未付款有限公司');
    expect(await csv({ include_unpaid: '1' })).toContain('会计核对未付款有限公司');
  });

  it('is for admins only, and checks the filters like the list does', async () => {
    expectError(await download({ format: 'xlsx' }, 'orders', clerk), 'CONSOLE_FORBIDDEN');
    expectError(await download({ format: 'xlsx', sort: 'entity_phone_asc' }), 'VALIDATION_FAILED');
    expectError(await download({ format: 'xlsx' }, 'staff'), 'VALIDATION_FAILED');
    expect((await test.app.inject({ method: 'GET', url: '/api/console/exports/orders' })).statusCode).toBe(401);
  });
});
