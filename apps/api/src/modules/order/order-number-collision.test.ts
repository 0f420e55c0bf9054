import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import type * as OrderNumbers from './order-number.ts';

/** Order numbers as the generator would draw them with an unlucky second: the same number twice, then another. */
const drawn = vi.hoisted(() => ({ numbers: [] as string[] }));
vi.mock('./order-number.ts', async (importOriginal) => {
  const original = await importOriginal<typeof OrderNumbers>();
  return { ...original, newOrderNumber: (now: Date) => drawn.numbers.shift() ?? original.newOrderNumber(now) };
});

describeDialects('two orders drawing the same order number (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('both succeed: the second draws a new number instead of failing with a 500 (found by npm run bench:api)', async () => {
    drawn.numbers.push('KB20261127083000123456', 'KB20261127083000123456', 'KB20261127083000654321');
    const first = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: '13900000001' }) });
    const second = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: '13900000002' }) });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const ids = [envelopeOf<{ orderId: string }>(test, first).data.orderId, envelopeOf<{ orderId: string }>(test, second).data.orderId];
    const numbers = await test.database.db.selectFrom('orders').select(['public_id', 'out_trade_no']).where('public_id', 'in', ids).execute();
    expect(numbers.map((row) => row.out_trade_no).sort()).toEqual(['KB20261127083000123456', 'KB20261127083000654321']);
    expect(drawn.numbers).toEqual([]);
  });
});
