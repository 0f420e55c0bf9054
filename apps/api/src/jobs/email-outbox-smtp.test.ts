import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '@kuaibao/testing';
import { createPersonalDataVault } from '../security/personal-data.ts';
import { describeDialects } from '../test/dialects.ts';
import { signedInject } from '../test/helper.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, dataOf, insertOrder, login, multipartBody, type ConsoleTestApp } from '../modules/console/console.test-support.ts';

/**
 * Invoice emails through EMAIL_PROVIDER=smtp and the outbox (docs/decisions/067-smtp-email.md), against
 * the fake mail server: what the customer receives, and which failures are retried (a lease, backoff,
 * at most one SENT per notice: jobs/email-outbox.ts) and which are given up.
 */
describeDialects('invoice emails over SMTP (%s)', (dialect) => {
  const FROM = 'invoice@kuaibao.example';
  const USER = 'invoice@kuaibao.example';
  const PASSWORD = 'authorisation-code-1';
  const TITLE = '北京字节跳动科技有限公司';
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
  /** jobs/email-outbox.ts waits 30 s before the first retry */
  const FIRST_BACKOFF_MS = 30_000;
  let fake: FakeSmtpServer;
  let test: ConsoleTestApp;
  let vault: ReturnType<typeof createPersonalDataVault>;
  let phone = 13700000930;

  beforeAll(async () => {
    fake = await startFakeSmtpServer({ user: USER, password: PASSWORD });
    test = await buildConsoleTestApp(dialect, {
      EMAIL_OUTBOX_INTERVAL_MS: '0',
      PUBLIC_BASE_URL: 'https://kuaibao.example',
      EMAIL_PROVIDER: 'smtp',
      EMAIL_FROM: FROM,
      SMTP_HOST: fake.host,
      SMTP_PORT: String(fake.port),
      SMTP_SECURE: 'false',
      SMTP_REQUIRE_TLS: 'false',
      SMTP_USER: USER,
      SMTP_PASSWORD: PASSWORD,
      SMTP_TIMEOUT_MS: '5000',
    });
    vault = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey });
  });
  afterEach(() => {
    fake.reset();
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  /** A paid order whose invoice the customer asks for (to `email`) and the clerk issues: the outbox holds its email. */
  const issueInvoice = async (email: string) => {
    phone += 1;
    const orderId = await insertOrder(test, { entity_phone: String(phone) });
    const { public_id: publicId } = await test.database.db.selectFrom('orders').select('public_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    const key = vault.capability('order.declaration', publicId);
    const asked = await signedInject(test, { method: 'POST', url: '/api/h5/invoice', body: { id: publicId, key, invoice: { type: 'normal', title: TITLE, tax_number: '91110108551385082Q', email } } });
    expect(asked.statusCode, asked.body).toBe(200);
    const { id: invoiceId } = await test.database.db.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    // A fresh session each time: the tests move the clock past a session's life.
    const admin = await login(test, 'admin', ADMIN_PASSWORD);
    const { payload, headers } = multipartBody(PDF, '发票.pdf', 'application/pdf');
    dataOf(await test.app.inject({ method: 'POST', url: `/api/console/invoices/${invoiceId}/file`, payload, headers: { ...headers, cookie: `kb_console=${admin.cookie}`, 'x-kb-console': '1' } }));
    const row = await test.database.db.selectFrom('outbox').select(['id', 'payload']).where('kind', '=', 'email.invoice_issued').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const { link } = JSON.parse(row.payload) as { link: string };
    expect(link).toContain(`/invoice-file/${invoiceId}/`);
    return { orderId, invoiceId, outboxId: row.id, link };
  };
  const attempts = (orderId: number) => test.database.db.selectFrom('email_log').select(['status', 'provider', 'error']).where('order_id', '=', orderId).orderBy('id').execute();
  const outboxRow = (id: number) => test.database.db.selectFrom('outbox').select(['processed_at', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  const runOutbox = () => test.app.services.emailOutbox.runOnce();

  it('an issued invoice is mailed from EMAIL_FROM to the customer, the Chinese subject intact, with the file link', async () => {
    const issued = await issueInvoice('caiwu@example.com');
    expect(await runOutbox()).toMatchObject({ sent: 1, failed: 0, retried: 0 });
    expect(fake.messages).toHaveLength(1);
    const [message] = fake.messages;
    expect(message).toMatchObject({ mailFrom: FROM, rcptTo: ['caiwu@example.com'], user: USER, subject: `【发票】${TITLE}的发票已开具` });
    expect(message!.headers.from).toContain(FROM);
    expect(message!.headers.to).toBe('caiwu@example.com');
    expect(message!.text).toContain(issued.link);
    expect(message!.text).toContain(TITLE);
    expect(await attempts(issued.orderId)).toEqual([{ status: 'SENT', provider: 'smtp', error: '' }]);
  });

  it('a refused login is logged as a failed attempt and retried; the email goes out once the password matches', async () => {
    fake.changePassword('rotated-on-the-mailbox');
    const issued = await issueInvoice('login@example.com');
    expect(await runOutbox()).toMatchObject({ sent: 0, retried: 1 });
    expect(fake.authFailures).toBeGreaterThan(0);
    expect(await attempts(issued.orderId)).toEqual([{ status: 'FAILED', provider: 'smtp', error: expect.stringMatching(/^SMTP_535: /) }]);
    expect(await outboxRow(issued.outboxId)).toMatchObject({ processed_at: null, attempts: 1 });
    // Not before its backoff.
    expect(await runOutbox()).toMatchObject({ sent: 0, retried: 0 });
    fake.changePassword(PASSWORD);
    test.clock.advance(FIRST_BACKOFF_MS + 1000);
    expect(await runOutbox()).toMatchObject({ sent: 1 });
    expect(fake.messages.map((message) => message.rcptTo)).toEqual([['login@example.com']]);
    expect((await attempts(issued.orderId)).map((attempt) => attempt.status)).toEqual(['FAILED', 'SENT']);
  });

  it('a recipient refused with 5xx is given up at once, marked failed, never tried again', async () => {
    fake.refuseRecipient('nobody@example.com', '550 5.1.1 <nobody@example.com>: mailbox unknown');
    const issued = await issueInvoice('nobody@example.com');
    expect(await runOutbox()).toMatchObject({ sent: 0, failed: 1, retried: 0 });
    expect(await outboxRow(issued.outboxId)).toMatchObject({ processed_at: expect.any(String), last_error: expect.stringMatching(/^SMTP_550: /) });
    test.clock.advance(24 * 3600_000);
    expect(await runOutbox()).toMatchObject({ sent: 0, failed: 0, retried: 0 });
    expect(fake.messages).toEqual([]);
    expect(await attempts(issued.orderId)).toEqual([{ status: 'FAILED', provider: 'smtp', error: expect.stringMatching(/^SMTP_550: /) }]);
  });

  it('a recipient refused with 4xx is retried after the backoff and mailed once, even when the notice is queued twice', async () => {
    fake.refuseRecipient('busy@example.com', '451 4.3.0 mailbox busy, try again later', 1);
    const issued = await issueInvoice('busy@example.com');
    expect(await runOutbox()).toMatchObject({ sent: 0, retried: 1 });
    test.clock.advance(FIRST_BACKOFF_MS + 1000);
    expect(await runOutbox()).toMatchObject({ sent: 1 });
    // The same notice queued again (a retried transaction): the SENT row stops it going out twice.
    const { payload } = await test.database.db.selectFrom('outbox').select('payload').where('id', '=', issued.outboxId).executeTakeFirstOrThrow();
    await test.database.db.insertInto('outbox').values({ kind: 'email.invoice_issued', payload, created_at: test.clock.now.toISOString(), processed_at: null, last_error: null }).execute();
    expect(await runOutbox()).toMatchObject({ sent: 0, skipped: 1 });
    expect(fake.messages.filter((message) => message.rcptTo.includes('busy@example.com'))).toHaveLength(1);
    expect((await attempts(issued.orderId)).map((attempt) => attempt.status)).toEqual(['FAILED', 'SENT']);
  });
});
