import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, type ConsoleAuditEntry, type ConsoleDashboard, type ConsoleOrderDetail, type ConsoleFeedback, type ConsoleGoods, type ConsolePage, type ConsoleRefundRequest, type ConsoleSiteConfigEntry, type Goods, type InitResponse } from '@kuaibao/domain';
import { envelopeOf, signedInject } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, placeAndPay, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';
import type { RefundOrderInput, RefundOrderResult } from './payment-link.ts';

describeDialects('refunds, complaints, configuration and the dashboard (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let asAdmin: Call;
  let asClerk: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.li', role: 'clerk', display_name: '李专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
  });
  afterAll(async () => {
    await test.close();
  });

  describe('the refund approval flow', () => {
    const calls: RefundOrderInput[] = [];
    let answer: RefundOrderResult = { ok: true, state: 'SUCCESS', outRefundNo: 'RKB1' };
    let original: unknown;
    beforeAll(() => {
      // The payment module's refundOrder is the one call site; here it answers what each test needs.
      const payments = test.app.services.payments as unknown as Record<string, unknown>;
      original = payments.refundOrder;
      payments.refundOrder = async (input: RefundOrderInput) => {
        calls.push(input);
        return answer;
      };
    });
    afterAll(() => {
      (test.app.services.payments as unknown as Record<string, unknown>).refundOrder = original;
    });

    it('lets a clerk request, and only an admin approve, which calls refundOrder once', async () => {
      const orderId = await insertOrder(test);
      const requested = dataOf<ConsoleRefundRequest>(await asClerk('POST', `/api/console/orders/${orderId}/refund-requests`, { reason: '登记机关驳回，无法办理' }));
      expect(requested).toMatchObject({ status: 'PENDING', order_id: orderId, requested_by_name: '李专员', total_fee: 19900 });
      expect(await auditRows(test, 'refund.request', orderId)).toHaveLength(1);
      expectError(await asClerk('POST', `/api/console/orders/${orderId}/refund-requests`, { reason: '再申请一次' }), 'CONSOLE_REFUND_ALREADY_REQUESTED');
      expectError(await asClerk('POST', `/api/console/refund-requests/${requested.id}/approve`, {}), 'CONSOLE_FORBIDDEN');
      expect(calls).toHaveLength(0);

      const approved = dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${requested.id}/approve`, { note: '核实无误' }));
      expect(approved).toMatchObject({ status: 'SUCCEEDED', decided_by_name: '管理员', decision_note: '核实无误', out_refund_no: 'RKB1', result_message: '退款成功' });
      // Approved without an amount: the whole paid amount (decision 057).
      expect(calls).toEqual([{ orderId, reason: '登记机关驳回，无法办理', requestedBy: '管理员（admin）', amountFen: 19900 }]);
      expect(await auditRows(test, 'refund.approve', orderId)).toHaveLength(1);
      expect(await auditRows(test, 'refund.result', orderId)).toHaveLength(1);
      // A second click finds it decided; the payment side is not asked twice.
      expectError(await asAdmin('POST', `/api/console/refund-requests/${requested.id}/approve`, {}), 'CONSOLE_REFUND_ALREADY_DECIDED');
      expect(calls).toHaveLength(1);
    });

    it('records a refusal from the payment side, and shows a processing refund as done once the order is refunded', async () => {
      const refused = await insertOrder(test);
      answer = { ok: false, reason: 'PROVIDER_UNAVAILABLE', message: 'timeout' };
      const first = dataOf<ConsoleRefundRequest>(await asClerk('POST', `/api/console/orders/${refused}/refund-requests`, { reason: '客户撤回' }));
      const failed = dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${first.id}/approve`, {}));
      expect(failed).toMatchObject({ status: 'FAILED', result_message: '支付通道暂不可用：timeout' });
      // A failed attempt can be asked for again.
      dataOf(await asClerk('POST', `/api/console/orders/${refused}/refund-requests`, { reason: '客户撤回（重试）' }));

      const processing = await insertOrder(test);
      answer = { ok: true, state: 'PROCESSING', outRefundNo: 'RKB2' };
      const request = dataOf<ConsoleRefundRequest>(await asClerk('POST', `/api/console/orders/${processing}/refund-requests`, { reason: '办理失败' }));
      expect(dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, {})).status).toBe('PROCESSING');
      // While it is open, the order's handling status stays as it is.
      dataOf(await asAdmin('POST', `/api/console/orders/${processing}/take`, {}));
      expectError(await asAdmin('POST', `/api/console/orders/${processing}/process-status`, { process_status: '4' }), 'CONSOLE_REFUND_IN_PROGRESS');
      await test.database.db.updateTable('orders').set({ status: '4', process_status: '5' }).where('id', '=', processing).execute();
      const list = dataOf<ConsolePage<ConsoleRefundRequest>>(await asAdmin('GET', '/api/console/refund-requests'));
      expect(list.items.find((r) => r.id === request.id)?.status).toBe('SUCCEEDED');
      expectError(await asClerk('POST', `/api/console/orders/${processing}/refund-requests`, { reason: '再退一次' }), 'CONSOLE_REFUND_NOT_ALLOWED');
    });

    it('rejects with a reason only', async () => {
      const orderId = await insertOrder(test);
      const request = dataOf<ConsoleRefundRequest>(await asClerk('POST', `/api/console/orders/${orderId}/refund-requests`, { reason: '客户要求' }));
      expectError(await asAdmin('POST', `/api/console/refund-requests/${request.id}/reject`, { note: '' }), 'CONSOLE_NOTE_REQUIRED');
      const rejected = dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/reject`, { note: '已办理完成，不符合退款条件' }));
      expect(rejected.status).toBe('REJECTED');
      expect(await auditRows(test, 'refund.reject', orderId)).toHaveLength(1);
      expectError(await asAdmin('POST', '/api/console/refund-requests/999999/approve', {}), 'CONSOLE_REFUND_REQUEST_NOT_FOUND');
      expectError(await asClerk('POST', `/api/console/orders/${await insertOrder(test, { status: '1' })}/refund-requests`, { reason: 'x' }), 'CONSOLE_REFUND_NOT_ALLOWED');
    });
  });

  it('approves a refund through the payment module for real: the sandbox refunds in full, the order ends refunded, the customer is texted', async () => {
    const paid = await placeAndPay(test, { entity_phone: '13612340000' });
    const request = dataOf<ConsoleRefundRequest>(await asClerk('POST', `/api/console/orders/${paid.orderId}/refund-requests`, { reason: '登记机关不予受理' }));
    const approved = dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, {}));
    expect(approved).toMatchObject({ status: 'SUCCEEDED', result_message: '退款成功', out_refund_no: expect.stringMatching(/^RKB\d+P01$/) });
    const order = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${paid.orderId}`));
    expect(order).toMatchObject({ status: '4', process_status: '5', process_status_name: '已退款' });
    await test.app.services.smsOutbox.runOnce();
    const sms = await test.database.db.selectFrom('sms_log').select(['template', 'status', 'content']).where('order_id', '=', paid.orderId).orderBy('id').execute();
    expect(sms.map((row) => [row.template, row.status])).toEqual([
      ['payment_succeeded', 'SENT'],
      ['refund_succeeded', 'SENT'],
    ]);
    expect(sms[1]!.content).toContain('已退款199.00元（全额退款）');
  });

  describe('configuration reaches the visitor app without a restart', () => {
    const goodsBody = (overrides: Record<string, unknown> = {}) => ({ name: '营业执照年报代办', type: 'license_year', price_yuan: '299.50', pay_types: ['alipay', 'weixin'], sort: 1, active: true, description: '代为填报年报', ...overrides });

    it('changes a price in yuan, stored as fen, seen by the next visitor, audited with before and after', async () => {
      const updated = dataOf<ConsoleGoods>(await asAdmin('PUT', '/api/console/goods/1', goodsBody()));
      expect(updated).toMatchObject({ price_fen: 29950, pay_types: ['alipay', 'weixin'] });
      const visitor = envelopeOf<Goods[]>(test, await signedInject(test, { url: '/api/order/goods', query: { type: 'member' } })).data;
      expect(visitor.find((g) => g.id === 1)).toMatchObject({ price_fen: 29950, pay_type: 'alipay,weixin' });
      const audit = await auditRows(test, 'goods.update', 1);
      expect(JSON.parse(audit.at(-1)!.before!)).toMatchObject({ price_fen: 19900 });
      expect(JSON.parse(audit.at(-1)!.after!)).toMatchObject({ price_fen: 29950 });
    });

    it('refuses bad prices and pay types', async () => {
      for (const price_yuan of ['1.234', '-1', 'abc', '0', '0.00', '1e3', '']) expectError(await asAdmin('PUT', '/api/console/goods/1', goodsBody({ price_yuan })), 'CONSOLE_PRICE_INVALID');
      expectError(await asAdmin('PUT', '/api/console/goods/1', goodsBody({ pay_types: [] })), 'VALIDATION_FAILED');
      expectError(await asAdmin('PUT', '/api/console/goods/1', goodsBody({ pay_types: ['card'] })), 'VALIDATION_FAILED');
      expectError(await asAdmin('PUT', '/api/console/goods/999', goodsBody()), 'GOODS_NOT_FOUND');
    });

    it('hides a goods from visitors when deactivated', async () => {
      dataOf(await asAdmin('PUT', '/api/console/goods/3', goodsBody({ name: '信用修复代办', type: 'credit_repair', price_yuan: '999', active: false })));
      const visitor = envelopeOf<Goods[]>(test, await signedInject(test, { url: '/api/order/goods', query: { type: 'member' } })).data;
      expect(visitor.map((g) => g.id)).not.toContain(3);
      dataOf(await asAdmin('PUT', '/api/console/goods/3', goodsBody({ name: '信用修复代办', type: 'credit_repair', price_yuan: '999', active: true })));
    });

    it('edits site texts with validation; the visitor init sees them at once', async () => {
      const lines = ['年报时间：每年1月1日至6月30日', '  ', '付款后24小时内专员致电联系'];
      const saved = dataOf<ConsoleSiteConfigEntry>(await asAdmin('PUT', '/api/console/site-config/client.home.danmaku', { value: lines }));
      expect(saved.value).toEqual(['年报时间：每年1月1日至6月30日', '付款后24小时内专员致电联系']);
      dataOf(await asAdmin('PUT', '/api/console/site-config/proxy_version', { value: 'v2' }));
      dataOf(await asAdmin('PUT', '/api/console/site-config/service_phone', { value: '400-123-4567' }));
      const init = envelopeOf<InitResponse>(test, await signedInject(test, { url: '/api/h5/corp' })).data;
      expect(init.config['client.home.danmaku']).toEqual(['年报时间：每年1月1日至6月30日', '付款后24小时内专员致电联系']);
      expect(init.config.proxy_version).toBe('v2');
      expect(init.config.service_phone).toBe('400-123-4567');
      expect(await auditRows(test, 'site_config.update', 'proxy_version')).toHaveLength(1);

      expectError(await asAdmin('PUT', '/api/console/site-config/proxy_version', { value: 'v9' }), 'CONSOLE_CONFIG_VALUE_INVALID');
      expectError(await asAdmin('PUT', '/api/console/site-config/client.home.danmaku', { value: [] }), 'CONSOLE_CONFIG_VALUE_INVALID');
      expectError(await asAdmin('PUT', '/api/console/site-config/client.home.danmaku', { value: ['字'.repeat(61)] }), 'CONSOLE_CONFIG_VALUE_INVALID');
      expectError(await asAdmin('PUT', '/api/console/site-config/client.home.tips', { value: 5 }), 'CONSOLE_CONFIG_VALUE_INVALID');
      expectError(await asAdmin('PUT', '/api/console/site-config/service_phone', { value: 'call me' }), 'CONSOLE_CONFIG_VALUE_INVALID');
      expectError(await asAdmin('PUT', '/api/console/site-config/no.such.key', { value: 'x' }), 'CONSOLE_CONFIG_KEY_NOT_FOUND');
      dataOf(await asAdmin('PUT', '/api/console/site-config/proxy_version', { value: 'v0' }));
    });
  });

  describe('the complaint inbox', () => {
    it('lists reports and marks them handled with a reply, audited', async () => {
      const submitted = await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '交易欺诈', content: '有人冒充你们要求我转账', contact: '13800001234' } } });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const inbox = dataOf<ConsolePage<ConsoleFeedback>>(await asClerk('GET', '/api/console/feedback', undefined, { query: { status: 'open' } }));
      const report = inbox.items.find((f) => f.content === '有人冒充你们要求我转账')!;
      expect(report).toMatchObject({ type: '交易欺诈', contact: '13800001234', status: 'open', reply: '' });
      expectError(await asClerk('PUT', `/api/console/feedback/${report.id}`, { status: 'handled', reply: '' }), 'CONSOLE_NOTE_REQUIRED');
      const handled = dataOf<ConsoleFeedback>(await asClerk('PUT', `/api/console/feedback/${report.id}`, { status: 'handled', reply: '已电话回访，提醒客户我们不会索要转账' }));
      expect(handled).toMatchObject({ status: 'handled', handled_by_name: '李专员' });
      expect(dataOf<ConsolePage<ConsoleFeedback>>(await asClerk('GET', '/api/console/feedback', undefined, { query: { status: 'open' } })).items.some((f) => f.id === report.id)).toBe(false);
      const audit = await auditRows(test, 'feedback.update', report.id);
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: 'handled' });
      expectError(await asClerk('PUT', '/api/console/feedback/999999', { status: 'open', reply: '' }), 'CONSOLE_FEEDBACK_NOT_FOUND');
    });

    it('takes 售后问题 and 申请退款 from visitors and filters the inbox by type', async () => {
      for (const [type, content] of [['售后问题', '专员一直没有联系我'], ['申请退款', '办理失败，申请退款'], ['交易欺诈', '有人冒充客服收费']] as const) {
        const sent = await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type, content, contact: '13800005678' } } });
        expect(sent.statusCode, sent.body).toBe(200);
        expect(envelopeOf(test, sent).code, sent.body).toBe(0);
      }
      const refunds = dataOf<ConsolePage<ConsoleFeedback>>(await asClerk('GET', '/api/console/feedback', undefined, { query: { type: '申请退款' } }));
      expect(refunds.items.map((f) => [f.type, f.content])).toEqual([['申请退款', '办理失败，申请退款']]);
      const aftercare = dataOf<ConsolePage<ConsoleFeedback>>(await asClerk('GET', '/api/console/feedback', undefined, { query: { type: '售后问题', status: 'open' } }));
      expect(aftercare.items.map((f) => f.content)).toEqual(['专员一直没有联系我']);
      // A type the form does not offer is refused on both sides.
      expectError(await asClerk('GET', '/api/console/feedback', undefined, { query: { type: '垃圾' } }), 'VALIDATION_FAILED');
      const unknown = await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '售后', content: '内容', contact: '' } } });
      expect(envelopeOf(test, unknown).code).toBe(ERROR_CATALOG.REPORT_TYPE_INVALID.code);
    });
  });

  describe('the dashboard', () => {
    // Revenue is read as an admin: a clerk gets no money figures (decision 058, console.roles.test.ts).
    it('counts today\'s and this month\'s paid orders and revenue, the funnel, statuses and overdue orders', async () => {
      const before = dataOf<ConsoleDashboard>(await asAdmin('GET', '/api/console/dashboard'));
      const now = test.clock.now.getTime();
      await insertOrder(test, { total_fee: 10000, pay_time: new Date(now - 60_000).toISOString(), device_id: 'dev-funnel-1' });
      const late = await insertOrder(test, { total_fee: 20000, pay_time: new Date(now - 30 * 3600_000).toISOString() });
      for (const [key, devices] of [['client.page.enter', ['a', 'b', 'c', 'dev-funnel-1']], ['client.company.get', ['a', 'b', 'dev-funnel-1']], ['client.company.pick', ['b', 'dev-funnel-1']], ['client.form.submit', ['a', 'dev-funnel-1']], ['client.pay.created', ['dev-funnel-1']]] as const) {
        for (const device of devices) {
          await test.database.db.insertInto('events').values({ key, value: '', device_id: device, created_at: new Date(now - 120_000).toISOString() }).execute();
          // The same device twice counts once.
          await test.database.db.insertInto('events').values({ key, value: '', device_id: device, created_at: new Date(now - 100_000).toISOString() }).execute();
        }
      }
      const after = dataOf<ConsoleDashboard>(await asAdmin('GET', '/api/console/dashboard', undefined, { query: { days: '7' } }));
      expect(after.today.paid_orders - before.today.paid_orders).toBeGreaterThanOrEqual(1);
      expect(after.today.revenue_fen! - before.today.revenue_fen!).toBeGreaterThanOrEqual(10000);
      expect(after.month.paid_orders).toBeGreaterThanOrEqual(after.today.paid_orders);
      const step = (key: string) => after.funnel.steps.find((s) => s.key === key)!.devices - before.funnel.steps.find((s) => s.key === key)!.devices;
      // Nested (decision 045): 'a' submitted a form without picking a company, so it stops at 查询企业.
      expect([step('client.page.enter'), step('client.company.get'), step('client.company.pick'), step('client.form.submit'), step('client.pay.created')]).toEqual([4, 3, 2, 1, 1]);
      expect(step('paid')).toBe(1);
      expect(after.funnel.paid_outside - before.funnel.paid_outside).toBe(0);
      expect(after.funnel.steps.map((s) => s.label)).toEqual(['进入页面', '查询企业', '选择企业', '提交表单', '创建支付', '完成支付']);
      expect(after.by_process_status.map((s) => s.process_status)).toEqual(['1', '4', '3', '2', '5', '']);
      expect(after.overdue.orders.map((o) => o.id)).toContain(late);
      expect(after.overdue.orders.every((o) => o.overdue)).toBe(true);
    });
  });

  it('never shows a funnel step above the one before: payers the events did not follow are counted apart', async () => {
    const now = test.clock.now.getTime();
    const before = dataOf<ConsoleDashboard>(await asClerk('GET', '/api/console/dashboard', undefined, { query: { days: '7' } }));
    // The 200%: two devices pay while the events saw one of them only enter, and the other not at all
    // (one paid again from a link: its second order adds no device). A third went the whole way.
    await test.database.db.insertInto('events').values({ key: 'client.page.enter', value: '', device_id: 'dev-outside-1', created_at: new Date(now - 120_000).toISOString() }).execute();
    for (const key of ['client.page.enter', 'client.company.get', 'client.company.pick', 'client.form.submit', 'client.pay.created'])
      await test.database.db.insertInto('events').values({ key, value: '', device_id: 'dev-through', created_at: new Date(now - 120_000).toISOString() }).execute();
    for (const device of ['dev-outside-1', 'dev-outside-2', 'dev-outside-2', 'dev-through']) await insertOrder(test, { pay_time: new Date(now - 60_000).toISOString(), device_id: device });
    // Paid before the window: neither a step nor outside it.
    await insertOrder(test, { pay_time: new Date(now - 9 * 24 * 3600_000).toISOString(), device_id: 'dev-long-ago' });

    const after = dataOf<ConsoleDashboard>(await asClerk('GET', '/api/console/dashboard', undefined, { query: { days: '7' } }));
    const delta = after.funnel.steps.map((s, i) => s.devices - before.funnel.steps[i]!.devices);
    expect(delta).toEqual([2, 1, 1, 1, 1, 1]);
    expect(after.funnel.paid_outside - before.funnel.paid_outside).toBe(2);
    for (let i = 1; i < after.funnel.steps.length; i++) expect(after.funnel.steps[i]!.devices).toBeLessThanOrEqual(after.funnel.steps[i - 1]!.devices);
  });

  describe('the dashboard\'s money', () => {
    it('shows a refund beside the revenue with the net, and counts refunded orders in a bucket of their own', async () => {
      const before = dataOf<ConsoleDashboard>(await asAdmin('GET', '/api/console/dashboard'));
      const now = test.clock.now.getTime();
      await insertOrder(test, { total_fee: 19900, pay_time: new Date(now - 60_000).toISOString() });
      // A refunded order carries what its refund returned (decision 057): here all of it.
      await insertOrder(test, { total_fee: 99900, pay_time: new Date(now - 50_000).toISOString(), status: '4', process_status: '5', refunded_fen: 99900 });
      const after = dataOf<ConsoleDashboard>(await asAdmin('GET', '/api/console/dashboard'));
      const delta = (key: 'paid_orders' | 'revenue_fen' | 'refunded_orders' | 'refunded_fen' | 'net_fen') => after.today[key]! - before.today[key]!;
      expect([delta('paid_orders'), delta('revenue_fen'), delta('refunded_orders'), delta('refunded_fen'), delta('net_fen')]).toEqual([2, 119800, 1, 99900, 19900]);
      for (const totals of [after.today, after.month]) expect(totals.net_fen).toBe(totals.revenue_fen! - totals.refunded_fen!);
      // The buckets: the refunded order is counted once, under 已退款, not among the open ones.
      const bucket = (dashboard: ConsoleDashboard, orderStatus: string, processStatus: string) => dashboard.by_process_status.find((b) => b.order_status === orderStatus && b.process_status === processStatus)!.count;
      expect(bucket(after, '4', '') - bucket(before, '4', '')).toBe(1);
      expect(bucket(after, '2', '5') - bucket(before, '2', '5')).toBe(0);
      expect(bucket(after, '2', '1') - bucket(before, '2', '1')).toBe(1);
      expect(after.by_process_status.at(-1)).toMatchObject({ name: '已退款', order_status: '4' });
      // Every paid order in exactly one bucket.
      const paidEver = await test.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', ['2', '4']).executeTakeFirstOrThrow();
      expect(after.by_process_status.reduce((sum, b) => sum + b.count, 0)).toBe(Number(paidEver.n));
    });
  });

  it('shows the audit log to admins, newest first, filterable', async () => {
    const page = dataOf<ConsolePage<ConsoleAuditEntry>>(await asAdmin('GET', '/api/console/audit', undefined, { query: { action: 'goods.update' } }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((e) => e.action === 'goods.update')).toBe(true);
    const all = dataOf<ConsolePage<ConsoleAuditEntry>>(await asAdmin('GET', '/api/console/audit', undefined, { query: { page_size: '5' } }));
    expect(all.items.map((e) => e.id)).toEqual([...all.items.map((e) => e.id)].sort((a, b) => b - a));
  });
});
