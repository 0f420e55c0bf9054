import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * Two clerks and one order: the one who loses 接单 is told who took it (the detail after the
 * catalog text's comma), whether the winner's commit came before the loser read the order or
 * between its read and its conditional update.
 */
describeDialects('losing 接单 to a colleague (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let zhao: Session;
  let qian: Session;
  let asZhao: Call;
  let asQian: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    zhao = await createStaff(test, admin, { username: 'clerk.zhao2', role: 'clerk', display_name: '赵专员' });
    qian = await createStaff(test, admin, { username: 'clerk.qian2', role: 'clerk', display_name: '钱专员' });
    asZhao = caller(test, zhao);
    asQian = caller(test, qian);
  });
  afterAll(async () => {
    await test.close();
  });

  const take = (call: Call, id: number) => call('POST', `/api/console/orders/${id}/take`, { force: false });
  const conflict = { code: ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.code };

  it('names the colleague who took it first', async () => {
    const id = await insertOrder(test);
    expect((await take(asZhao, id)).statusCode).toBe(200);
    const lost = await take(asQian, id);
    expect(lost.statusCode).toBe(ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.status);
    expect(lost.json()).toEqual({ ...conflict, msg: `${ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.message},赵专员` });
  });

  it('names the winner of a take at the same moment, for every order', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertOrder(test)));
    const answers = await Promise.all(ids.map((id) => Promise.all([take(asZhao, id), take(asQian, id)])));
    for (const [index, pair] of answers.entries()) {
      const winners = pair.filter((answer) => answer.statusCode === 200);
      expect(winners).toHaveLength(1);
      const order = await test.database.db.selectFrom('orders').select('admin_name').where('id', '=', ids[index]!).executeTakeFirstOrThrow();
      const loser = pair.find((answer) => answer.statusCode !== 200)!;
      expect(loser.json()).toEqual({ ...conflict, msg: `${ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.message},${order.admin_name}` });
    }
  });
});
