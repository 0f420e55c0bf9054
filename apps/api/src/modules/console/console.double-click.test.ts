import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROCESS_STATUS, type ConsoleOrderDetail } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * A double click on a console action: the same request twice, one after the other or at once, does
 * what one did (packages/domain/src/order-handling.ts isRepeatedMove; the client key of a call or a note).
 */
describeDialects('double clicks on order actions (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let clerk: Session;
  let asClerk: Call;
  let asOther: Call;
  let asAdmin: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.zhou', role: 'clerk', display_name: '周专员' });
    asClerk = caller(test, clerk);
    asOther = caller(test, await createStaff(test, admin, { username: 'clerk.wu2', role: 'clerk', display_name: '吴专员' }));
    asAdmin = caller(test, admin);
  });
  afterAll(async () => {
    await test.close();
  });

  const mine = () => insertOrder(test, { admin_id: clerk.staffId, admin_name: '周专员' });
  const KEY = '3b241101-e2bb-4255-8caf-4136c566a962';
  const rows = async (table: 'order_calls' | 'order_notes' | 'order_status_history', id: number) => test.database.db.selectFrom(table).select('id').where('order_id', '=', id).execute();

  it('answers a repeated 开始办理 by its mover as done, writing nothing the second time', async () => {
    const id = await mine();
    const move = () => asClerk('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.processing });
    expect((await move()).statusCode).toBe(200);
    const again = await move();
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<ConsoleOrderDetail>(again).process_status).toBe(PROCESS_STATUS.processing);
    expect(await rows('order_status_history', id)).toHaveLength(1);
    expect(await auditRows(test, 'order.process_status', id)).toHaveLength(1);
  });

  it('answers two 开始办理 sent at once with two successes and one move', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await mine();
      const answers = await Promise.all([1, 2].map(() => asClerk('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.processing })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await rows('order_status_history', id)).toHaveLength(1);
      expect(await auditRows(test, 'order.process_status', id)).toHaveLength(1);
    }
  });

  it('still refuses the state the order is in to anyone who did not move it there', async () => {
    const id = await mine();
    expect((await asClerk('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.processing })).statusCode).toBe(200);
    expectError(await asAdmin('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.processing }), 'CONSOLE_STATUS_TRANSITION_INVALID');
    // An order never moved (pending since payment) is not "repeated" either.
    const fresh = await mine();
    expectError(await asClerk('POST', `/api/console/orders/${fresh}/process-status`, { process_status: PROCESS_STATUS.pending }), 'CONSOLE_STATUS_TRANSITION_INVALID');
  });

  it('stores a call sent twice with one key once, one after the other or at once; another key is another call', async () => {
    const id = await mine();
    const record = (key: string) => asClerk('POST', `/api/console/orders/${id}/calls`, { outcome: 'connected', note: '已沟通', client_key: key });
    expect((await record(KEY)).statusCode).toBe(200);
    const again = await record(KEY);
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<ConsoleOrderDetail>(again).calls).toHaveLength(1);
    expect(await rows('order_calls', id)).toHaveLength(1);
    expect(await auditRows(test, 'order.call', id)).toHaveLength(1);

    const atOnce = await Promise.all([1, 2].map(() => record('5f0c2c1e-0000-4000-8000-00000000beef')));
    expect(atOnce.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await rows('order_calls', id)).toHaveLength(2);
    expect(await auditRows(test, 'order.call', id)).toHaveLength(2);

    // The key is per order: the same key on another order is that order's call.
    const other = await mine();
    expect((await asClerk('POST', `/api/console/orders/${other}/calls`, { outcome: 'no_answer', client_key: KEY })).statusCode).toBe(200);
    expect(await rows('order_calls', other)).toHaveLength(1);
  });

  it('stores a note sent twice with one key once', async () => {
    const id = await mine();
    const add = () => asClerk('POST', `/api/console/orders/${id}/notes`, { content: '客户下午方便接电话', client_key: KEY });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    expect(await rows('order_notes', id)).toHaveLength(1);
    expect(await auditRows(test, 'order.note', id)).toHaveLength(1);
  });

  it('refuses a key that is not a plain key, and the handling rules still hold for a keyed call', async () => {
    const id = await mine();
    expectError(await asClerk('POST', `/api/console/orders/${id}/calls`, { outcome: 'connected', client_key: "x' OR 1=1 --" }), 'VALIDATION_FAILED');
    expectError(await asOther('POST', `/api/console/orders/${id}/calls`, { outcome: 'connected', client_key: KEY }), 'CONSOLE_ORDER_TAKEN_BY_OTHER');
    expect(await rows('order_calls', id)).toHaveLength(0);
  });
});
