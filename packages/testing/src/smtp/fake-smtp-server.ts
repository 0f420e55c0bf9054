import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { TLSSocket, createSecureContext } from 'node:tls';

/**
 * An in-process mail server on 127.0.0.1 for tests, written from RFC 5321 (and RFC 4954 for AUTH,
 * RFC 3207 for STARTTLS): EHLO/HELO, AUTH PLAIN and LOGIN against the one account it is given,
 * MAIL FROM, RCPT TO, DATA (dot-stuffing undone), RSET, NOOP, QUIT, and STARTTLS when given a
 * certificate. It records every message it accepted, decoded enough to assert on (RFC 2047 words in
 * the headers, base64 or quoted-printable bodies, charsets through TextDecoder), and can be told to
 * refuse a recipient with any reply (4xx: try later; 5xx: never), a number of times or for good.
 * It shares no code with the API's SMTP client: both sides must agree on the wire only.
 */

export interface FakeSmtpMessage {
  /** the envelope (MAIL FROM, RCPT TO), not the headers */
  mailFrom: string;
  rcptTo: string[];
  /** the account that logged in on this connection */
  user: string | undefined;
  /** whether the connection was under TLS when the message was sent */
  tls: boolean;
  /** the message as received, dot-stuffing undone, lines joined with CRLF */
  raw: string;
  /** header name (lower case) → unfolded value, encoded words decoded; the last one wins */
  headers: Record<string, string>;
  subject: string;
  /** the body decoded from its transfer encoding and charset (single-part messages), lines ending in \n */
  text: string;
}

export interface FakeSmtpServer {
  readonly host: string;
  readonly port: number;
  readonly messages: FakeSmtpMessage[];
  /** AUTH commands received (a password sent), and those refused (wrong user or password) */
  readonly authAttempts: number;
  readonly authFailures: number;
  /** connections accepted so far */
  readonly connections: number;
  /** answer RCPT TO for this address with `reply` (e.g. "550 5.1.1 mailbox unknown"), `times` times or always */
  refuseRecipient(address: string, reply: string, times?: number): void;
  /** stop refusing every recipient */
  acceptAll(): void;
  /** the password the account now has (the mailbox's password was changed; the client still has the old one) */
  changePassword(password: string): void;
  /** forget the messages and counts, refuse no one, greet again */
  reset(): void;
  /** new connections get no greeting (a server that accepts and then says nothing) until called with false */
  stall(on: boolean): void;
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  user: string;
  password: string;
  /** a certificate and key (PEM): STARTTLS is offered and works */
  tls?: { key: string; cert: string };
  /** the name in the greeting and EHLO answer */
  hostname?: string;
}

interface Session {
  socket: Socket;
  tls: boolean;
  greeted: boolean;
  user: string | undefined;
  mailFrom: string | undefined;
  rcptTo: string[];
  /** AUTH LOGIN's steps, or DATA's lines */
  mode: { kind: 'command' } | { kind: 'auth-login-user' } | { kind: 'auth-login-password'; user: string } | { kind: 'auth-plain' } | { kind: 'data'; lines: string[] };
  buffer: string;
}

