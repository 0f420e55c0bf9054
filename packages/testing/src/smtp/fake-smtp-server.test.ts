import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server.ts';

/** The fake mail server spoken to by hand, line by line (RFC 5321, RFC 4954), without any SMTP library. */
describe('fake SMTP server', () => {
  let fake: FakeSmtpServer;
  beforeAll(async () => {
    fake = await startFakeSmtpServer({ user: 'sender@kuaibao.example', password: 'secret-1' });
  });
  afterAll(async () => {
    await fake.close();
  });

  /** A client that sends one line and returns the server's whole reply (multi-line replies joined). */
  const open = async () => {
    const socket: Socket = connect(fake.port, fake.host);
    let buffer = '';
    let waiting: ((reply: string) => void) | undefined;
    const complete = () => {
      // A reply ends with a line "NNN text" (a space after the code, not a hyphen).
      const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
      if (match && waiting) {
        const reply = buffer;
        buffer = '';
        const resolve = waiting;
        waiting = undefined;
        resolve(reply.trimEnd());
      }
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      complete();
    });
    const next = () =>
      new Promise<string>((resolve) => {
        waiting = resolve;
        complete();
      });
    const greeting = await next();
    const say = (line: string) => {
      const reply = next();
      socket.write(`${line}\r\n`);
      return reply;
    };
    return { greeting, say, close: () => socket.destroy() };
  };
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it('greets, lists AUTH PLAIN and LOGIN, and wants a login before MAIL', async () => {
    const client = await open();
    expect(client.greeting).toMatch(/^220 /);
    const ehlo = await client.say('EHLO client.test');
    expect(ehlo).toMatch(/^250-/);
    expect(ehlo).toMatch(/\r\n250[ -]AUTH PLAIN LOGIN/);
    expect(await client.say('MAIL FROM:<sender@kuaibao.example>')).toMatch(/^530 /);
    client.close();
  });

  it('checks the credentials: AUTH LOGIN and AUTH PLAIN, a wrong password refused', async () => {
    const before = fake.authFailures;
    const client = await open();
    await client.say('EHLO client.test');
    expect(await client.say('AUTH LOGIN')).toBe(`334 ${b64('Username:')}`);
    expect(await client.say(b64('sender@kuaibao.example'))).toBe(`334 ${b64('Password:')}`);
    expect(await client.say(b64('wrong'))).toMatch(/^535 /);
    expect(fake.authFailures).toBe(before + 1);
    expect(await client.say(`AUTH PLAIN ${b64('\0sender@kuaibao.example\0secret-1')}`)).toMatch(/^235 /);
    client.close();
  });

  it('takes a message, undoes dot-stuffing, decodes the headers and body, and refuses a recipient as told', async () => {
    fake.refuseRecipient('later@example.com', '450 4.2.1 mailbox busy', 1);
    const client = await open();
    await client.say('EHLO client.test');
    await client.say('AUTH LOGIN');
    await client.say(b64('sender@kuaibao.example'));
    expect(await client.say(b64('secret-1'))).toMatch(/^235 /);
    expect(await client.say('MAIL FROM:<sender@kuaibao.example>')).toMatch(/^250 /);
    expect(await client.say('RCPT TO:<later@example.com>')).toMatch(/^450 /);
    expect(await client.say('RCPT TO:<later@example.com>')).toMatch(/^250 /);
    expect(await client.say('DATA')).toMatch(/^354 /);
    const message = [
      'From: sender@kuaibao.example',
      'To: later@example.com',
      `Subject: =?UTF-8?B?${b64('【发票】')}?=`,
      ` =?UTF-8?Q?=E5=B7=B2=E5=BC=80=E5=85=B7?=`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      '第一行',
      '..以句点开头',
    ].join('\r\n');
    expect(await client.say(`${message}\r\n.`)).toMatch(/^250 /);
    expect(await client.say('QUIT')).toMatch(/^221 /);
    client.close();
    const received = fake.messages.at(-1)!;
    expect(received).toMatchObject({ mailFrom: 'sender@kuaibao.example', rcptTo: ['later@example.com'], user: 'sender@kuaibao.example', tls: false, subject: '【发票】已开具', text: '第一行\n.以句点开头' });
  });
});
