import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG, PROCESS_STATUS, type ConsoleBulkResult, type ConsoleCompletionRule } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, PNG_BYTES, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, multipartBody, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * Completing an order (packages/domain/src/order-completion.ts): a bulk 已完成 applies the single
 * move's safeguards per order, and a service's compulsory screenshot holds for single and bulk moves.
 */
describeDialects('completion safeguards (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let asAdmin: Call;
  let asClerk: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.sun', role: 'clerk', display_name: '孙专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
  });
  afterAll(async () => {
    await test.close();
  });

  const mine = { admin_id: 0, admin_name: '孙专员' };
  const order = (overrides: Parameters<typeof insertOrder>[1] = {}) => insertOrder(test, { ...mine, admin_id: clerk.staffId, goods_type: 'credit_repair', goods_name: '信用修复代办', process_status: PROCESS_STATUS.processing, ...overrides });
  const called = () => ({ first_call_time: test.clock.now.toISOString() });
  const processOf = async (id: number) => (await test.database.db.selectFrom('orders').select('process_status').where('id', '=', id).executeTakeFirstOrThrow()).process_status;
  const upload = async (id: number) => {
    const { payload, headers } = multipartBody(PNG_BYTES, 'done.png', 'image/png');
    const response = await test.app.inject({ method: 'POST', url: `/api/console/orders/${id}/files`, payload, headers: { ...headers, cookie: `kb_console=${clerk.cookie}`, 'x-kb-console': '1' } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const complete = (call: Call, id: number) => call('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.completed });
  const completedNotices = async (id: number) =>
    (await test.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'sms.order_completed').execute()).filter((row) => (JSON.parse(row.payload) as { orderId: number }).orderId === id);

  it('moves in bulk only the orders whose completion nothing stands in the way of, and says why for each of the others', async () => {
    const ready = await order(called());
    await upload(ready);
    const noScreenshot = await order(called());
    const noCall = await order();
    await upload(noCall);
    const cancellation = await order({ ...called(), goods_type: 'license_destory', goods_name: '营业执照注销代办' });
    const annual = await order({ ...called(), goods_type: 'license_year', goods_name: '营业执照年报代办' });
    await upload(annual);

    const result = dataOf<ConsoleBulkResult>(await asClerk('POST', '/api/console/orders/bulk/process-status', { ids: [ready, noScreenshot, noCall, cancellation, annual], process_status: PROCESS_STATUS.completed }));
    expect(result.done.map((o) => o.id)).toEqual([ready]);
    expect(result.failed.map((o) => [o.id, o.code, o.message])).toEqual([
      [noScreenshot, ERROR_CATALOG.CONSOLE_COMPLETION_NO_SCREENSHOT.code, ERROR_CATALOG.CONSOLE_COMPLETION_NO_SCREENSHOT.message],
      [noCall, ERROR_CATALOG.CONSOLE_COMPLETION_NO_CALL.code, ERROR_CATALOG.CONSOLE_COMPLETION_NO_CALL.message],
      [cancellation, ERROR_CATALOG.CONSOLE_SCREENSHOT_REQUIRED.code, ERROR_CATALOG.CONSOLE_SCREENSHOT_REQUIRED.message],
      [annual, ERROR_CATALOG.CONSOLE_DECLARATION_MISSING.code, ERROR_CATALOG.CONSOLE_DECLARATION_MISSING.message],
    ]);
    expect(await processOf(ready)).toBe(PROCESS_STATUS.completed);
    expect(await completedNotices(ready)).toHaveLength(1);
    for (const id of [noScreenshot, noCall, cancellation, annual]) {
      expect(await processOf(id)).toBe(PROCESS_STATUS.processing);
      // No customer was told 已办理完成.
      expect(await completedNotices(id)).toHaveLength(0);
      expect(await auditRows(test, 'order.process_status', id)).toHaveLength(0);
    }
  });

  it('lets the single dialog complete past its warnings, but never a cancellation without its screenshot', async () => {
    const warned = await order();
    expect((await complete(asClerk, warned)).statusCode).toBe(200);
    expect(await processOf(warned)).toBe(PROCESS_STATUS.completed);

    const cancellation = await order({ ...called(), goods_type: 'license_destory', goods_name: '营业执照注销代办' });
    expectError(await complete(asClerk, cancellation), 'CONSOLE_SCREENSHOT_REQUIRED');
    expectError(await complete(asAdmin, cancellation), 'CONSOLE_SCREENSHOT_REQUIRED');
    expect(await processOf(cancellation)).toBe(PROCESS_STATUS.processing);
    expect(await completedNotices(cancellation)).toHaveLength(0);
    await upload(cancellation);
    expect((await complete(asClerk, cancellation)).statusCode).toBe(200);
  });

  it('lets an admin make the screenshot compulsory per service, audited, and holds it for single and bulk moves', async () => {
    const rules = dataOf<ConsoleCompletionRule[]>(await asClerk('GET', '/api/console/completion-rules'));
    expect(rules).toEqual([
      { goods_type: 'license_year', screenshot_required: false, default_required: false },
      { goods_type: 'license_destory', screenshot_required: true, default_required: true },
      { goods_type: 'credit_repair', screenshot_required: false, default_required: false },
    ]);
    // A clerk may read the rule, not change it.
    expectError(await asClerk('PUT', '/api/console/completion-rules/credit_repair', { screenshot_required: true }), 'CONSOLE_FORBIDDEN');
    expect((await asAdmin('PUT', '/api/console/completion-rules/unknown', { screenshot_required: true })).statusCode).toBe(400);

    const changed = dataOf<ConsoleCompletionRule>(await asAdmin('PUT', '/api/console/completion-rules/credit_repair', { screenshot_required: true }));
    expect(changed).toEqual({ goods_type: 'credit_repair', screenshot_required: true, default_required: false });
    const audit = await auditRows(test, 'completion_rule.update', 'credit_repair');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ screenshot_required: false });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ screenshot_required: true });

    const single = await order(called());
    expectError(await complete(asClerk, single), 'CONSOLE_SCREENSHOT_REQUIRED');
    const bulk = dataOf<ConsoleBulkResult>(await asClerk('POST', '/api/console/orders/bulk/process-status', { ids: [single], process_status: PROCESS_STATUS.completed }));
    expect(bulk.failed.map((o) => o.code)).toEqual([ERROR_CATALOG.CONSOLE_SCREENSHOT_REQUIRED.code]);

    // Turned off for cancellations: a cancellation completes past the warning on its own page.
    dataOf(await asAdmin('PUT', '/api/console/completion-rules/license_destory', { screenshot_required: false }));
    const cancellation = await order({ ...called(), goods_type: 'license_destory', goods_name: '营业执照注销代办' });
    expect((await complete(asClerk, cancellation)).statusCode).toBe(200);
    // Put back, so the default's test above holds in any order.
    dataOf(await asAdmin('PUT', '/api/console/completion-rules/license_destory', { screenshot_required: true }));
    dataOf(await asAdmin('PUT', '/api/console/completion-rules/credit_repair', { screenshot_required: false }));
  });
});
