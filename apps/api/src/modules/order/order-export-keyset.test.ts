import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSOLE_ORDER_SORTS, ORDER_STATUS } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, insertOrder, login, type ConsoleTestApp } from '../console/console.test-support.ts';
import { orderHandlingRepository, type OrderKeyset } from './order-handling.repository.ts';

/** An order export's batches follow the list's sort (decision 045), with small batches so every boundary is crossed. */
describeDialects('order export keyset (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let staffId: number;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    staffId = (await login(test, 'admin', ADMIN_PASSWORD)).staffId;
  });
  afterAll(async () => {
    await test.close();
  });

  it('pages an order export by the sort keys: ties and unpaid orders neither skip nor repeat', async () => {
    const mark = '键集测试';
    const paidAt = (minute: number) => new Date(Date.UTC(2026, 2, 1, 8, minute)).toISOString();
    for (const [fee, minute] of [
      [500, 1],
      [500, 1],
      [700, 2],
      [500, 3],
      [700, 1],
      [300, 3],
    ] as const)
      await insertOrder(test, { entity_name: `${mark}${fee}`, total_fee: fee, pay_time: paidAt(minute) });
    for (const fee of [500, 900]) await insertOrder(test, { entity_name: `${mark}未付${fee}`, total_fee: fee, status: ORDER_STATUS.unpaid, pay_time: null });
    const context = { staffId: staffId, now: test.clock.now };
    for (const sort of [undefined, ...CONSOLE_ORDER_SORTS]) {
      const query = { view: 'all' as const, include_unpaid: '1' as const, q: mark, page: 1, page_size: 100, date_field: 'create' as const, ...(sort ? { sort } : {}) };
      const shown = (await orderHandlingRepository.listQueue(test.database.db, query, context)).rows.map((o) => o.id);
      const exported: number[] = [];
      let after: OrderKeyset | undefined;
      for (;;) {
        const batch = await orderHandlingRepository.exportBatch(test.database.db, query, context, after, 2);
        exported.push(...batch.map((o) => o.id));
        if (batch.length < 2) break;
        after = batch.at(-1);
      }
      expect(shown).toHaveLength(8);
      expect(exported, `sort ${sort ?? '(default)'}`).toEqual(shown);
    }
  });
});
