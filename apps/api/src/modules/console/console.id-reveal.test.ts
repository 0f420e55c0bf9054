import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * Who sees an order's full ID number (packages/domain/src/id-reveal.ts, docs/security.md): a clerk
 * only on an order they handle, with a reason, a few times a day (3 here); an admin on any order.
 */

const ID_NUMBER = '11010519491231002X';
const DAILY = 3;
/** 23:00 in Beijing: two hours on is the next Beijing day. */
const START = new Date('2026-11-29T15:00:00.000Z');

describeDialects('revealing an order’s full ID number (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let other: Session;
  let asAdmin: Call;
  let asClerk: Call;
  let asOther: Call;
  const reveal = (call: Call, orderId: number, body: unknown = { reason: '办理需要' }) => call('POST', `/api/console/orders/${orderId}/reveal-id`, body);

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, { CONSOLE_ID_REVEALS_PER_DAY: String(DAILY) }, START);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.zhao', role: 'clerk', display_name: '赵专员' });
    other = await createStaff(test, admin, { username: 'clerk.qian', role: 'clerk', display_name: '钱专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asOther = caller(test, other);
  });
  afterAll(async () => {
    await test.close();
  });

  it('shows a clerk the number of an order they handle, and audits it with the reason, never the number', async () => {
    const orderId = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' });
    const revealed = dataOf<{ entity_idno: string }>(await reveal(asClerk, orderId, { reason: '联系客户核实身份', note: '客户来电核对' }));
    expect(revealed.entity_idno).toBe(ID_NUMBER);
    const rows = await auditRows(test, 'order.reveal_id', orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_id: clerk.staffId, target_type: 'order' });
    expect(JSON.parse(rows[0]!.after!)).toEqual({ purged: false, reason: '联系客户核实身份：客户来电核对' });
    expect(JSON.stringify(rows[0])).not.toContain(ID_NUMBER);
  });

  it('refuses a clerk the number of an order a colleague handles, or nobody yet, and writes nothing', async () => {
    const colleagues = await insertOrder(test, { admin_id: other.staffId, admin_name: '钱专员' });
    const nobodys = await insertOrder(test);
    for (const orderId of [colleagues, nobodys]) {
      const refused = await reveal(asClerk, orderId);
      expectError(refused, 'CONSOLE_ID_REVEAL_NOT_THEIRS');
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(ID_NUMBER);
      expect(await auditRows(test, 'order.reveal_id', orderId)).toHaveLength(0);
    }
    // The colleague who handles it may.
    expect(dataOf<{ entity_idno: string }>(await reveal(asOther, colleagues)).entity_idno).toBe(ID_NUMBER);
  });

  it('shows an admin any order’s number, handled by anyone or nobody', async () => {
    for (const orderId of [await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' }), await insertOrder(test)]) {
      expect(dataOf<{ entity_idno: string }>(await reveal(asAdmin, orderId, { reason: '其他', note: '抽查' })).entity_idno).toBe(ID_NUMBER);
      expect(JSON.parse((await auditRows(test, 'order.reveal_id', orderId))[0]!.after!)).toMatchObject({ reason: '其他：抽查' });
    }
  });

  it('needs a reason: one of the listed ones, and words of its own for 其他', async () => {
    const orderId = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' });
    expectError(await asClerk('POST', `/api/console/orders/${orderId}/reveal-id`), 'VALIDATION_FAILED');
    expectError(await reveal(asClerk, orderId, {}), 'VALIDATION_FAILED');
    expectError(await reveal(asClerk, orderId, { reason: '好奇' }), 'VALIDATION_FAILED');
    expectError(await reveal(asClerk, orderId, { reason: '其他', note: '   ' }), 'CONSOLE_NOTE_REQUIRED');
    expectError(await reveal(asAdmin, orderId, { reason: '其他' }), 'CONSOLE_NOTE_REQUIRED');
    expect(await auditRows(test, 'order.reveal_id', orderId)).toHaveLength(0);
  });

  it('stops a clerk at the day’s number (Beijing day), then lets them on the next day; an admin is not counted', async () => {
    // This clerk's reveals so far today: one (the first test).
    const orderId = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '赵专员' });
    for (let i = 1; i < DAILY; i++) dataOf(await reveal(asClerk, orderId));
    const refused = await reveal(asClerk, orderId);
    expectError(refused, 'CONSOLE_ID_REVEAL_DAILY_LIMIT');
    expect(refused.statusCode).toBe(429);
    // Ask again at Beijing midnight, not before.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    expect(await auditRows(test, 'order.reveal_id', orderId)).toHaveLength(DAILY - 1);
    // Another clerk keeps their own count.
    const theirs = await insertOrder(test, { admin_id: other.staffId, admin_name: '钱专员' });
    dataOf(await reveal(asOther, theirs));
    // An admin past the clerks' number.
    for (let i = 0; i <= DAILY; i++) dataOf(await reveal(asAdmin, orderId));

    test.clock.advance(2 * 3600_000);
    expect(dataOf<{ entity_idno: string }>(await reveal(asClerk, orderId)).entity_idno).toBe(ID_NUMBER);
  });

  it('holds the number against reveals sent at once', async () => {
    const racer = await createStaff(test, admin, { username: 'clerk.sun', role: 'clerk', display_name: '孙专员' });
    const asRacer = caller(test, racer);
    const orderId = await insertOrder(test, { admin_id: racer.staffId, admin_name: '孙专员' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => reveal(asRacer, orderId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await auditRows(test, 'order.reveal_id', orderId)).toHaveLength(DAILY);
  });
});

describe('CONSOLE_ID_REVEALS_PER_DAY', () => {
  it('is 30 unless set', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(loadConfig({ APP_ENV: 'dev' }).console.idRevealsPerDay).toBe(30);
  });
});
