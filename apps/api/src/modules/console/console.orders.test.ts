import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annualReportYearToCheck, orderPrecheckText, CALL_PROMISE_MS, SCREENSHOT_MAX_PER_ORDER, type ConsoleOrderCounts, type ConsoleOrderDetail, type ConsoleOrderListItem, type ConsolePage, type OrderRecord } from '@kuaibao/domain';
import { envelopeOf, signedInject } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { PUBLISHED_REPORT_DEMO_COMPANIES, demoPublishDate } from '../../seed/seed.ts';
import {
  ADMIN_PASSWORD,
  PNG_BYTES,
  auditRows,
  buildConsoleTestApp,
  caller,
  createStaff,
  dataOf,
  expectError,
  insertOrder,
  login,
  multipartBody,
  placeAndPay,
  type Call,
  type ConsoleTestApp,
  type Session,
} from './console.test-support.ts';

describeDialects('working orders in the console (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let other: Session;
  let asAdmin: Call;
  let asClerk: Call;
  let asOther: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.li', role: 'clerk', display_name: '李专员' });
    other = await createStaff(test, admin, { username: 'clerk.wu', role: 'clerk', display_name: '吴专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asOther = caller(test, other);
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async (call: Call, query: Record<string, string>) => dataOf<ConsolePage<ConsoleOrderListItem>>(await call('GET', '/api/console/orders', undefined, { query }));
  const upload = (session: Session, orderId: number, content: Buffer, filename = 'done.png', type = 'image/png') => {
    const { payload, headers } = multipartBody(content, filename, type);
    return test.app.inject({ method: 'POST', url: `/api/console/orders/${orderId}/files`, payload, headers: { ...headers, cookie: `kb_console=${session.cookie}`, 'x-kb-console': '1' } });
  };

  describe('the queue', () => {
    let ids: { fresh: number; overdue: number; unpaid: number; handling: number; done: number };
    beforeAll(async () => {
      const now = test.clock.now.getTime();
      const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000).toISOString();
      ids = {
        fresh: await insertOrder(test, { pay_time: at(1), entity_name: '上海寻梦信息技术有限公司', entity_phone: '13900001111' }),
        overdue: await insertOrder(test, { pay_time: at(30), entity_name: '杭州阿里巴巴网络科技有限公司', entity_id: '91330100799655058B' }),
        unpaid: await insertOrder(test, { status: '1', entity_name: '深圳未付科技有限公司' }),
        handling: await insertOrder(test, { pay_time: at(5), process_status: '4', admin_id: clerk.staffId, admin_name: '李专员', goods_type: 'credit_repair', goods_name: '信用修复代办', goods_id: 3 }),
        done: await insertOrder(test, { pay_time: at(50), process_status: '2' }),
      };
    });

    it('shows new paid orders oldest payment first, with the overdue one flagged', async () => {
      const page = await list(asClerk, { view: 'new' });
      const mine = page.items.filter((o) => Object.values(ids).includes(o.id));
      expect(mine.map((o) => o.id)).toEqual([ids.overdue, ids.fresh]);
      expect(mine.map((o) => o.overdue)).toEqual([true, false]);
      const overdue = await list(asClerk, { view: 'overdue' });
      expect(overdue.items.map((o) => o.id)).toContain(ids.overdue);
      expect(overdue.items.map((o) => o.id)).not.toContain(ids.fresh);
    });

    it('counts new paid and overdue orders at a glance', async () => {
      const counts = dataOf<ConsoleOrderCounts>(await asClerk('GET', '/api/console/orders/counts'));
      expect(counts.new_paid).toBeGreaterThanOrEqual(2);
      expect(counts.overdue).toBeGreaterThanOrEqual(1);
      expect(counts.mine_open).toBe(1);
    });

    it('filters by goods type, payment and process status, handler and dates', async () => {
      expect((await list(asClerk, { goods_type: 'credit_repair' })).items.map((o) => o.id)).toEqual([ids.handling]);
      expect((await list(asClerk, { status: '1' })).items.map((o) => o.id)).toContain(ids.unpaid);
      expect((await list(asClerk, { process_status: '2' })).items.map((o) => o.id)).toEqual([ids.done]);
      expect((await list(asClerk, { handler: String(clerk.staffId) })).items.map((o) => o.id)).toEqual([ids.handling]);
      expect((await list(asClerk, { view: 'mine' })).items.map((o) => o.id)).toEqual([ids.handling]);
      const today = new Date(test.clock.now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      const paidToday = await list(asClerk, { date_field: 'pay', from: '2000-01-01', to: today });
      expect(paidToday.items.map((o) => o.id)).toEqual(expect.arrayContaining([ids.fresh, ids.overdue, ids.handling, ids.done]));
      expect(paidToday.items.map((o) => o.id)).not.toContain(ids.unpaid);
      expect((await list(asClerk, { date_field: 'pay', from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
      expectError(await asClerk('GET', '/api/console/orders', undefined, { query: { from: '2026-02-01', to: '2026-01-01' } }), 'CONSOLE_DATE_RANGE_INVALID');
      expectError(await asClerk('GET', '/api/console/orders', undefined, { query: { page_size: '500' } }), 'VALIDATION_FAILED');
    });

    it('finds orders by company name, credit code, phone, phone digits and order number', async () => {
      const order = await test.database.db.selectFrom('orders').select('out_trade_no').where('id', '=', ids.overdue).executeTakeFirstOrThrow();
      expect((await list(asClerk, { q: '阿里巴巴' })).items.map((o) => o.id)).toEqual([ids.overdue]);
      expect((await list(asClerk, { q: '91330100799655058B' })).items.map((o) => o.id)).toEqual([ids.overdue]);
      expect((await list(asClerk, { q: '13900001111' })).items.map((o) => o.id)).toEqual([ids.fresh]);
      expect((await list(asClerk, { q: '0001111' })).items.map((o) => o.id)).toEqual([ids.fresh]);
      expect((await list(asClerk, { q: order.out_trade_no })).items.map((o) => o.id)).toEqual([ids.overdue]);
      expect((await list(asClerk, { q: order.out_trade_no.toLowerCase() })).items.map((o) => o.id)).toEqual([ids.overdue]);
      // Wildcards are characters, not patterns.
      expect((await list(asClerk, { q: '%' })).total).toBe(0);
      expect((await list(asClerk, { q: '_' })).total).toBe(0);
    });

    it('pages without overlap', async () => {
      const first = await list(asClerk, { page_size: '2', page: '1' });
      const second = await list(asClerk, { page_size: '2', page: '2' });
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(second.total);
      expect(first.items.map((o) => o.id).filter((id) => second.items.some((o) => o.id === id))).toEqual([]);
    });
  });

  it('shows on the order the annual-report pre-check the visitor was shown (decision 023)', async () => {
    const demo = PUBLISHED_REPORT_DEMO_COMPANIES[1]!;
    const year = annualReportYearToCheck('license_year', test.clock.now)!;
    const { orderId } = await placeAndPay(test, { entity_name: demo.name, entity_id: demo.credit_code, entity_legal: '张静英', precheck_continued: true });
    const detail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${orderId}`));
    expect(detail.precheck).toEqual({ result: 'published', year, publishDate: demoPublishDate(test.clock.now), continued: true });
    expect(orderPrecheckText(detail.precheck!)).toMatch(new RegExp(`^下单前核查：${year}年度报告已于\\d{4}年\\d{1,2}月\\d{1,2}日公示，客户确认继续办理$`));
    // A cancellation is never pre-checked.
    const cancellation = await insertOrder(test, { goods_type: 'license_destory', goods_name: '注销代办', goods_id: 2 });
    expect(dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${cancellation}`)).precheck).toBeNull();
  });

  describe('handling an order from payment to completion', () => {
    let order: { publicId: string; orderId: number; editKey: string };
    beforeAll(async () => {
      order = await placeAndPay(test, { entity_phone: '13712345678' });
    });

    it('shows every field with the ID number masked, payment attempts and provider events', async () => {
      const detail = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${order.orderId}`));
      expect(detail).toMatchObject({ id: order.orderId, public_id: order.publicId, status: '2', process_status: '1', entity_idno: '110***********002X', has_idno: true, entity_phone: '13712345678' });
      expect(JSON.stringify(detail)).not.toContain('11010519491231002X');
      expect(detail.attempts).toHaveLength(1);
      expect(detail.attempts[0]).toMatchObject({ status: 'PAID', provider: 'sandbox' });
      expect(detail.provider_events.length).toBeGreaterThanOrEqual(1);
      expect(detail.provider_events[0]).toMatchObject({ verified: true, result: 'APPLIED' });
      expectError(await asClerk('GET', '/api/console/orders/999999'), 'ORDER_NOT_FOUND');
      expectError(await asClerk('GET', '/api/console/orders/abc'), 'VALIDATION_FAILED');
    });

    it('reveals the full ID number only on request, and audits it without the number', async () => {
      // Not yet the clerk's order: an admin's reveal (who may reveal what: console.id-reveal.test.ts).
      const revealed = dataOf<{ entity_idno: string }>(await asAdmin('POST', `/api/console/orders/${order.orderId}/reveal-id`, { reason: '办理需要' }));
      expect(revealed.entity_idno).toBe('11010519491231002X');
      const rows = await auditRows(test, 'order.reveal_id', order.orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ staff_id: admin.staffId, target_type: 'order' });
      expect(JSON.stringify(rows[0])).not.toContain('11010519491231002X');
    });

    it('must be taken before it is handled, and only once', async () => {
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4' }), 'CONSOLE_ORDER_NOT_TAKEN');
      const taken = dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${order.orderId}/take`, {}));
      expect(taken).toMatchObject({ admin_id: clerk.staffId, admin_name: '李专员' });
      const rows = await auditRows(test, 'order.take', order.orderId);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.before!)).toMatchObject({ admin_id: null });
      expect(JSON.parse(rows[0]!.after!)).toMatchObject({ admin_id: clerk.staffId, admin_name: '李专员' });
      // Taking it again is a no-op; another clerk cannot take it over, even by force.
      dataOf(await asClerk('POST', `/api/console/orders/${order.orderId}/take`, {}));
      expect(await auditRows(test, 'order.take', order.orderId)).toHaveLength(1);
      expectError(await asOther('POST', `/api/console/orders/${order.orderId}/take`, {}), 'CONSOLE_ORDER_TAKEN_BY_OTHER');
      expectError(await asOther('POST', `/api/console/orders/${order.orderId}/take`, { force: true }), 'CONSOLE_FORBIDDEN');
      expectError(await asOther('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4' }), 'CONSOLE_ORDER_TAKEN_BY_OTHER');
    });

    it('moves through processing and waiting for the customer, with history and audit', async () => {
      const processing = dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4' }));
      expect(processing).toMatchObject({ process_status: '4', process_status_name: '处理中' });
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '3' }), 'CONSOLE_NOTE_REQUIRED');
      // The mover asking again (a double click) is answered as done, with nothing written (history below); anyone else is refused.
      expect((await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4' })).statusCode).toBe(200);
      expectError(await asAdmin('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4' }), 'CONSOLE_STATUS_TRANSITION_INVALID');
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '9' }), 'VALIDATION_FAILED');
      const waiting = dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '3', note: '请客户提供上年度财务数据' }));
      expect(waiting.history.map((h) => [h.from_process_status, h.to_process_status, h.note])).toEqual([
        ['1', '4', ''],
        ['4', '3', '请客户提供上年度财务数据'],
      ]);
      expect(waiting.history[1]!.staff_name).toBe('李专员');
      const audit = await auditRows(test, 'order.process_status', order.orderId);
      expect(audit).toHaveLength(2);
      expect(JSON.parse(audit[1]!.before!)).toMatchObject({ process_status: '4' });
      expect(JSON.parse(audit[1]!.after!)).toMatchObject({ process_status: '3', note: '请客户提供上年度财务数据' });
      // The visitor sees the server's name for it.
      const visitor = envelopeOf<OrderRecord>(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: order.publicId, key: order.editKey } })).data;
      expect(visitor).toMatchObject({ process_status: '3', process_status_name: '待客户补充', admin_name: '李专员' });
    });

    it('keeps internal notes, audited', async () => {
      const detail = dataOf<ConsoleOrderDetail>(await asOther('POST', `/api/console/orders/${order.orderId}/notes`, { content: '客户下午三点后方便接电话' }));
      expect(detail.notes[0]).toMatchObject({ staff_name: '吴专员', content: '客户下午三点后方便接电话' });
      expectError(await asOther('POST', `/api/console/orders/${order.orderId}/notes`, { content: '   ' }), 'VALIDATION_FAILED');
      const rows = await auditRows(test, 'order.note', order.orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.after).toContain('客户下午三点后方便接电话');
    });

    it('accepts PNG and JPEG screenshots by their bytes, and refuses anything else', async () => {
      const png = await upload(clerk, order.orderId, PNG_BYTES);
      expect(png.statusCode, png.body).toBe(200);
      const file = (png.json() as { data: { id: number; url: string } }).data;
      expect(file.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
      const served = await test.app.inject({ method: 'GET', url: file.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
      const upload1 = await auditRows(test, 'order.file_upload', order.orderId);
      expect(upload1).toHaveLength(1);
      expect(upload1[0]!.after).toContain(file.url);

      const jpeg = await upload(clerk, order.orderId, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), PNG_BYTES.subarray(8)]), 'photo.jpg', 'image/jpeg');
      expect(jpeg.statusCode, jpeg.body).toBe(200);
      expect((jpeg.json() as { data: { url: string } }).data.url).toMatch(/\.jpg$/);

      // An SVG (script-capable) or a GIF named .png is refused; so is an empty part and a huge file.
      expectError(await upload(clerk, order.orderId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png', 'image/png'), 'CONSOLE_UPLOAD_TYPE_INVALID');
      expectError(await upload(clerk, order.orderId, Buffer.from('GIF89a....'), 'x.png', 'image/png'), 'CONSOLE_UPLOAD_TYPE_INVALID');
      expectError(await upload(clerk, order.orderId, Buffer.alloc(0)), 'CONSOLE_UPLOAD_MISSING');
      expectError(await upload(clerk, order.orderId, Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)])), 'CONSOLE_UPLOAD_TOO_LARGE');
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/files`, { file: 'x' }), 'CONSOLE_UPLOAD_MISSING');
      // Another clerk cannot add files to an order that is not theirs.
      expectError(await upload(other, order.orderId, PNG_BYTES), 'CONSOLE_ORDER_TAKEN_BY_OTHER');
      expect(await test.database.db.selectFrom('order_files').select('id').where('order_id', '=', order.orderId).execute()).toHaveLength(2);
    });

    it('removes a wrong screenshot from the order and from storage, audited', async () => {
      const detail = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${order.orderId}`));
      const jpeg = detail.files.find((f) => f.url.endsWith('.jpg'))!;
      dataOf(await asClerk('DELETE', `/api/console/orders/${order.orderId}/files/${jpeg.id}`));
      expect((await test.app.inject({ method: 'GET', url: jpeg.url })).statusCode).toBe(404);
      expect(await auditRows(test, 'order.file_delete', order.orderId)).toHaveLength(1);
      expectError(await asClerk('DELETE', `/api/console/orders/${order.orderId}/files/${jpeg.id}`), 'CONSOLE_FILE_NOT_FOUND');
    });

    it('completes: the visitor sees process status 2 with the screenshot, and the completion SMS is queued once', async () => {
      // An annual report whose figures the customer never filed completes only on explicit confirmation (audited).
      expect(dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${order.orderId}`))).toMatchObject({ goods_type: 'license_year', entity_extra: null });
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '2' }), 'CONSOLE_DECLARATION_MISSING');
      const done = dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '2', confirm_without_declaration: true }));
      expect(JSON.parse((await auditRows(test, 'order.process_status', order.orderId)).at(-1)!.after!)).toMatchObject({ process_status: '2', confirmed_without_declaration: true });
      expect(done).toMatchObject({ process_status: '2', process_status_name: '已完成' });
      const visitor = envelopeOf<OrderRecord>(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: order.publicId, key: order.editKey } })).data;
      expect(visitor.process_status).toBe('2');
      expect(visitor.files).toHaveLength(1);
      expect(visitor.files[0]!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
      const outbox = await test.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'sms.order_completed').execute();
      expect(outbox).toHaveLength(1);
      expect(JSON.parse(outbox[0]!.payload)).toEqual({ orderId: order.orderId, phone: '13712345678' });
    });

    it('reopens a completed order only with a reason, and never an ended one', async () => {
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4' }), 'CONSOLE_NOTE_REQUIRED');
      dataOf(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4', note: '公示信息有误，重新提交' }));
      dataOf(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '5', note: '客户撤回委托' }));
      expectError(await asClerk('POST', `/api/console/orders/${order.orderId}/process-status`, { process_status: '4', note: 'x' }), 'CONSOLE_STATUS_TRANSITION_INVALID');
    });
  });

  it('lets an admin take over an order by force, audited as a reassignment', async () => {
    const id = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '李专员' });
    expectError(await asAdmin('POST', `/api/console/orders/${id}/take`, {}), 'CONSOLE_ORDER_TAKEN_BY_OTHER');
    expect(dataOf<ConsoleOrderDetail>(await asAdmin('POST', `/api/console/orders/${id}/take`, { force: true }))).toMatchObject({ admin_id: admin.staffId, admin_name: '管理员' });
    expect(await auditRows(test, 'order.reassign', id)).toHaveLength(1);
  });

  it('completes an annual report with filed figures without asking, and other services too', async () => {
    const figures = { sale_amount: '12.5', sale_amount_show: 'true', tax_amount: '0', tax_amount_show: 'false', total_amount: '30', total_amount_show: 'false', total_employee: '5', total_employee_show: 'false', female_employee: '2', female_employee_show: 'false', insure_employee: '0', insure_employee_show: 'false' };
    const filed = await insertOrder(test, { process_status: '4', admin_id: clerk.staffId, admin_name: '李专员', entity_extra: JSON.stringify(figures) });
    expect(dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${filed}/process-status`, { process_status: '2' }))).toMatchObject({ process_status: '2' });
    expect(JSON.parse((await auditRows(test, 'order.process_status', filed)).at(-1)!.after!)).not.toHaveProperty('confirmed_without_declaration');
    const repair = await insertOrder(test, { process_status: '4', admin_id: clerk.staffId, admin_name: '李专员', goods_type: 'credit_repair', goods_name: '信用修复代办', goods_id: 3 });
    expect(dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${repair}/process-status`, { process_status: '2' }))).toMatchObject({ process_status: '2' });
  });

  it('refuses to handle unpaid orders', async () => {
    const id = await insertOrder(test, { status: '1' });
    expectError(await asClerk('POST', `/api/console/orders/${id}/take`, {}), 'CONSOLE_ORDER_NOT_PAID');
    expectError(await asAdmin('POST', `/api/console/orders/${id}/process-status`, { process_status: '4' }), 'CONSOLE_ORDER_NOT_PAID');
  });

  it(`caps the screenshots of an order at ${SCREENSHOT_MAX_PER_ORDER}`, async () => {
    const id = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '李专员' });
    for (let i = 0; i < SCREENSHOT_MAX_PER_ORDER; i++) expect((await upload(clerk, id, PNG_BYTES)).statusCode).toBe(200);
    expectError(await upload(clerk, id, PNG_BYTES), 'CONSOLE_UPLOAD_LIMIT');
  });

  it('flags overdue orders as time passes', async () => {
    const id = await insertOrder(test, { pay_time: test.clock.now.toISOString() });
    const before = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${id}`));
    expect(before.overdue).toBe(false);
    test.clock.advance(CALL_PROMISE_MS + 60_000);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await login(test, 'clerk.li', 'clerk.li-final-2026');
    const after = dataOf<ConsoleOrderDetail>(await caller(test, clerk)('GET', `/api/console/orders/${id}`));
    expect(after.overdue).toBe(true);
  });
});
