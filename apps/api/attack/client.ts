import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { connect } from 'node:net';
import { API_VERSION, canonicalRequestString, ERROR_CATALOG, type ErrorCode } from '@kuaibao/domain';
import { DEV_DEFAULTS } from '../src/config.ts';
import { decryptJson } from '../src/http/response-crypto.ts';
import type { AttackTarget } from './probe.ts';

/**
 * How the attack suite talks to a target: plain node:http (so Host and other headers go out exactly
 * as written, and no path is normalised), signed requests the way apps/web/src/api/client.ts signs
 * them, and raw TCP for request lines no HTTP client would send.
 */

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface SendOptions {
  method?: string;
  /** Path and query exactly as sent, e.g. `/api/h5/company?keyword=%E5%8D%8E`. */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/** Every answer the suite reads passes here, so the ID-number watch (idLeakProbe) sees all of them. */
export const answerWatch = {
  /** Full ID numbers the suite has submitted: none may come back unmasked. */
  secrets: new Set<string>(),
  leaks: [] as string[],
  answers: 0,
  reset(): void {
    this.secrets.clear();
    this.leaks.length = 0;
    this.answers = 0;
  },
  scan(text: string, where: string): void {
    this.answers += 1;
    for (const secret of this.secrets) if (text.includes(secret)) this.leaks.push(`${where} (${secret.slice(0, 3)}…)`);
  },
};

export function send(baseUrl: string, options: SendOptions): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          answerWatch.scan(text, `${options.method ?? 'GET'} ${options.path.slice(0, 60)}`);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms: ${options.path.slice(0, 80)}`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

export interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  encrypt?: boolean;
}

/** The envelope of an answer (data decrypted when encrypted), or undefined when the body is not one. */
export function envelopeOf(answer: Answer, responseKeyHex: string = DEV_DEFAULTS.RESPONSE_AES_KEY): Envelope | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as Envelope).code !== 'number') return undefined;
  const envelope = parsed as Envelope;
  if (envelope.encrypt === true && typeof envelope.data === 'string') {
    const data = decryptJson(envelope.data, Buffer.from(responseKeyHex, 'hex'));
    answerWatch.scan(JSON.stringify(data), 'decrypted data');
    return { ...envelope, data };
  }
  return envelope;
}

const NAME_BY_CODE = new Map<number, ErrorCode>(Object.entries(ERROR_CATALOG).map(([name, entry]) => [entry.code, name as ErrorCode]));

/** The catalog name of an envelope code sent by the server (status ≠ 0), or undefined. */
export function catalogName(code: number): ErrorCode | undefined {
  const name = NAME_BY_CODE.get(code);
  return name && ERROR_CATALOG[name].status !== 0 ? name : undefined;
}

/**
 * True when the answer is our error envelope exactly: `{code, msg}` with a catalog code whose status
 * is the HTTP status (not Fastify's `{statusCode, error, message}`).
 */
export function isCatalogError(answer: Answer): boolean {
  const envelope = envelopeOf(answer);
  if (!envelope) return false;
  const name = catalogName(envelope.code);
  return name !== undefined && ERROR_CATALOG[name].status === answer.status && typeof envelope.msg === 'string' && Object.keys(envelope).sort().join(',') === 'code,msg';
}

/** `401 SIGNATURE_MISSING` — a short description of an answer for the figures. */
export function describe(answer: Answer): string {
  const envelope = envelopeOf(answer);
  const name = envelope ? (envelope.code === 0 ? 'ok' : (catalogName(envelope.code) ?? `code ${envelope.code}`)) : answer.text.length === 0 ? 'empty' : 'not an envelope';
  return `${answer.status} ${name}`;
}

export const CLIENT_HEADERS_WEB: Readonly<Record<string, string>> = {
  'x-device-id': 'attack-suite-device',
  'x-platform': 'web',
  'x-channel': 'web',
  'x-version': API_VERSION,
  accept: 'application/json',
};

export interface SignedParts {
  /** Query pairs in order, signature last. */
  pairs: Array<[string, string]>;
  bodyText: string | undefined;
  timestamp: string;
  nonce: string;
  signature: string;
}

/** Signs like the web client: the query's timestamp and nonce, the exact JSON body for POST and PUT. */
export function signParts(input: {
  method: string;
  query?: Record<string, string>;
  body?: unknown;
  secret: string;
  timestamp?: string;
  nonce?: string;
}): SignedParts {
  const bodyText = input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  const timestamp = input.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? randomUUID();
  const query: Record<string, string> = { ...input.query, timestamp, nonce };
  const hasBody = input.method === 'POST' || input.method === 'PUT';
  // The domain's canonical string, hashed with node:crypto (the domain's MD5 is plain JS, slow for 64 KiB floods).
  const signature = createHash('md5').update(canonicalRequestString({ query, body: hasBody ? bodyText : undefined, secret: input.secret }), 'utf8').digest('hex');
  return { pairs: [...Object.entries(query), ['signature', signature]], bodyText, timestamp, nonce, signature };
}

export function queryString(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

export interface SignedRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A visitor of one target: signed calls with the web client's headers. */
export class Visitor {
  readonly target: AttackTarget;
  readonly headers: Record<string, string>;
  constructor(target: AttackTarget, headers: Record<string, string> = {}) {
    this.target = target;
    this.headers = { ...CLIENT_HEADERS_WEB, ...headers };
  }

  get responseKey(): string {
    return this.target.responseAesKey ?? DEV_DEFAULTS.RESPONSE_AES_KEY;
  }

  sign(request: SignedRequest): SignedParts & { path: string } {
    const method = request.method ?? 'GET';
    const parts = signParts({ method, query: request.query, body: request.body, secret: this.target.signSecret });
    return { ...parts, path: `${request.path}?${queryString(parts.pairs)}` };
  }

  async signed(request: SignedRequest): Promise<Answer> {
    const method = request.method ?? 'GET';
    const parts = this.sign(request);
    return send(this.target.baseUrl, {
      method,
      path: parts.path,
      headers: { ...this.headers, ...(parts.bodyText !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
      ...(parts.bodyText !== undefined ? { body: parts.bodyText } : {}),
    });
  }

  /** A signed call that must succeed: its decrypted data, or an error naming the answer. */
  async data<T>(request: SignedRequest): Promise<T> {
    const answer = await this.signed(request);
    const envelope = envelopeOf(answer, this.responseKey);
    if (answer.status !== 200 || !envelope || envelope.code !== 0) throw new Error(`${request.method ?? 'GET'} ${request.path} answered ${describe(answer)}: ${answer.text.slice(0, 200)}`);
    return envelope.data as T;
  }

  envelope(answer: Answer): Envelope | undefined {
    return envelopeOf(answer, this.responseKey);
  }
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The connection ended without any answer. */
  empty: boolean;
}

/** Sends bytes over a fresh TCP connection and reads until the server closes it (send `Connection: close`). */
export function rawExchange(baseUrl: string, request: string | Buffer, timeoutMs = 15_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`raw request not answered within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      // A reset after the answer arrived still counts as the answer.
      if (chunks.length > 0) resolve(parseRaw(Buffer.concat(chunks)));
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRaw(Buffer.concat(chunks)));
    });
    socket.write(request);
  });
}

function parseRaw(bytes: Buffer): RawAnswer {
  const text = bytes.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (bytes.length === 0 || end < 0) return { status: 0, headers: {}, body: '', empty: bytes.length === 0 };
  const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  const result = { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0), headers, body: body.toString('utf8'), empty: false };
  answerWatch.scan(result.body, 'raw answer');
  return result;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Runs `tasks` with at most `limit` in flight; results in order. */
export async function pool<T>(limit: number, tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
