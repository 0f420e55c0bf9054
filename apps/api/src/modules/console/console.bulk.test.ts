import { afterAll, beforeAll, expect, it } from 'vitest';
import { BULK_ORDER_MAX, ERROR_CATALOG, ORDER_STATUS, PROCESS_STATUS, type ConsoleBulkResult, type ConsoleOrderListItem, type ConsolePage } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/** Bulk work on the order list (decision 041): take, assign, move; one audit entry per order; refusals per order. */
describeDialects('bulk actions on orders (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let colleague: Session;
  let asAdmin: Call;
  let asClerk: Call;
  let asColleague: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.zhao', role: 'clerk', display_name: '赵专员' });
    colleague = await createStaff(test, admin, { username: 'clerk.qian', role: 'clerk', display_name: '钱专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asColleague = caller(test, colleague);
  });
  afterAll(async () => {
    await test.close();
  });

  const handlerOf = async (id: number) => (await test.database.db.selectFrom('orders').select(['admin_id', 'admin_name', 'process_status']).where('id', '=', id).executeTakeFirstOrThrow());
  const list = async (call: Call, query: Record<string, string>) => dataOf<ConsolePage<ConsoleOrderListItem>>(await call('GET', '/api/console/orders', undefined, { query: { page_size: '100', ...query } }));

  it('lets an admin assign orders to a colleague, audited once per order, and the colleague finds them under "my orders"', async () => {
    const ids = [await insertOrder(test), await insertOrder(test), await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' })];
    const result = dataOf<ConsoleBulkResult>(await asAdmin('POST', '/api/console/orders/bulk/assign', { ids, staff_id: colleague.staffId }));
    expect(result.failed).toEqual([]);
    expect(result.done.map((o) => o.id)).toEqual(ids);
    expect(result.done.every((o) => o.out_trade_no.startsWith('KB'))).toBe(true);
    for (const id of ids) {
      expect(await handlerOf(id)).toMatchObject({ admin_id: colleague.staffId, admin_name: '钱专员' });
      const audits = await auditRows(test, 'order.assign', id);
      expect(audits).toHaveLength(1);
      expect(audits[0]!.staff_id).toBe(admin.staffId);
      expect(JSON.parse(audits[0]!.after!)).toMatchObject({ admin_id: colleague.staffId, admin_name: '钱专员' });
    }
    // The third was the clerk's: the audit keeps who had it.
    expect(JSON.parse((await auditRows(test, 'order.assign', ids[2]!))[0]!.before!)).toMatchObject({ admin_id: clerk.staffId });

    const mine = await list(asColleague, { view: 'mine' });
    expect(mine.items.map((o) => o.id)).toEqual(expect.arrayContaining(ids));
    const unassigned = await list(asColleague, { view: 'unassigned' });
    expect(unassigned.items.map((o) => o.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it('refuses a clerk assigning to a colleague as a whole, changing nothing', async () => {
    const id = await insertOrder(test);
    expectError(await asClerk('POST', '/api/console/orders/bulk/assign', { ids: [id], staff_id: colleague.staffId }), 'CONSOLE_ASSIGN_FORBIDDEN');
    expect(await handlerOf(id)).toMatchObject({ admin_id: null });
    expect(await auditRows(test, 'order.assign', id)).toHaveLength(0);
  });

  it("lets a clerk take unassigned orders, reporting a colleague's and an unpaid one by number", async () => {
    const free = await insertOrder(test);
    const taken = await insertOrder(test, { admin_id: colleague.staffId, admin_name: '钱专员' });
    const unpaid = await insertOrder(test, { status: ORDER_STATUS.unpaid });
    expect((await list(asClerk, { view: 'unassigned' })).items.map((o) => o.id)).toContain(free);

    const result = dataOf<ConsoleBulkResult>(await asClerk('POST', '/api/console/orders/bulk/take', { ids: [free, taken, unpaid] }));
    expect(result.done.map((o) => o.id)).toEqual([free]);
    const numbers = await test.database.db.selectFrom('orders').select(['id', 'out_trade_no']).where('id', 'in', [taken, unpaid]).execute();
    const numberOf = (id: number) => numbers.find((row) => row.id === id)!.out_trade_no;
    expect(result.failed).toEqual([
      { id: taken, out_trade_no: numberOf(taken), code: ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.code, message: '该订单已由 钱专员 接单' },
      { id: unpaid, out_trade_no: numberOf(unpaid), code: ERROR_CATALOG.CONSOLE_ORDER_NOT_PAID.code, message: ERROR_CATALOG.CONSOLE_ORDER_NOT_PAID.message },
    ]);
    expect(await handlerOf(free)).toMatchObject({ admin_id: clerk.staffId });
    expect(await handlerOf(taken)).toMatchObject({ admin_id: colleague.staffId });
    expect(await auditRows(test, 'order.take', free)).toHaveLength(1);
    expect(await auditRows(test, 'order.take', taken)).toHaveLength(0);
    expect((await list(asClerk, { view: 'unassigned' })).items.map((o) => o.id)).not.toContain(free);

    // Assigning to oneself is taking, under the same rule.
    const another = await insertOrder(test);
    const self = dataOf<ConsoleBulkResult>(await asClerk('POST', '/api/console/orders/bulk/assign', { ids: [another, taken], staff_id: clerk.staffId }));
    expect(self.done.map((o) => o.id)).toEqual([another]);
    expect(self.failed.map((o) => o.code)).toEqual([ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.code]);
    expect(await auditRows(test, 'order.take', another)).toHaveLength(1);
  });

  it('moves each order through the single-order rules: the ones that cannot move come back, the others move', async () => {
    const a = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' });
    const b = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' });
    const others = await insertOrder(test, { admin_id: colleague.staffId, admin_name: '钱专员' });
    const ended = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员', process_status: PROCESS_STATUS.ended });
    const missing = 2_000_000_000;
    const result = dataOf<ConsoleBulkResult>(await asClerk('POST', '/api/console/orders/bulk/process-status', { ids: [a, others, b, ended, missing], process_status: PROCESS_STATUS.processing }));
    expect(result.done.map((o) => o.id)).toEqual([a, b]);
    expect(result.failed.map((o) => [o.id, o.code])).toEqual([
      [others, ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.code],
      [ended, ERROR_CATALOG.CONSOLE_STATUS_TRANSITION_INVALID.code],
      [missing, ERROR_CATALOG.ORDER_NOT_FOUND.code],
    ]);
    expect(result.failed.every((o) => /[\u4e00-\u9fa5]/.test(o.message))).toBe(true);
    for (const id of [a, b]) {
      expect((await handlerOf(id)).process_status).toBe(PROCESS_STATUS.processing);
      expect(await auditRows(test, 'order.process_status', id)).toHaveLength(1);
    }
    expect((await handlerOf(others)).process_status).toBe(PROCESS_STATUS.pending);
    expect(await auditRows(test, 'order.process_status', others)).toHaveLength(0);

    // A move that needs a note needs it in bulk too.
    const noNote = dataOf<ConsoleBulkResult>(await asClerk('POST', '/api/console/orders/bulk/process-status', { ids: [a], process_status: PROCESS_STATUS.waitingCustomer }));
    expect(noNote.failed.map((o) => o.code)).toEqual([ERROR_CATALOG.CONSOLE_NOTE_REQUIRED.code]);
  });

  it('lets an admin reassign orders a clerk has', async () => {
    const id = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' });
    const result = dataOf<ConsoleBulkResult>(await asAdmin('POST', '/api/console/orders/bulk/assign', { ids: [id], staff_id: admin.staffId }));
    expect(result.done.map((o) => o.id)).toEqual([id]);
    expect(await auditRows(test, 'order.reassign', id)).toHaveLength(1);
  });

  it('bounds and checks the id list, and the assignee', async () => {
    const tooMany = Array.from({ length: BULK_ORDER_MAX + 1 }, (_, i) => i + 1);
    expect((await asAdmin('POST', '/api/console/orders/bulk/take', { ids: tooMany })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/console/orders/bulk/take', { ids: [] })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/console/orders/bulk/take', { ids: [1, 1] })).statusCode).toBe(400);
    const id = await insertOrder(test);
    const result = dataOf<ConsoleBulkResult>(await asAdmin('POST', '/api/console/orders/bulk/assign', { ids: [id], staff_id: 2_000_000_000 }));
    expect(result.failed.map((o) => o.code)).toEqual([ERROR_CATALOG.CONSOLE_ASSIGNEE_NOT_FOUND.code]);
    expect(await handlerOf(id)).toMatchObject({ admin_id: null });
  });

  it('exports only the selected orders, and checks the id list', async () => {
    const [a, b, c] = [await insertOrder(test), await insertOrder(test), await insertOrder(test)];
    const download = (query: Record<string, string>) => test.app.inject({ method: 'GET', url: '/api/console/exports/orders', query, headers: { cookie: `kb_console=${admin.cookie}` } });
    const response = await download({ format: 'csv', view: 'all', ids: `${a},${c}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-export-rows']).toBe('2');
    const numbers = await test.database.db.selectFrom('orders').select(['id', 'out_trade_no']).where('id', 'in', [a, b, c]).execute();
    const numberOf = (id: number) => numbers.find((row) => row.id === id)!.out_trade_no;
    expect(response.body).toContain(numberOf(a));
    expect(response.body).toContain(numberOf(c));
    expect(response.body).not.toContain(numberOf(b));
    expect((await download({ format: 'csv', ids: '1,x' })).statusCode).toBe(400);
    expect((await download({ format: 'csv', ids: Array.from({ length: BULK_ORDER_MAX + 1 }, (_, i) => i + 1).join(',') })).statusCode).toBe(400);
  });
});
