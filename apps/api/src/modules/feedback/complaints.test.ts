import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintDeadline, type ConsoleFeedback, type ConsoleFeedbackCounts, type ConsolePage } from '@kuaibao/domain';
import type { Kysely } from 'kysely';
import { complaintOrderAndDeadline } from '../../db/migrations/034_complaint_order_and_deadline.ts';
import { issuePhoneToken } from '../../security/phone-token.ts';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { signedInject } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';

/**
 * Complaints on the right order (docs/decisions/056-complaints-on-the-right-order.md): the visitor
 * picks the order from their phone's orders and proves it theirs as the lookup does (decision 049),
 * or names a company; the console lists an order's complaints, assigns them as orders are assigned
 * and keeps the form's 3-working-day promise with near-breach and overdue views.
 */
describeDialects('complaints on the right order (%s)', (dialect) => {
  // Wednesday 2026-03-04, 10:00 in Beijing: due at the end of Monday 2026-03-09.
  const START = new Date('2026-03-04T02:00:00.000Z');
  const PHONE = '13700000811';
  const OTHER_PHONE = '13700000812';
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let asClerk: Call;
  let asOtherClerk: Call;
  /** A new session after the clock jumped days ahead (sessions end). */
  const signInAgain = async () => {
    asClerk = caller(test, await login(test, 'clerk.qian', 'clerk.qian-final-2026'));
  };
  let clerkId: number;
  let otherClerkId: number;
  let noodles: { id: number; publicId: string };
  let trading: { id: number; publicId: string };
  let foreign: { id: number; publicId: string };
  let token: string;
  let otherToken: string;
  let vault: ReturnType<typeof createPersonalDataVault>;

  const order = async (overrides: Record<string, string>) => {
    const id = await insertOrder(test, overrides);
    const row = await test.database.db.selectFrom('orders').select('public_id').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, publicId: row.public_id };
  };
  const submit = (report: Record<string, unknown>) => signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '售后问题', contact: '', ...report } } });
  const stored = (content: string) => test.database.db.selectFrom('feedback').selectAll().where('content', '=', content).execute();
  const inbox = async (call: Call, query: Record<string, string>) => dataOf<ConsolePage<ConsoleFeedback>>(await call('GET', '/api/console/feedback', undefined, { query }));

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, {}, START);
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    const clerk = await createStaff(test, admin, { username: 'clerk.qian', role: 'clerk', display_name: '钱专员' });
    const otherClerk = await createStaff(test, admin, { username: 'clerk.sun', role: 'clerk', display_name: '孙专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asOtherClerk = caller(test, otherClerk);
    const staff = await test.database.db.selectFrom('staff').select(['id', 'username']).execute();
    clerkId = staff.find((s) => s.username === 'clerk.qian')!.id;
    otherClerkId = staff.find((s) => s.username === 'clerk.sun')!.id;
    // The phone's older order first: the old rule linked the phone's newest order whatever the complaint said.
    noodles = await order({ entity_phone: PHONE, entity_name: '桂林市七星区国伟面馆', entity_id: '92450305MA5KXXXX1A' });
    trading = await order({ entity_phone: PHONE, entity_name: '宝信商贸有限公司', entity_id: '91450300MA5KXXXX2B' });
    foreign = await order({ entity_phone: OTHER_PHONE, entity_name: '别人家的公司', entity_id: '91450300MA5KXXXX3C' });
    vault = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey });
    token = issuePhoneToken(vault, PHONE, START).token;
    otherToken = issuePhoneToken(vault, OTHER_PHONE, START).token;
  });
  afterAll(async () => {
    await test.close();
  });

  describe('the visitor picks the order', () => {
    it('with the verified phone, the complaint lands on the chosen order, not the phone’s newest', async () => {
      const sent = await submit({ content: '面馆的年报一直没办', contact: PHONE, order: { id: noodles.publicId, phone_token: token } });
      expect(sent.statusCode, sent.body).toBe(200);
      const [row] = await stored('面馆的年报一直没办');
      expect(row).toMatchObject({ order_id: noodles.id, company_name: '' });
    });

    it('with the ordering device’s key too', async () => {
      const key = vault.capability('order.declaration', trading.publicId);
      const sent = await submit({ content: '商贸公司的回执不对', order: { id: trading.publicId, key } });
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await stored('商贸公司的回执不对'))[0]).toMatchObject({ order_id: trading.id });
    });

    it('refuses another phone’s order id, whatever proof of another order comes with it, and stores nothing', async () => {
      const attempts = [
        { id: foreign.publicId, phone_token: token },
        { id: foreign.publicId, key: vault.capability('order.declaration', noodles.publicId) },
        { id: foreign.publicId },
        { id: foreign.publicId, phone_token: `${token.split('.')[0]}.${'A'.repeat(32)}` },
        // the other phone's token does not open this phone's orders either
        { id: noodles.publicId, phone_token: otherToken },
      ];
      const bodies = new Set<string>();
      for (const attempt of attempts) {
        const refused = await submit({ content: '冒领别人的订单', order: attempt });
        expectError(refused, 'REPORT_ORDER_FORBIDDEN');
        bodies.add(refused.body);
      }
      // An unknown id is answered exactly alike: the id tells nothing.
      const unknown = await submit({ content: '冒领别人的订单', order: { id: 'no-such-order', phone_token: token } });
      expectError(unknown, 'REPORT_ORDER_FORBIDDEN');
      bodies.add(unknown.body);
      expect(bodies.size).toBe(1);
      expect(await stored('冒领别人的订单')).toEqual([]);
    });

    it('a complaint naming a company is kept as typed and linked to nothing, even with the phone in the contact', async () => {
      const sent = await submit({ content: '有人以宝信商贸名义收费', contact: `手机 ${PHONE}`, company: ' 宝信商贸 ' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await stored('有人以宝信商贸名义收费'))[0]).toMatchObject({ order_id: null, company_name: '宝信商贸' });
      const listed = (await inbox(asClerk, { status: 'open' })).items.find((f) => f.content === '有人以宝信商贸名义收费')!;
      expect(listed).toMatchObject({ order_id: null, out_trade_no: '', company_name: '宝信商贸' });
    });

    it('the order page lists the order’s complaints only', async () => {
      const onNoodles = await inbox(asClerk, { order_id: String(noodles.id) });
      expect(onNoodles.items.map((f) => f.content)).toEqual(['面馆的年报一直没办']);
      expect((await inbox(asClerk, { order_id: String(foreign.id) })).items).toEqual([]);
    });
  });

  describe('assignee and the 3-working-day deadline', () => {
    let complaint: ConsoleFeedback;
    beforeAll(async () => {
      complaint = (await inbox(asClerk, { order_id: String(noodles.id) })).items[0]!;
    });

    it('is due at the end of the third working day after it arrived, and the clock runs', () => {
      expect(complaint.due_at).toBe(complaintDeadline(START));
      expect(complaint.due_at).toBe('2026-03-09T15:59:59.999Z');
      expect(complaint.sla).toMatchObject({ state: 'running', deadline: '2026-03-09T15:59:59.999Z' });
      expect(complaint).toMatchObject({ assignee_id: null, assignee_name: '' });
    });

    it('is taken by a clerk, not given to a colleague by one, not taken from them; an admin reassigns it, audited', async () => {
      const assign = (call: Call, staffId: number, id = complaint.id) => call('PUT', `/api/console/feedback/${id}/assignee`, { staff_id: staffId });
      expectError(await assign(asClerk, otherClerkId), 'CONSOLE_COMPLAINT_ASSIGN_FORBIDDEN');
      expect(dataOf<ConsoleFeedback>(await assign(asClerk, clerkId))).toMatchObject({ assignee_id: clerkId, assignee_name: '钱专员' });
      // Again: nothing changes, no second audit entry.
      dataOf<ConsoleFeedback>(await assign(asClerk, clerkId));
      expectError(await assign(asOtherClerk, otherClerkId), 'CONSOLE_COMPLAINT_TAKEN_BY_OTHER');
      expect((await inbox(asClerk, { view: 'mine' })).items.map((f) => f.id)).toEqual([complaint.id]);
      expect((await inbox(asOtherClerk, { view: 'mine' })).items).toEqual([]);
      expect((await inbox(asClerk, { view: 'unassigned' })).items.map((f) => f.id)).not.toContain(complaint.id);

      expectError(await assign(asAdmin, 999_999), 'CONSOLE_ASSIGNEE_NOT_FOUND');
      expectError(await assign(asAdmin, clerkId, 999_999), 'CONSOLE_FEEDBACK_NOT_FOUND');
      expect(dataOf<ConsoleFeedback>(await assign(asAdmin, otherClerkId))).toMatchObject({ assignee_id: otherClerkId, assignee_name: '孙专员' });
      const audit = await auditRows(test, 'feedback.assign', complaint.id);
      expect(audit.map((row) => JSON.parse(row.after!) as { assignee_name: string }).map((after) => after.assignee_name)).toEqual(['钱专员', '孙专员']);
    });

    it('turns near breach in its last day and overdue after it, in the views and their counts; handling takes it out', async () => {
      const counts = async () => dataOf<ConsoleFeedbackCounts>(await asClerk('GET', '/api/console/feedback/counts'));
      const idsIn = async (view: string) => (await inbox(asClerk, { view })).items.map((f) => f.id);
      expect(await idsIn('near_breach')).toEqual([]);
      expect(await idsIn('overdue')).toEqual([]);
      expect(await counts()).toMatchObject({ open: 3, near_breach: 0, overdue: 0 });

      // Monday 2026-03-09, 12:00 in Beijing: under 12 hours left.
      test.clock.advance(Date.parse('2026-03-09T04:00:00.000Z') - test.clock.now.getTime());
      await signInAgain();
      expect(await idsIn('near_breach')).toContain(complaint.id);
      expect(await idsIn('overdue')).toEqual([]);
      expect((await inbox(asClerk, { order_id: String(noodles.id) })).items[0]!.sla.state).toBe('near_breach');
      expect(await counts()).toMatchObject({ near_breach: 3, overdue: 0 });

      // Tuesday 00:00 in Beijing: a moment past the promise.
      test.clock.advance(Date.parse('2026-03-09T16:00:00.000Z') - test.clock.now.getTime());
      await signInAgain();
      expect(await idsIn('near_breach')).toEqual([]);
      expect(await idsIn('overdue')).toContain(complaint.id);
      expect((await inbox(asClerk, { view: 'overdue' })).items.find((f) => f.id === complaint.id)!.sla).toMatchObject({ state: 'breached', minutes: 1 });
      expect(await counts()).toMatchObject({ overdue: 3 });

      dataOf<ConsoleFeedback>(await asClerk('PUT', `/api/console/feedback/${complaint.id}`, { status: 'handled', reply: '已致电客户，年报已报送' }));
      expect(await idsIn('overdue')).not.toContain(complaint.id);
      const handled = (await inbox(asClerk, { order_id: String(noodles.id) })).items[0]!;
      expect(handled.sla).toMatchObject({ state: 'met_late', minutes: 1 });
      expect(await counts()).toMatchObject({ open: 2, overdue: 2 });
    });
  });
  describe('migration 034', () => {
    it('gives complaints stored before it their deadline from their arrival, ISO or the column default’s form', async () => {
      const db = test.database.db as unknown as Kysely<unknown>;
      const migration = complaintOrderAndDeadline();
      await migration.down!(db);
      await test.database.db.insertInto('feedback').values({ type: '其他问题', content: '旧投诉 ISO', created_at: '2026-03-06T12:00:00.000Z' } as never).execute();
      await test.database.db.insertInto('feedback').values({ type: '其他问题', content: '旧投诉 默认格式', created_at: '2026-03-04 02:00:00' } as never).execute();
      await migration.up(db);
      const rows = await test.database.db.selectFrom('feedback').select(['content', 'due_at', 'company_name', 'assignee_id']).where('content', 'like', '旧投诉%').orderBy('id').execute();
      expect(rows).toEqual([
        { content: '旧投诉 ISO', due_at: '2026-03-11T15:59:59.999Z', company_name: '', assignee_id: null },
        { content: '旧投诉 默认格式', due_at: '2026-03-09T15:59:59.999Z', company_name: '', assignee_id: null },
      ]);
    });
  });
});
