import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * Creating an order writes the order and its payment attempt in one commit; the provider is asked
 * after it. The sandbox provider's trade row stands for the gateway's own storage: it stays a write
 * of its own, through the gateway's own handle (app.ts), as a real gateway's trade is not in our
 * database at all; it is not counted here.
 */
describeDialects('order creation in one commit (%s)', (dialect) => {
  let test: TestApp;
  let phoneSeq = 0;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
  });
  afterAll(async () => {
    await test?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * Watches the app's database handle: every transaction it opens, and every write outside one
   * (each such statement is a commit of its own). Writes inside a transaction go through the
   * transaction's own handle and are not seen here.
   */
  function watchCommits() {
    const db = test.database.db;
    const seen = { transactions: 0, writesOutsideTransactions: [] as string[] };
    const transaction = db.transaction.bind(db);
    vi.spyOn(db, 'transaction').mockImplementation(() => {
      seen.transactions += 1;
      return transaction();
    });
    for (const method of ['insertInto', 'updateTable', 'deleteFrom', 'mergeInto'] as const) {
      const original = (db[method] as (table: string) => unknown).bind(db);
      vi.spyOn(db, method as 'insertInto').mockImplementation(((table: string) => {
        seen.writesOutsideTransactions.push(String(table));
        return original(table);
      }) as never);
    }
    return seen;
  }

  async function placeOrder() {
    phoneSeq += 1;
    return signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: `1390000${String(phoneSeq).padStart(4, '0')}` }), headers: { 'x-device-id': `one-commit-${phoneSeq}` } });
  }

  async function rowsOf(publicId: string) {
    const db = test.database.db;
    const order = await db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
    const attempts = await db.selectFrom('payment_attempts').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    return { order, attempts };
  }

  it('writes the order and its payment attempt in one transaction, and nothing of ours apart', async () => {
    const seen = watchCommits();
    const response = await placeOrder();
    expect(response.statusCode, response.body).toBe(200);
    expect(seen).toEqual({ transactions: 1, writesOutsideTransactions: [] });

    const { order, attempts } = await rowsOf(envelopeOf<{ orderId: string }>(test, response).data.orderId);
    expect(order.status).toBe(ORDER_STATUS.unpaid);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'PENDING', out_trade_no: `${order.out_trade_no}P01` });
  });

  it('a provider failing after the commit leaves the order and a superseded attempt for the sweep, as before', async () => {
    const seen = watchCommits();
    vi.spyOn(test.app.services.sandbox!, 'createTrade').mockRejectedValue(new Error('gateway unavailable (test)'));
    const response = await placeOrder();
    expect(response.statusCode, response.body).toBe(502);
    // The order and attempt in one transaction; the failure is then recorded on the attempt.
    expect(seen.transactions).toBe(1);
    expect(seen.writesOutsideTransactions).toEqual(['payment_attempts', 'payment_attempts']);
    vi.restoreAllMocks();

    const orders = await test.database.db.selectFrom('orders').select(['public_id']).where('entity_phone', '=', `1390000${String(phoneSeq).padStart(4, '0')}`).execute();
    expect(orders).toHaveLength(1);
    const { order, attempts } = await rowsOf(orders[0]!.public_id);
    expect(order.status).toBe(ORDER_STATUS.unpaid);
    expect(attempts).toHaveLength(1);
    // Unknown outcome: superseded and due for the sweep now (it closes the trade and asks once more).
    expect(attempts[0]).toMatchObject({ status: 'SUPERSEDED', next_query_at: test.clock.now.toISOString() });
  });
});
