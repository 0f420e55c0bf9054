import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { createTransport } from 'nodemailer';
import type { SmtpConfig } from '../../config.ts';
import type { EmailProvider, SendEmailInput, SendEmailResult } from './port.ts';

/**
 * Sends each email through the operator's SMTP server (docs/decisions/067-smtp-email.md) with
 * nodemailer: one connection per message (the outbox sends a few a minute), implicit TLS or
 * STARTTLS as configured, the server's certificate checked, and every wait bounded so a silent
 * server cannot hold the outbox's lease. The text is the outbox's, sent as UTF-8 plain text; the
 * subject's Chinese goes out as RFC 2047 encoded words.
 *
 * Failures are returned, classified for the outbox: a 5xx reply to the message (a mailbox that
 * does not exist, a sender refused) would be refused again, so it is not retried; a 4xx reply, a
 * refused or dropped connection, a timeout or a TLS failure may pass later, so it is. A refused
 * login (535) or a server without the STARTTLS we require is retried too: it is the operator's
 * setting that is wrong, not the message, and the invoices wait for the fix instead of being given up.
 */
export function createSmtpEmailProvider(deps: { from: string; smtp: SmtpConfig; /** extra trust for tests (a self-signed certificate) */ tls?: ConnectionOptions }): EmailProvider {
  const transport = smtpTransport(deps.smtp, deps.tls);
  const domain = deps.from.slice(deps.from.lastIndexOf('@') + 1);

  return {
    id: 'smtp',
    async send(input: SendEmailInput): Promise<SendEmailResult> {
      // One bare address, nothing nodemailer would read as a list or a display name: the address is the
      // customer's to type, and a comma in it must not mail a second recipient.
      if (!SINGLE_ADDRESS.test(input.to)) return { ok: false, retryable: false, code: 'SMTP_ADDRESS_INVALID', message: 'not a single email address' };
      try {
        const info = await transport.sendMail({
          from: deps.from,
          to: input.to,
          subject: input.subject,
          text: input.text,
          // The same Message-ID on every retry of one notice, so a mailbox that got it already can tell.
          messageId: `<${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`,
        });
        if (info.rejected.length > 0) return { ok: false, retryable: false, code: 'SMTP_REJECTED', message: `rejected ${info.rejected.join(', ')}` };
        return { ok: true, providerMessageId: info.messageId };
      } catch (error) {
        return classifySmtpFailure(error);
      }
    },
  };
}

const SINGLE_ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/;

/** One connection per message, the TLS the settings ask for, the server's certificate checked, every wait bounded. */
function smtpTransport(smtp: SmtpConfig, tls: ConnectionOptions | undefined) {
  return createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: !smtp.secure && smtp.requireTls,
    ...(smtp.auth ? { auth: { user: smtp.auth.user, pass: smtp.auth.password } } : {}),
    connectionTimeout: smtp.timeoutMs,
    greetingTimeout: smtp.timeoutMs,
    socketTimeout: smtp.timeoutMs,
    dnsTimeout: smtp.timeoutMs,
    // The name the certificate must carry (an address is checked against the certificate's IP entries).
    tls: { ...(isIP(smtp.host) === 0 ? { servername: smtp.host } : {}), minVersion: 'TLSv1.2', ...tls },
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/**
 * Connects, greets, upgrades to TLS and logs in as a send would, and sends nothing: for
 * `npm run check-config -- --connect` (docs/operations.md).
 */
export async function verifySmtpLogin(smtp: SmtpConfig, tls?: ConnectionOptions): Promise<{ ok: true } | Extract<SendEmailResult, { ok: false }>> {
  const transport = smtpTransport(smtp, tls);
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    return classifySmtpFailure(error);
  } finally {
    transport.close();
  }
}

/** Whether trying the same message again may help (see above); the code names the step that failed. */
export function classifySmtpFailure(error: unknown): Extract<SendEmailResult, { ok: false }> {
  const failure = (error ?? {}) as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof failure.code === 'string' ? failure.code : 'EUNKNOWN';
  const reply = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  const message = (typeof failure.response === 'string' ? failure.response : typeof failure.message === 'string' ? failure.message : String(error)).slice(0, 300);
  // RFC 5321 4.2.1: 5yz is a permanent refusal, 503 says only that the session was out of step. Only a
  // refusal of this message (its sender, recipient or content: EENVELOPE, EMESSAGE) is final; a 5xx to
  // the login or to STARTTLS is the operator's setting or server, which can be fixed while mail waits.
  const permanent = reply !== undefined && reply >= 500 && reply < 600 && reply !== 503 && (code === 'EENVELOPE' || code === 'EMESSAGE');
  return { ok: false, retryable: !permanent, code: reply === undefined ? `SMTP_${code}` : `SMTP_${reply}`, message };
}
