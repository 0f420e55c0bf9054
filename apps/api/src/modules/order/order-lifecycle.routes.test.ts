import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUSES, PROCESS_STATUS, PROCESS_STATUS_FLOW, canMoveProcessStatus, type OrderStatus, type ProcessStatus } from '@kuaibao/domain';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, expectError, insertOrder, login, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * The order's state machines over HTTP: every handling move the domain refuses comes back as the
 * catalog error for it (a 400 the console can show), never as a 500, and leaves the order as it was.
 */
describeDialects('refused order moves answer with catalog errors (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    asAdmin = caller(test, admin);
  });

  afterAll(async () => {
    await test.close();
  });

  async function orderIn(status: OrderStatus, processStatus: ProcessStatus): Promise<number> {
    const admin = await test.database.db.selectFrom('staff').select(['id', 'display_name']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    return insertOrder(test, { status, process_status: processStatus, admin_id: admin.id, admin_name: admin.display_name });
  }

  const stateOf = (id: number) => test.database.db.selectFrom('orders').select(['status', 'process_status']).where('id', '=', id).executeTakeFirstOrThrow();

  it('every handling move out of a state the table does not allow is CONSOLE_STATUS_TRANSITION_INVALID on a paid order', async () => {
    let refused = 0;
    for (const from of PROCESS_STATUS_FLOW) {
      for (const to of PROCESS_STATUS_FLOW) {
        if (canMoveProcessStatus(from, to)) continue;
        const id = await orderIn(ORDER_STATUS.paid, from);
        const response = await asAdmin('POST', `/api/console/orders/${id}/process-status`, { process_status: to, note: '测试' });
        expectError(response, 'CONSOLE_STATUS_TRANSITION_INVALID');
        expect(await stateOf(id)).toEqual({ status: ORDER_STATUS.paid, process_status: from });
        refused += 1;
      }
    }
    expect(refused).toBe(9);
  });

  it('an order that is not paid cannot be moved, taken or given screenshots: CONSOLE_ORDER_NOT_PAID', async () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== ORDER_STATUS.paid)) {
      const processStatus = status === ORDER_STATUS.refunded ? PROCESS_STATUS.ended : PROCESS_STATUS.pending;
      const id = await orderIn(status, processStatus);
      expectError(await asAdmin('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.processing, note: '测试' }), 'CONSOLE_ORDER_NOT_PAID');
      expectError(await asAdmin('POST', `/api/console/orders/${id}/take`, { force: true }), 'CONSOLE_ORDER_NOT_PAID');
      expect(await stateOf(id)).toEqual({ status, process_status: processStatus });
    }
  });

  it('a refund request for an order that is not paid is refused with CONSOLE_REFUND_NOT_ALLOWED', async () => {
    const id = await orderIn(ORDER_STATUS.refunded, PROCESS_STATUS.ended);
    expectError(await asAdmin('POST', `/api/console/orders/${id}/refund-requests`, { reason: '办理失败' }), 'CONSOLE_REFUND_NOT_ALLOWED');
  });
});
