import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '@kuaibao/testing';
import type { SmtpConfig } from '../../config.ts';
import { createSmtpEmailProvider } from './smtp.provider.ts';

/**
 * The SMTP adapter against the fake mail server of @kuaibao/testing (docs/decisions/067-smtp-email.md):
 * what arrives, and how each failure is classified for the outbox.
 */
describe('SMTP email provider', () => {
  const FROM = 'invoice@kuaibao.example';
  const USER = 'invoice@kuaibao.example';
  const PASSWORD = 'authorisation-code-1';
  let fake: FakeSmtpServer;
  const settings = (overrides: Partial<SmtpConfig> = {}): SmtpConfig => ({ host: fake.host, port: fake.port, secure: false, requireTls: false, auth: { user: USER, password: PASSWORD }, timeoutMs: 2000, ...overrides });
  const mail = { to: 'caiwu@example.com', subject: '【发票】北京字节跳动科技有限公司的发票已开具', text: '您的发票已开具，下载：https://kuaibao.example/invoice-file/7/abc\n.一行以句点开头\n..两个句点', idempotencyKey: 'email.invoice_issued:7' };

  beforeAll(async () => {
    fake = await startFakeSmtpServer({ user: USER, password: PASSWORD });
  });
  afterEach(() => {
    fake.reset();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('delivers a UTF-8 subject and body from EMAIL_FROM, logged in, with one Message-ID across retries', async () => {
    const email = createSmtpEmailProvider({ from: FROM, smtp: settings() });
    const first = await email.send(mail);
    const again = await email.send(mail);
    expect(first).toEqual({ ok: true, providerMessageId: expect.stringMatching(/^<[0-9a-f]{32}@kuaibao\.example>$/) });
    expect(again).toEqual(first);
    expect(fake.messages).toHaveLength(2);
    const [message] = fake.messages;
    expect(message).toMatchObject({ mailFrom: FROM, rcptTo: ['caiwu@example.com'], user: USER, subject: mail.subject, text: mail.text });
    expect(message!.headers.from).toContain(FROM);
    expect(message!.headers.to).toBe('caiwu@example.com');
    expect(message!.headers['content-type']).toMatch(/text\/plain; charset=utf-8/i);
    // The Chinese travels encoded (RFC 2047), never as raw bytes in the header.
    expect(message!.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
  });

  it('a forged address or subject cannot add a recipient or a header', async () => {
    const email = createSmtpEmailProvider({ from: FROM, smtp: settings() });
    expect(await email.send({ ...mail, to: 'caiwu@example.com, evil@example.com' })).toMatchObject({ ok: false, retryable: false, code: 'SMTP_ADDRESS_INVALID' });
    expect(await email.send({ ...mail, to: 'Boss <evil@example.com>' })).toMatchObject({ ok: false, retryable: false, code: 'SMTP_ADDRESS_INVALID' });
    expect(await email.send({ ...mail, subject: '发票\r\nBcc: evil@example.com' })).toMatchObject({ ok: true });
    expect(fake.messages.map((message) => message.rcptTo)).toEqual([['caiwu@example.com']]);
    expect(fake.messages[0]!.headers.bcc).toBeUndefined();
    expect(fake.messages[0]!.raw).not.toMatch(/^Bcc:/im);
  });

  it('a wrong password is refused, counted by the server, and left to retry', async () => {
    const email = createSmtpEmailProvider({ from: FROM, smtp: settings({ auth: { user: USER, password: 'wrong' } }) });
    expect(await email.send(mail)).toMatchObject({ ok: false, retryable: true, code: 'SMTP_535' });
    expect(fake.authFailures).toBe(1);
    expect(fake.messages).toEqual([]);
  });

  it('a 5xx for the recipient is final; a 4xx is worth another try', async () => {
    const email = createSmtpEmailProvider({ from: FROM, smtp: settings() });
    fake.refuseRecipient('caiwu@example.com', '550 5.1.1 mailbox unknown');
    expect(await email.send(mail)).toMatchObject({ ok: false, retryable: false, code: 'SMTP_550' });
    fake.refuseRecipient('caiwu@example.com', '451 4.3.0 try again later', 1);
    expect(await email.send(mail)).toMatchObject({ ok: false, retryable: true, code: 'SMTP_451' });
    expect(await email.send(mail)).toMatchObject({ ok: true });
    expect(fake.messages).toHaveLength(1);
  });

  it('a refused connection and a server that never greets are retried, the wait bounded by the timeout', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = createSmtpEmailProvider({ from: FROM, smtp: settings({ port }) });
    expect(await refused.send(mail)).toMatchObject({ ok: false, retryable: true, code: 'SMTP_ESOCKET' });

    fake.stall(true);
    const silent = createSmtpEmailProvider({ from: FROM, smtp: settings({ timeoutMs: 300 }) });
    const started = Date.now();
    expect(await silent.send(mail)).toMatchObject({ ok: false, retryable: true, code: 'SMTP_ETIMEDOUT' });
    // Bounded by the setting, not nodemailer's 30-second default greeting wait.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('with TLS required, a server that offers no STARTTLS gets no password and no message', async () => {
    const email = createSmtpEmailProvider({ from: FROM, smtp: settings({ requireTls: true }) });
    expect(await email.send(mail)).toMatchObject({ ok: false, retryable: true, code: 'SMTP_502' });
    expect(fake.connections).toBe(1);
    expect(fake.authAttempts).toBe(0);
    expect(fake.messages).toEqual([]);
  });

  describe('STARTTLS with a certificate made for this run', () => {
    let dir: string;
    let secure: FakeSmtpServer;
    let cert: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-smtp-tls-'));
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
      cert = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
      secure = await startFakeSmtpServer({ user: USER, password: PASSWORD, tls: { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert } });
    });
    afterAll(async () => {
      await secure.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('sends under TLS when the certificate is trusted, and refuses an unknown one', async () => {
      const untrusted = createSmtpEmailProvider({ from: FROM, smtp: { ...settings({ requireTls: true }), port: secure.port } });
      expect(await untrusted.send(mail)).toMatchObject({ ok: false, retryable: true });
      expect(secure.authAttempts).toBe(0);
      expect(secure.messages).toEqual([]);
      const trusted = createSmtpEmailProvider({ from: FROM, smtp: { ...settings({ requireTls: true }), port: secure.port }, tls: { ca: cert } });
      expect(await trusted.send(mail)).toMatchObject({ ok: true });
      expect(secure.messages).toMatchObject([{ tls: true, user: USER, subject: mail.subject, text: mail.text }]);
    });
  });
});