export async function startFakeSmtpServer(options: FakeSmtpOptions): Promise<FakeSmtpServer> {
  const hostname = options.hostname ?? 'fake-smtp.test';
  const messages: FakeSmtpMessage[] = [];
  const refusals = new Map<string, { reply: string; times: number }>();
  const sockets = new Set<Socket>();
  let authAttempts = 0;
  let authFailures = 0;
  let connections = 0;
  let messageCount = 0;
  let stalled = false;
  let accountPassword = options.password;

  const write = (session: Session, line: string) => {
    if (!session.socket.destroyed) session.socket.write(`${line}\r\n`);
  };

  const checkCredentials = (session: Session, user: string, given: string) => {
    if (user === options.user && given === accountPassword) {
      session.user = user;
      write(session, '235 2.7.0 Authentication successful');
    } else {
      authFailures += 1;
      write(session, '535 5.7.8 Authentication credentials invalid');
    }
  };

  const decodeBase64 = (text: string) => Buffer.from(text.trim(), 'base64').toString('utf8');

  const attach = (session: Session) => {
    session.socket.on('data', (chunk: Buffer) => {
      session.buffer += chunk.toString('latin1');
      let index: number;
      while ((index = session.buffer.indexOf('\r\n')) >= 0) {
        const line = session.buffer.slice(0, index);
        session.buffer = session.buffer.slice(index + 2);
        if (onLine(session, line) === 'upgraded') return;
      }
    });
  };

  /** One line from the client; 'upgraded' when the socket was handed to TLS (the rest is read there). */
  const onLine = (session: Session, line: string): 'upgraded' | undefined => {
    const mode = session.mode;
    if (mode.kind === 'data') {
      if (line === '.') {
        session.mode = { kind: 'command' };
        // The message bytes are UTF-8 or 7-bit; latin1 kept each byte, so turn them back into text.
        const raw = Buffer.from(mode.lines.join('\r\n'), 'latin1').toString('utf8');
        messages.push({ mailFrom: session.mailFrom!, rcptTo: [...session.rcptTo], user: session.user, tls: session.tls, raw, ...parseMessage(raw) });
        messageCount += 1;
        session.mailFrom = undefined;
        session.rcptTo = [];
        write(session, `250 2.0.0 Ok: queued as FAKE${messageCount}`);
      } else {
        // RFC 5321 4.5.2: a line that starts with a period had one more added by the client.
        mode.lines.push(line.startsWith('.') ? line.slice(1) : line);
      }
      return undefined;
    }
    if (mode.kind === 'auth-login-user') {
      session.mode = { kind: 'auth-login-password', user: decodeBase64(line) };
      write(session, `334 ${Buffer.from('Password:').toString('base64')}`);
      return undefined;
    }
    if (mode.kind === 'auth-login-password') {
      session.mode = { kind: 'command' };
      checkCredentials(session, mode.user, decodeBase64(line));
      return undefined;
    }
    if (mode.kind === 'auth-plain') {
      session.mode = { kind: 'command' };
      authPlain(session, line);
      return undefined;
    }
    const [verb = '', ...rest] = line.split(' ');
    const argument = rest.join(' ');
    switch (verb.toUpperCase()) {
      case 'EHLO': {
        session.greeted = true;
        session.mailFrom = undefined;
        session.rcptTo = [];
        const extensions = ['8BITMIME', 'AUTH PLAIN LOGIN', ...(options.tls && !session.tls ? ['STARTTLS'] : [])];
        write(session, `250-${hostname} greets ${argument || 'you'}`);
        extensions.forEach((extension, i) => write(session, `${i === extensions.length - 1 ? '250 ' : '250-'}${extension}`));
        return undefined;
      }
      case 'HELO':
        session.greeted = true;
        write(session, `250 ${hostname}`);
        return undefined;
      case 'STARTTLS': {
        if (!options.tls || session.tls) {
          write(session, '502 5.5.1 STARTTLS not offered');
          return undefined;
        }
        write(session, '220 2.0.0 Ready to start TLS');
        const plain = session.socket;
        plain.removeAllListeners('data');
        const secure = new TLSSocket(plain, { isServer: true, secureContext: createSecureContext({ key: options.tls.key, cert: options.tls.cert }) });
        secure.on('error', () => secure.destroy());
        // RFC 3207 4.2: everything known before the handshake is forgotten; the client says EHLO again.
        const upgraded: Session = { socket: secure, tls: true, greeted: false, user: undefined, mailFrom: undefined, rcptTo: [], mode: { kind: 'command' }, buffer: '' };
        attach(upgraded);
        return 'upgraded';
      }
      case 'AUTH': {
        if (!session.greeted) return void write(session, '503 5.5.1 EHLO first');
        if (session.user !== undefined) return void write(session, '503 5.5.1 Already authenticated');
        authAttempts += 1;
        const [mechanism = '', initial] = argument.split(' ');
        if (mechanism.toUpperCase() === 'PLAIN') {
          if (initial) authPlain(session, initial);
          else {
            session.mode = { kind: 'auth-plain' };
            write(session, '334 ');
          }
        } else if (mechanism.toUpperCase() === 'LOGIN') {
          if (initial) {
            session.mode = { kind: 'auth-login-password', user: decodeBase64(initial) };
            write(session, `334 ${Buffer.from('Password:').toString('base64')}`);
          } else {
            session.mode = { kind: 'auth-login-user' };
            write(session, `334 ${Buffer.from('Username:').toString('base64')}`);
          }
        } else write(session, '504 5.5.4 Unrecognized authentication type');
        return undefined;
      }
      case 'MAIL': {
        if (!session.greeted) return void write(session, '503 5.5.1 EHLO first');
        if (session.user === undefined) return void write(session, '530 5.7.0 Authentication required');
        const from = /^FROM:\s*<([^>]*)>/i.exec(argument);
        if (!from) return void write(session, '501 5.5.4 Syntax: MAIL FROM:<address>');
        session.mailFrom = from[1]!;
        session.rcptTo = [];
        write(session, '250 2.1.0 Ok');
        return undefined;
      }
      case 'RCPT': {
        if (session.mailFrom === undefined) return void write(session, '503 5.5.1 MAIL first');
        const to = /^TO:\s*<([^>]+)>/i.exec(argument);
        if (!to) return void write(session, '501 5.5.4 Syntax: RCPT TO:<address>');
        const address = to[1]!;
        const refusal = refusals.get(address.toLowerCase());
        if (refusal && refusal.times > 0) {
          refusal.times -= 1;
          return void write(session, refusal.reply);
        }
        session.rcptTo.push(address);
        write(session, '250 2.1.5 Ok');
        return undefined;
      }
      case 'DATA':
        if (session.rcptTo.length === 0) return void write(session, '503 5.5.1 RCPT first');
        session.mode = { kind: 'data', lines: [] };
        write(session, '354 End data with <CR><LF>.<CR><LF>');
        return undefined;
      case 'RSET':
        session.mailFrom = undefined;
        session.rcptTo = [];
        write(session, '250 2.0.0 Ok');
        return undefined;
      case 'NOOP':
        write(session, '250 2.0.0 Ok');
        return undefined;
      case 'QUIT':
        write(session, '221 2.0.0 Bye');
        session.socket.end();
        return undefined;
      default:
        write(session, '502 5.5.2 Command not recognized');
        return undefined;
    }
  };

  const authPlain = (session: Session, encoded: string) => {
    // RFC 4616: authorization id NUL user NUL password.
    const [, user = '', password = ''] = Buffer.from(encoded.trim(), 'base64').toString('utf8').split('\0');
    checkCredentials(session, user, password);
  };

  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const session: Session = { socket, tls: false, greeted: false, user: undefined, mailFrom: undefined, rcptTo: [], mode: { kind: 'command' }, buffer: '' };
    attach(session);
    if (!stalled) write(session, `220 ${hostname} ESMTP fake`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    messages,
    get authAttempts() {
      return authAttempts;
    },
    get authFailures() {
      return authFailures;
    },
    get connections() {
      return connections;
    },
    refuseRecipient(address, reply, times = Number.POSITIVE_INFINITY) {
      if (!/^[45]\d\d[ -]/.test(reply)) throw new Error(`not an SMTP refusal: ${reply}`);
      refusals.set(address.toLowerCase(), { reply, times });
    },
    acceptAll() {
      refusals.clear();
    },
    stall(on) {
      stalled = on;
    },
    changePassword(next) {
      accountPassword = next;
    },
    reset() {
      accountPassword = options.password;
      messages.length = 0;
      refusals.clear();
      stalled = false;
      authAttempts = 0;
      authFailures = 0;
      connections = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Headers (unfolded, RFC 2047 words decoded) and the single-part body, decoded. */
function parseMessage(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  // RFC 5322 2.2.3: a line starting with white space continues the header above it.
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  const charset = /charset="?([^";\s]+)"?/i.exec(headers['content-type'] ?? '')?.[1] ?? 'utf-8';
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : Buffer.from(body, 'utf8');
  return { headers, subject: headers.subject ?? '', text: new TextDecoder(charset).decode(bytes).replace(/\r\n/g, '\n') };
}

/** RFC 2045 6.7: soft line breaks removed, =XX turned back into bytes. */
function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047: =?charset?B|Q?text?= words decoded; white space between two such words dropped. */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(word, (_match, charset: string, kind: string, text: string) => {
    const bytes = kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
    return new TextDecoder(charset.split('*')[0]).decode(bytes);
  });
}
