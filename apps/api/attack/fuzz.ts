import { FIRST_AGREEMENT_VERSION } from '../src/seed/defaults.ts';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import * as fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_VERSION,
  ClientEventSchema,
  CompanySearchQuerySchema,
  ConsoleAuditListQuerySchema,
  ConsoleDashboardQuerySchema,
  ConsoleFeedbackListQuerySchema,
  ConsoleFeedbackUpdateSchema,
  ConsoleFeedbackAssignSchema,
  ConsoleGoodsUpdateSchema,
  ConsoleLoginRequestSchema,
  ConsoleOrderListQuerySchema,
  ConsoleOrderNoteSchema,
  ConsolePasswordChangeSchema,
  ConsoleProcessStatusChangeSchema,
  ConsoleRefundDecisionSchema,
  ConsoleRefundListQuerySchema,
  ConsoleRefundRequestSchema,
  ConsoleSiteConfigUpdateSchema,
  ConsoleSmsListQuerySchema,
  ConsoleStaffCreateSchema,
  ConsoleStaffUpdateSchema,
  ConsoleTakeOrderSchema,
  CorpOrderListQuerySchema,
  CreateOrderRequestSchema,
  ERROR_CATALOG,
  FeedbackRequestSchema,
  GoodsQuerySchema,
  LoginRequestSchema,
  OrderCheckRequestSchema,
  OrderIdQuerySchema,
  PhoneLookupQuerySchema,
  OrderDetailQuerySchema,
  LookupCodeRequestSchema,
  LookupVerifyRequestSchema,
  RecentOrderQuerySchema,
  UpdateOrderExtraRequestSchema,
  signRequest,
  ID_NUMBER_CONSENT_VERSION,
} from '@kuaibao/domain';
import { DEV_DEFAULTS } from '../src/config.ts';
import { isApiDocsRoute } from '../src/http/api-docs.ts';
import { SANDBOX_HEADERS, signSandboxMessage } from '../src/providers/payment/sandbox/sandbox-gateway.ts';
import { buildTestApp } from '../src/test/helper.ts';
import type { AttackTarget, ProbeResult } from './probe.ts';

/**
 * The property-based fuzzer of the attack suite (docs/security.md). For every route the app
 * registers it generates, with fast-check, malformed requests built from the route's real shape
 * (the zod contracts in packages/domain/src/contracts/): wrong types, huge and hostile unicode
 * strings, missing and extra fields, prototype keys as field names, query keys and path
 * parameters, repeated query keys, bad percent-encodings, over-long path parameters, truncated
 * bodies, wrong content types, multipart garbage, numbers as strings and back. Half the cases
 * carry a valid request signature (signed the way apps/web/src/api/client.ts signs), half do not;
 * console routes go with and without a signed-in admin session.
 *
 * Every answer is judged the same way whatever carried it: a 5xx, no answer within 10 s (a hang),
 * and, on /api/* and /env, a body that is not our envelope `{code, msg, …}` with a code the server
 * may send (0 or a catalog code whose status is not 0; docs/decisions/002-envelope.md). Payment
 * notifications answer in their provider's protocol (decision 002), and the API reference
 * (/api/docs, /api/openapi.json; decision 017) in HTML and OpenAPI, so only 5xx and hangs count
 * there; HEAD answers have no body.
 *
 * The same generators and checks run over real HTTP (fuzzProbe, raw TCP so nothing is normalised)
 * and in process (fuzzApp through app.inject, the vitest slice apps/api/src/fuzz.test.ts).
 */

export const DEFAULT_FUZZ_SEED = 20_260_501;
const HANG_MS = 10_000;

// ─── what goes on the wire ────────────────────────────────────────────────────────────────────

export interface WireRequest {
  method: string;
  /** The request target exactly as sent: `/path?query`, or an absolute form `http://host/path`. */
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer;
  /** Only raw TCP can say it (an absolute-form target, bytes no HTTP client sends). */
  raw: boolean;
}

export type WireAnswer = { kind: 'answer'; status: number; headers: Record<string, string>; body: string } | { kind: 'hang' } | { kind: 'error'; message: string };

/** Sends one request and reports what came back; never throws. */
export type Send = (request: WireRequest) => Promise<WireAnswer>;

/** Sends over a fresh TCP connection (`Connection: close`) and reads until the server closes it. */
export function rawHttpSend(baseUrl: string, options: { timeoutMs?: number } = {}): Send {
  const url = new URL(baseUrl);
  const timeoutMs = options.timeoutMs ?? HANG_MS;
  return (request) =>
    new Promise((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      const chunks: Buffer[] = [];
      let settled = false;
      const done = (answer: WireAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      };
      const timer = setTimeout(() => done({ kind: 'hang' }), timeoutMs);
      const finish = () => {
        const parsed = parseHttpAnswer(Buffer.concat(chunks), request.method === 'HEAD');
        done(parsed ?? { kind: 'error', message: chunks.length === 0 ? 'connection closed without an answer' : 'unparseable answer' });
      };
      // A complete answer ends the wait even if the server keeps the socket open. The head is parsed
      // once; after it only the byte count (or the chunked terminator) is checked, so a large file
      // is not re-read on every chunk.
      let received = 0;
      let expected: number | 'chunked' | 'close' | undefined;
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (expected === undefined) {
          const head = Buffer.concat(chunks);
          const end = head.indexOf('\r\n\r\n');
          if (end < 0) return;
          const headText = head.subarray(0, end).toString('latin1');
          const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1] ?? 0);
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText)?.[1];
          if (request.method === 'HEAD' || status === 204 || status === 304) expected = end + 4;
          else if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(headText)) expected = 'chunked';
          else expected = length === undefined ? 'close' : end + 4 + Number(length);
        }
        if (typeof expected === 'number' ? received >= expected : expected === 'chunked' && chunk.subarray(-5).toString('latin1') === '0\r\n\r\n') finish();
      });
      socket.on('error', () => finish());
      socket.on('close', () => finish());
      const body = request.body ?? Buffer.alloc(0);
      const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
      const lines = [`${request.method} ${request.target} HTTP/1.1`];
      if (!names.has('host')) lines.push(`Host: ${url.host}`);
      for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
      if (!names.has('content-length') && (body.length > 0 || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method))) lines.push(`Content-Length: ${body.length}`);
      lines.push('Connection: close');
      socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]));
    });
}

/** Parses an HTTP/1.1 answer; `complete` asks whether the whole body has arrived. */
function parseHttpAnswer(bytes: Buffer, head: boolean, complete = false): WireAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? NaN);
  if (!Number.isFinite(status)) return undefined;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    // Repeated headers (several Set-Cookie) are kept, one per line.
    headers[name] = headers[name] === undefined ? value : `${headers[name]}\n${value}`;
  }
  let body = bytes.subarray(end + 4);
  if (head || status === 204 || status === 304) return { kind: 'answer', status, headers, body: '' };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    let finished = false;
    while (at < body.length) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) break;
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) break;
      if (size === 0) {
        finished = true;
        break;
      }
      if (lineEnd + 2 + size > body.length) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    if (complete && !finished) return undefined;
    body = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (complete && body.length < length) return undefined;
    body = body.subarray(0, length);
  } else if (complete) {
    return undefined;
  }
  return { kind: 'answer', status, headers, body: body.toString('utf8') };
}

/** Sends through `app.inject` (no socket): the same requests, minus what only raw TCP can carry. */
export function injectSend(app: FastifyInstance, options: { timeoutMs?: number } = {}): Send {
  const timeoutMs = options.timeoutMs ?? HANG_MS;
  return async (request) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of request.headers) {
      const key = name.toLowerCase();
      const previous = headers[key];
      headers[key] = previous === undefined ? value : [previous, value].flat();
    }
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<WireAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'hang' }), timeoutMs);
    });
    const answer = app
      .inject({
        method: request.method as 'GET',
        url: request.target,
        headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      })
      .then(
        (response): WireAnswer => ({
          kind: 'answer',
          status: response.statusCode,
          headers: Object.fromEntries(Object.entries(response.headers).map(([key, value]) => [key, String(value)])),
          body: request.method === 'HEAD' ? '' : response.body,
        }),
        (error: unknown): WireAnswer => ({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    try {
      return await Promise.race([answer, hang]);
    } finally {
      clearTimeout(timer);
    }
  };
}

// ─── the routes ──────────────────────────────────────────────────────────────────────────────

export interface FuzzRoute {
  method: string;
  /** The route pattern, e.g. `/api/console/orders/:id`; pseudo routes: `/*` (the SPA fallback), `/console/*`. */
  url: string;
  family: string;
}

export function routeKey(route: FuzzRoute): string {
  return `${route.method} ${route.url}`;
}

/** Parses Fastify's `printRoutes({ commonPrefix: false })` tree into method and full path pairs. */
export function parseRouteTree(tree: string): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: Array<{ depth: number; path: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const segment = match[2]!;
    const path = (stack[stack.length - 1]?.path ?? '') + segment;
    stack.push({ depth, path });
    if (!match[3]) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) if (method && method !== 'HEAD') routes.push({ method, url: path });
  }
  return routes;
}

function familyOf(url: string): string {
  if (url.startsWith('/api/console/')) return 'console API';
  if (url.startsWith('/api/pay/notify/')) return 'payment notifications';
  if (url.startsWith('/api/corp')) return 'corp API';
  if (url.startsWith('/api/') || url === '/env') return 'visitor API';
  if (url.startsWith('/sandbox/') || url.startsWith('/mock-wechat/')) return 'sandbox cashier and mock WeChat';
  return 'pages, files and health';
}

const isStaticFile = (url: string) => !url.includes(':') && /\.[A-Za-z0-9]+$/.test(url.split('/').pop() ?? '');

/**
 * Every route the app registers, built files collapsed to a few of each kind (a built file is a
 * built file), plus the two fallbacks (`/*` the visitor SPA and 404s, `/console/*` the console SPA).
 */
export function fuzzRoutesOf(app: FastifyInstance): FuzzRoute[] {
  const all = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  const seen = new Set<string>();
  const routes: FuzzRoute[] = [];
  const add = (method: string, url: string) => {
    const key = `${method} ${url}`;
    if (seen.has(key)) return;
    seen.add(key);
    routes.push({ method, url, family: familyOf(url) });
  };
  const files = all.filter((route) => isStaticFile(route.url));
  for (const route of all) if (!isStaticFile(route.url)) add(route.method, route.url);
  // A few built files of each kind: the visitor's and the console's index, a script, a stylesheet, an image.
  const pick = (test: (url: string) => boolean, count: number) => files.filter((route) => test(route.url)).slice(0, count);
  for (const route of [
    ...pick((u) => u === '/index.html' || u === '/favicon.svg', 2),
    ...pick((u) => u.startsWith('/assets/') && u.endsWith('.js'), 2),
    ...pick((u) => u.startsWith('/assets/') && u.endsWith('.css'), 1),
    ...pick((u) => u.startsWith('/images/'), 1),
    ...pick((u) => u === '/console/index.html' || u === '/console/favicon.svg', 2),
    ...pick((u) => u.startsWith('/console/assets/') && u.endsWith('.js'), 1),
  ]) {
    add(route.method, route.url);
  }
  add('GET', '/*');
  add('POST', '/*');
  add('GET', '/console/*');
  // Sign-in fuzzing counts failed logins (docs/decisions/008: 20 from one address lock it for 15
  // minutes): it runs last, after every case that needs a session.
  return routes.sort((a, b) => Number(isLoginRoute(a)) - Number(isLoginRoute(b)));
}

const isLoginRoute = (route: FuzzRoute) => route.method === 'POST' && route.url === '/api/console/session';
const isConsoleRoute = (route: FuzzRoute) => route.url.startsWith('/api/console/');
const isSignedRoute = (route: FuzzRoute) => (route.url.startsWith('/api/') && !route.url.startsWith('/api/console/') && !route.url.startsWith('/api/pay/notify/')) || route.url === '/env';

/** The contract of each route's body and query, where the route reads one (packages/domain/src/contracts/). */
const SHAPES: Record<string, { body?: z.ZodType; query?: z.ZodType; form?: boolean; multipart?: boolean; notify?: boolean }> = {
  'POST /api/h5/order': { body: CreateOrderRequestSchema },
  'POST /api/h5/order/check': { body: OrderCheckRequestSchema },
  'PUT /api/h5/order': { body: UpdateOrderExtraRequestSchema },
  'GET /api/h5/order/detail': { query: OrderDetailQuerySchema },
  'GET /api/h5/order/phone': { query: PhoneLookupQuerySchema },
  'POST /api/h5/order/phone/code': { body: LookupCodeRequestSchema },
  'POST /api/h5/order/phone/verify': { body: LookupVerifyRequestSchema },
  'GET /api/h5/company': { query: CompanySearchQuerySchema },
  'GET /api/company': { query: CompanySearchQuerySchema },
  'GET /api/order/goods': { query: GoodsQuerySchema },
  'POST /api/user/event': { body: ClientEventSchema },
  'POST /api/user/feedback': { body: FeedbackRequestSchema },
  'POST /api/h5/user/login': { body: LoginRequestSchema },
  'POST /api/corp/user/login': { body: LoginRequestSchema },
  'GET /api/corp/order': { query: CorpOrderListQuerySchema },
  'GET /api/corp/order/detail': { query: OrderIdQuerySchema },
  'GET /api/corp/order/recent': { query: RecentOrderQuerySchema },
  'POST /api/corp/order': { body: CreateOrderRequestSchema },
  'POST /api/console/session': { body: ConsoleLoginRequestSchema },
  'POST /api/console/me/password': { body: ConsolePasswordChangeSchema },
  'GET /api/console/orders': { query: ConsoleOrderListQuerySchema },
  'POST /api/console/orders/:id/take': { body: ConsoleTakeOrderSchema },
  'POST /api/console/orders/:id/process-status': { body: ConsoleProcessStatusChangeSchema },
  'POST /api/console/orders/:id/notes': { body: ConsoleOrderNoteSchema },
  'POST /api/console/orders/:id/refund-requests': { body: ConsoleRefundRequestSchema },
  'POST /api/console/orders/:id/files': { multipart: true },
  'GET /api/console/refund-requests': { query: ConsoleRefundListQuerySchema },
  'POST /api/console/refund-requests/:id/approve': { body: ConsoleRefundDecisionSchema },
  'POST /api/console/refund-requests/:id/reject': { body: ConsoleRefundDecisionSchema },
  'GET /api/console/feedback': { query: ConsoleFeedbackListQuerySchema },
  'PUT /api/console/feedback/:id': { body: ConsoleFeedbackUpdateSchema },
  'PUT /api/console/feedback/:id/assignee': { body: ConsoleFeedbackAssignSchema },
  'GET /api/console/sms': { query: ConsoleSmsListQuerySchema },
  'GET /api/console/audit': { query: ConsoleAuditListQuerySchema },
  'POST /api/console/goods': { body: ConsoleGoodsUpdateSchema },
  'PUT /api/console/goods/:id': { body: ConsoleGoodsUpdateSchema },
  'PUT /api/console/site-config/:key': { body: ConsoleSiteConfigUpdateSchema },
  'GET /api/console/dashboard': { query: ConsoleDashboardQuerySchema },
  'POST /api/console/staff': { body: ConsoleStaffCreateSchema },
  'PATCH /api/console/staff/:id': { body: ConsoleStaffUpdateSchema },
  'POST /api/pay/notify/:provider': { notify: true },
  'POST /sandbox/cashier/:outTradeNo/pay': { form: true },
  'POST /sandbox/cashier/:outTradeNo/cancel': { form: true },
};

/** Field values that pass the domain rules, so mutations of the others reach deeper code. */
const KNOWN_VALUES: Record<string, unknown> = {
  goods_id: '1',
  pay_type: 'weixin',
  pay_source: 'native',
  source: 'web',
  entity_name: '北京字节跳动科技有限公司',
  entity_id: '91110108551385082Q',
  entity_legal: '张一鸣',
  entity_idno: '11010519491231002X',
  entity_phone: '13812345678',
  extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
  keyword: '华为',
  phone: '13812345678',
  key: 'client.fuzz',
  username: 'fuzz-user',
  password: 'fuzz-password-1',
  current_password: 'not-the-password-1',
  new_password: 'fuzz-new-password-2',
  report: { type: '其他', content: '内容', contact: '' },
  login_type: 'weixin',
  weixin: { code: 'fuzz-code', code_type: 'wx-oa' },
  entity_extra: { field: 'value' },
};

type JsonSchema = { type?: string; enum?: unknown[]; const?: unknown; default?: unknown; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; pattern?: string; minimum?: number; exclusiveMinimum?: number };

function exampleOf(schema: JsonSchema, name: string | undefined): unknown {
  if (name !== undefined && Object.hasOwn(KNOWN_VALUES, name)) return KNOWN_VALUES[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf && schema.anyOf.length > 0) return exampleOf(schema.anyOf[0]!, undefined);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, key)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-05-01';
      if (schema.pattern?.startsWith('^\\d')) return '1';
      if (schema.pattern?.startsWith('^client')) return 'client.fuzz';
      return 'fuzz';
    default:
      return 'fuzz';
  }
}

/** A well-formed example of a contract, as a plain object (the fuzzer's starting point). */
export function exampleFor(schema: z.ZodType): Record<string, unknown> {
  try {
    const value = exampleOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, undefined);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The starting body of a route. A staff update starts without a password: with the admin's own
 * session, a valid one would reset the fuzzer's (and the attack suite's) admin and end its sessions.
 */
function baseBody(route: FuzzRoute, schema: z.ZodType): Record<string, unknown> {
  const base = exampleFor(schema);
  if (routeKey(route) === 'PATCH /api/console/staff/:id') delete base.password;
  return base;
}

// ─── the generators ──────────────────────────────────────────────────────────────────────────

export const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf', '__defineGetter__'] as const;

/** Strings that have broken parsers, databases, logs and renderers before. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00x',
  'x\uDBFF',
  '\u202Eevil\u202C',
  '\u200F\u05D0\u05D1',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🇨🇳',
  '\uFEFF',
  '\u200B',
  'Z̷͉̓a̴̟͝l̶̼̄g̸̱͋o̵̯͊',
  '１２３４５',
  '١٢٣',
  '\r\n',
  'a\r\nX-Injected: 1',
  '%00',
  '%',
  '%E0%A4%A',
  '../../../../etc/passwd',
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\\',
  '*',
  'NEAR(',
  '%_',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('x', '字', '😀', '\u202E', '\uD800', '\u0000', '%'), fc.constantFrom(101, 257, 2_001, 20_000, 70_000)).map(([unit, count]) => unit.repeat(count)),
  },
);

const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: edgeNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS).map((key) => Object.fromEntries([[key, { polluted: true }]])) },
);

const ENCODING_PLACEHOLDER = '\u0001DEEP\u0001';

/** A JSON value nested `depth` deep, as text (JSON.stringify would overflow on the way). */
function deepJsonText(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

type BodyOp =
  | { op: 'missing'; field: number }
  | { op: 'wrongType'; field: number; value: unknown }
  | { op: 'nasty'; field: number; value: string }
  | { op: 'extra'; key: string; value: unknown }
  | { op: 'numbersAsStrings' }
  | { op: 'stringsAsNumbers' }
  | { op: 'nestedProto'; field: number }
  | { op: 'deep'; field: number; depth: number };

const bodyOp = (fieldCount: number): fc.Arbitrary<BodyOp> => {
  const field = fc.nat({ max: Math.max(0, fieldCount - 1) });
  return fc.oneof(
    fc.record({ op: fc.constant('missing' as const), field }),
    fc.record({ op: fc.constant('wrongType' as const), field, value: anyJson }),
    fc.record({ op: fc.constant('nasty' as const), field, value: nastyString }),
    fc.record({ op: fc.constant('extra' as const), key: fc.oneof(fc.constantFrom(...PROTO_KEYS), nastyString), value: anyJson }),
    fc.constant({ op: 'numbersAsStrings' as const }),
    fc.constant({ op: 'stringsAsNumbers' as const }),
    fc.record({ op: fc.constant('nestedProto' as const), field }),
    fc.record({ op: fc.constant('deep' as const), field, depth: fc.constantFrom(100, 5_000, 30_000) }),
  );
};

/** What becomes of the JSON text: sent as is, cut, dressed in another content type, replaced. */
type BodyEncoding =
  | { how: 'json' }
  | { how: 'truncated'; at: number }
  | { how: 'contentType'; contentType: string }
  | { how: 'whole'; text: string; contentType: string }
  | { how: 'multipartGarbage'; variant: number; filler: string }
  | { how: 'none' };

const bodyEncoding: fc.Arbitrary<BodyEncoding> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ how: 'json' as const }) },
  { weight: 2, arbitrary: fc.record({ how: fc.constant('truncated' as const), at: fc.double({ min: 0, max: 0.99, noNaN: true }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      how: fc.constant('contentType' as const),
      contentType: fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/json; charset=utf-16le',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'application/json;;;',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/octet-stream',
        'application/vnd.api+json',
        '*/*',
        '',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      how: fc.constant('whole' as const),
      text: fc.oneof(
        fc.constantFrom('null', '[]', '"text"', '42', 'true', '{"a":1,"a":2}', '\uFEFF{}', '{}garbage', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '1e99999', '-', '{"a":"\\ud800"}', '{"a":"\\u0000"}'),
        fc.constantFrom(100, 20_000, 40_000).map((depth) => deepJsonText(depth, '[', ']')),
        fc.constantFrom(70_000, 200_000).map((size) => JSON.stringify({ pad: 'x'.repeat(size) })),
        fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
      ),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ how: fc.constant('multipartGarbage' as const), variant: fc.nat({ max: 7 }), filler: nastyString }) },
  { weight: 1, arbitrary: fc.constant({ how: 'none' as const }) },
);

type QueryOp =
  | { op: 'missing'; field: number }
  | { op: 'nasty'; field: number; value: string }
  | { op: 'extra'; key: string; value: string }
  | { op: 'repeat'; field: number; value: string }
  | { op: 'bracket'; key: string }
  | { op: 'badPercent'; text: string }
  | { op: 'numbersAsStrings' };

const BAD_PERCENT = ['%', '%%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF%FE', '%ZZ', '%u0041', '%00', '%0d%0aX-Injected:%201', '%2', '%E4%B8'];

const queryOp = (fieldCount: number): fc.Arbitrary<QueryOp> => {
  const field = fc.nat({ max: Math.max(0, fieldCount - 1) });
  return fc.oneof(
    fc.record({ op: fc.constant('missing' as const), field }),
    fc.record({ op: fc.constant('nasty' as const), field, value: nastyString }),
    fc.record({ op: fc.constant('extra' as const), key: fc.oneof(fc.constantFrom(...PROTO_KEYS), nastyString), value: nastyString }),
    fc.record({ op: fc.constant('repeat' as const), field, value: nastyString }),
    fc.record({ op: fc.constant('bracket' as const), key: fc.constantFrom('a[b]', '__proto__[polluted]', 'constructor[prototype][polluted]', 'id[]', 'keyword[0]', 'x.y', '[]', '=') }),
    fc.record({
      op: fc.constant('badPercent' as const),
      text: fc.oneof(fc.constantFrom(...BAD_PERCENT).map((bad) => `${bad}=1`), fc.constantFrom(...BAD_PERCENT).map((bad) => `key=${bad}`), fc.constantFrom('&&&', '=', '==', 'a', '&=&', '?', '#frag')),
    }),
    fc.constant({ op: 'numbersAsStrings' as const }),
  );
};

type ParamPlan = { how: 'pool'; pick: number } | { how: 'nasty'; value: string } | { how: 'long'; length: number } | { how: 'proto'; key: string } | { how: 'raw'; text: string } | { how: 'number'; text: string };

const paramPlan: fc.Arbitrary<ParamPlan> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ how: fc.constant('pool' as const), pick: fc.nat({ max: 7 }) }) },
  { weight: 3, arbitrary: fc.record({ how: fc.constant('nasty' as const), value: nastyString }) },
  { weight: 2, arbitrary: fc.record({ how: fc.constant('long' as const), length: fc.constantFrom(199, 200, 201, 1_000, 8_000) }) },
  { weight: 2, arbitrary: fc.record({ how: fc.constant('proto' as const), key: fc.constantFrom(...PROTO_KEYS) }) },
  { weight: 2, arbitrary: fc.record({ how: fc.constant('raw' as const), text: fc.constantFrom(...BAD_PERCENT, '..', '%2e%2e', '%2F', 'a%2Fb', '.', '%20', '%7B%7D', '\u00e9') }) },
  {
    weight: 2,
    arbitrary: fc.record({
      how: fc.constant('number' as const),
      text: fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '2147483647', '2147483648', '99999999999999999999', ' 1', '1 ', '+1', '01', 'Infinity', 'NaN', '１'),
    }),
  },
);

type HeaderOp =
  | { op: 'none' }
  | { op: 'header'; name: string; value: string }
  | { op: 'dropConsoleHeader' }
  | { op: 'cookie'; value: string };

const headerOp: fc.Arbitrary<HeaderOp> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ op: 'none' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('header' as const),
      name: fc.constantFrom('x-device-id', 'x-platform', 'x-channel', 'x-corp-id', 'x-link-id', 'x-share-id', 'x-prev-id', 'x-token', 'x-version', 'x-host', 'accept-encoding', 'range', 'if-none-match', 'if-modified-since', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'accept', 'user-agent', 'origin', 'referer'),
      value: fc.oneof(nastyString, fc.constantFrom('99999999999', '-1', '2147483648', 'bytes=0-0', 'bytes=999999999-', 'bytes=a-b', 'bytes=0-1,2-3,4-5', 'br;q=abc, gzip;q=-1', '*', '1.2.3.4, 5.6.7.8', 'javascript:alert(1)', '"etag"', 'Thu, 01 Jan 1970 00:00:00 GMT', 'garbage')),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'dropConsoleHeader' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('cookie' as const),
      value: fc.oneof(
        fc.constantFrom('kb_console=', 'kb_console=%', 'kb_console=%E0%A4%A', 'kb_mock_wechat_user=%E0%A4%A', 'kb_mock_wechat_user=%', '__proto__=x', 'kb_console=a; kb_console=b', '=;=;', ';;;', 'kb_console', 'kb_oauth_state=%ZZ'),
        nastyString.map((value) => `kb_console=${value}`),
      ),
    }),
  },
);

type Transport = { how: 'normal' } | { how: 'absolute'; host: string } | { how: 'method'; method: string };

const transport: fc.Arbitrary<Transport> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ how: 'normal' as const }) },
  { weight: 1, arbitrary: fc.record({ how: fc.constant('absolute' as const), host: fc.constantFrom('self', 'evil.example', 'localhost:1') }) },
  { weight: 2, arbitrary: fc.record({ how: fc.constant('method' as const), method: fc.constantFrom('HEAD', 'OPTIONS', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH') }) },
);

/**
 * One generated case, before signing and encoding. `focus` names the one part that is malformed
 * (the rest stays as the client sends it, so the malformed part reaches the code that reads it);
 * `mixed` breaks everything at once.
 */
export interface FuzzCase {
  focus: 'body' | 'query' | 'params' | 'headers' | 'transport' | 'mixed';
  bodyOps: BodyOp[];
  encoding: BodyEncoding;
  queryOps: QueryOp[];
  params: ParamPlan[];
  headers: HeaderOp[];
  transport: Transport;
  /** Signature tampering in unsigned cases: none at all, a wrong one, an expired one, parameters repeated. */
  unsignedStyle: number;
}

const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
  focus: fc.constantFrom('body', 'body', 'query', 'params', 'params', 'headers', 'transport', 'mixed'),
  bodyOps: fc.array(bodyOp(16), { minLength: 0, maxLength: 3 }),
  encoding: bodyEncoding,
  queryOps: fc.array(queryOp(16), { minLength: 0, maxLength: 3 }),
  params: fc.array(paramPlan, { minLength: 2, maxLength: 2 }),
  headers: fc.array(headerOp, { minLength: 1, maxLength: 2 }),
  transport,
  unsignedStyle: fc.nat({ max: 3 }),
});

// ─── from a case to bytes ────────────────────────────────────────────────────────────────────

/** Values the fuzzer learned while setting up: real ids make mutations of the rest reach deeper code. */
export interface FuzzPools {
  id: string[];
  fileId: string[];
  outTradeNo: string[];
  provider: string[];
  name: string[];
  key: string[];
  orderPublicId: string[];
}

interface FuzzContext {
  signSecret: string;
  sandboxNotifyKey: string;
  nowSeconds: () => number;
  /** `kb_console=<token>`, when signed in. */
  consoleCookie: () => string | undefined;
  pools: FuzzPools;
  /** host:port of the target (absolute-form targets naming ourselves). */
  selfHost: string;
}

const CLIENT_HEADERS: Array<[string, string]> = [
  ['x-device-id', 'fuzz-device-1'],
  ['x-platform', 'web'],
  ['x-channel', 'web'],
  ['x-version', API_VERSION],
  ['accept', 'application/json'],
];

/** `encodeURIComponent` of what the server will decode: lone surrogates travel as U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(wellFormed(text));
}

function wellFormed(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function applyBodyOps(base: Record<string, unknown>, ops: BodyOp[]): { value: unknown; deep: { text: string } | undefined } {
  let value: Record<string, unknown> = Object.fromEntries(Object.entries(base));
  let deep: { text: string } | undefined;
  const keys = () => Object.keys(value);
  const keyAt = (index: number) => {
    const all = keys();
    return all.length === 0 ? 'field' : all[index % all.length]!;
  };
  for (const op of ops) {
    switch (op.op) {
      case 'missing':
        delete value[keyAt(op.field)];
        break;
      case 'wrongType':
      case 'nasty':
        value = Object.fromEntries([...Object.entries(value), [keyAt(op.field), op.value]]);
        break;
      case 'extra':
        // fromEntries defines own properties: `__proto__` travels as a key, it does not set a prototype.
        value = Object.fromEntries([...Object.entries(value), [op.key, op.value]]);
        break;
      case 'numbersAsStrings':
        value = Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
        break;
      case 'stringsAsNumbers':
        value = Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? (Number.isFinite(Number(v)) && v.trim() !== '' ? Number(v) : v.length) : v]));
        break;
      case 'nestedProto':
        value = Object.fromEntries([...Object.entries(value), [keyAt(op.field), Object.fromEntries([['__proto__', { polluted: true }], ['constructor', { prototype: { polluted: true } }]])]]);
        break;
      case 'deep':
        value = Object.fromEntries([...Object.entries(value), [keyAt(op.field), ENCODING_PLACEHOLDER]]);
        deep = { text: deepJsonText(op.depth, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}') };
        break;
    }
  }
  return { value, deep };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipartBody(variant: number, filler: string): { bytes: Buffer; contentType: string } {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const part = (headers: string, content: Buffer | string) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from('\r\n')]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const file = part(`Content-Disposition: form-data; name="file"; filename="${filler.replace(/["\r\n]/g, '')}.png"\r\nContentType: image/png`, PNG);
  const ct = `multipart/form-data; boundary=${boundary}`;
  switch (variant) {
    case 0: // the whole upload, cut short (no closing boundary)
      return { bytes: Buffer.concat([file]).subarray(0, file.length - 10), contentType: ct };
    case 1: // no boundary parameter
      return { bytes: Buffer.concat([file, end]), contentType: 'multipart/form-data' };
    case 2: // a boundary that never appears
      return { bytes: Buffer.from(filler), contentType: 'multipart/form-data; boundary=nothere' };
    case 3: // a field where a file belongs, then a file
      return { bytes: Buffer.concat([part('Content-Disposition: form-data; name="note"', filler), file, end]), contentType: ct };
    case 4: // two files
      return { bytes: Buffer.concat([file, file, end]), contentType: ct };
    case 5: // hostile part headers
      return { bytes: Buffer.concat([part(`Content-Disposition: form-data; name="__proto__"; filename="../../${filler.slice(0, 300)}"`, PNG), end]), contentType: ct };
    case 6: // only the closing boundary
      return { bytes: end, contentType: ct };
    default: // a complete, well-formed upload of a tiny PNG
      return { bytes: Buffer.concat([file, end]), contentType: ct };
  }
}

/** Turns a case into the bytes of one request (signing it when `signed`). */
export function materialize(route: FuzzRoute, generated: FuzzCase, ctx: FuzzContext, flags: { signed: boolean; session: boolean }): WireRequest {
  const on = (area: FuzzCase['focus']) => generated.focus === 'mixed' || generated.focus === area;
  const fuzz: FuzzCase = {
    ...generated,
    bodyOps: on('body') ? generated.bodyOps : [],
    encoding: on('body') ? generated.encoding : { how: 'json' },
    queryOps: on('query') ? generated.queryOps : [],
    params: on('params') || route.url.includes('*') ? generated.params : generated.params.map((plan, i) => ({ how: 'pool', pick: i })),
    headers: on('headers') ? generated.headers : [],
    transport: on('transport') ? generated.transport : { how: 'normal' },
  };
  const shape = SHAPES[routeKey(route)] ?? {};
  let method = route.method;
  if (fuzz.transport.how === 'method') method = fuzz.transport.method;

  // Path: the pattern with each parameter planned; `/*` fallbacks get a hostile path of their own.
  let paramIndex = 0;
  const rawSegments: string[] = [];
  const segments = route.url.split('/').map((segment) => {
    if (segment === '*') {
      const plan = fuzz.params[paramIndex++ % fuzz.params.length]!;
      return plan.how === 'raw' ? plan.text : plan.how === 'long' ? 'p'.repeat(plan.length) : plan.how === 'nasty' ? encode(plan.value) : plan.how === 'proto' ? plan.key : plan.how === 'number' ? encode(plan.text) : 'some/page';
    }
    if (!segment.startsWith(':')) return segment;
    const name = segment.slice(1);
    const plan = fuzz.params[paramIndex++ % fuzz.params.length]!;
    switch (plan.how) {
      case 'pool': {
        const pool = ctx.pools[name as keyof FuzzPools] ?? [];
        return encode(pool[plan.pick % Math.max(1, pool.length)] ?? '1');
      }
      case 'nasty':
        return encode(plan.value) || '%20';
      case 'long':
        return 'a'.repeat(plan.length);
      case 'proto':
        return plan.key;
      case 'raw':
        rawSegments.push(plan.text);
        return plan.text;
      case 'number':
        return encode(plan.text);
    }
  });
  const path = segments.join('/') || '/';

  // Query: the contract's example, mutated.
  const baseQuery = shape.query ? exampleFor(shape.query) : {};
  if (routeKey(route).endsWith('/order/detail') && ctx.pools.orderPublicId[0]) baseQuery.id = ctx.pools.orderPublicId[0];
  let pairs: Array<[string, string]> = Object.entries(baseQuery).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
  const rawQuery: string[] = [];
  for (const op of fuzz.queryOps) {
    const at = (index: number) => (pairs.length === 0 ? -1 : index % pairs.length);
    switch (op.op) {
      case 'missing': {
        const index = at(op.field);
        if (index >= 0) pairs.splice(index, 1);
        break;
      }
      case 'nasty': {
        const index = at(op.field);
        if (index >= 0) pairs[index] = [pairs[index]![0], op.value];
        else pairs.push(['q', op.value]);
        break;
      }
      case 'extra':
        pairs.push([op.key, op.value]);
        break;
      case 'repeat': {
        const index = at(op.field);
        pairs.push([index >= 0 ? pairs[index]![0] : 'id', op.value]);
        break;
      }
      case 'bracket':
        pairs.push([op.key, '1']);
        break;
      case 'badPercent':
        rawQuery.push(op.text);
        break;
      case 'numbersAsStrings':
        pairs = pairs.map(([key, value]) => [key, /^\d+$/.test(value) ? `"${value}"` : value]);
        break;
    }
  }

  // Body.
  let body: Buffer | undefined;
  let contentType: string | undefined;
  let signedBodyText: string | undefined;
  const wantsBody = shape.body !== undefined || shape.multipart || shape.form || shape.notify || method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (wantsBody && fuzz.encoding.how !== 'none') {
    if (shape.multipart && fuzz.encoding.how !== 'contentType' && fuzz.encoding.how !== 'whole') {
      const variant = fuzz.encoding.how === 'multipartGarbage' ? fuzz.encoding.variant : fuzz.encoding.how === 'truncated' ? 0 : 7;
      const built = multipartBody(variant, fuzz.encoding.how === 'multipartGarbage' ? fuzz.encoding.filler : 'shot');
      body = built.bytes;
      contentType = built.contentType;
    } else if (shape.form && fuzz.encoding.how === 'json') {
      body = Buffer.from(pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'));
      contentType = 'application/x-www-form-urlencoded';
    } else {
      const base = shape.body ? baseBody(route, shape.body) : shape.notify ? { id: 'EV_fuzz', event_type: 'TRANSACTION.SUCCESS', resource: { out_trade_no: ctx.pools.outTradeNo[0] ?? 'X', transaction_id: 'T', trade_state: 'SUCCESS', amount: { total: 1, currency: 'CNY' }, success_time: '2026-01-01T00:00:00Z' } } : {};
      const { value, deep } = applyBodyOps(base, fuzz.bodyOps);
      let text = JSON.stringify(value) ?? 'null';
      if (deep) text = text.replace(JSON.stringify(ENCODING_PLACEHOLDER), deep.text);
      contentType = 'application/json';
      switch (fuzz.encoding.how) {
        case 'truncated':
          text = text.slice(0, Math.floor(text.length * fuzz.encoding.at));
          break;
        case 'contentType':
          contentType = fuzz.encoding.contentType;
          break;
        case 'whole':
          text = fuzz.encoding.text;
          contentType = fuzz.encoding.contentType;
          break;
        case 'multipartGarbage': {
          const built = multipartBody(fuzz.encoding.variant, fuzz.encoding.filler);
          body = built.bytes;
          contentType = built.contentType;
          break;
        }
        default:
          break;
      }
      if (body === undefined) body = Buffer.from(text, 'utf8');
    }
    signedBodyText = body.toString('utf8');
  }

  // Signature: valid over exactly what the server will decode, or absent / wrong / expired.
  if (isSignedRoute(route)) {
    const decoded = Object.fromEntries(pairs.map(([key, value]) => [wellFormed(key), wellFormed(value)]));
    const timestamp = String(ctx.nowSeconds());
    const nonce = randomUUID();
    if (flags.signed) {
      const query = { ...decoded, timestamp, nonce };
      const signature = signRequest({ query, body: method === 'POST' || method === 'PUT' ? signedBodyText : undefined, secret: ctx.signSecret });
      pairs.push(['timestamp', timestamp], ['nonce', nonce], ['signature', signature]);
    } else if (fuzz.unsignedStyle === 1) {
      pairs.push(['timestamp', timestamp], ['nonce', nonce], ['signature', '0'.repeat(32)]);
    } else if (fuzz.unsignedStyle === 2) {
      const old = String(ctx.nowSeconds() - 3_600);
      const query = { ...decoded, timestamp: old, nonce };
      pairs.push(['timestamp', old], ['nonce', nonce], ['signature', signRequest({ query, body: method === 'POST' || method === 'PUT' ? signedBodyText : undefined, secret: ctx.signSecret })]);
    } else if (fuzz.unsignedStyle === 3) {
      pairs.push(['timestamp', timestamp], ['timestamp', timestamp], ['nonce', nonce], ['signature', 'not-hex']);
    }
  }
  const queryText = [...pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`), ...rawQuery].join('&');
  let target = queryText ? `${path}?${queryText}` : path;

  // Headers.
  const headers: Array<[string, string]> = [...CLIENT_HEADERS];
  const isConsole = isConsoleRoute(route);
  // The console app sends x-kb-console on every call; some cases leave it out (or add it elsewhere).
  let consoleHeader = isConsole;
  const cookies: string[] = [];
  if (isConsole && flags.session) {
    const cookie = ctx.consoleCookie();
    if (cookie) cookies.push(cookie);
  }
  let raw = rawSegments.length > 0 || rawQuery.length > 0;
  for (const op of fuzz.headers) {
    switch (op.op) {
      case 'header': {
        const index = headers.findIndex(([name]) => name === op.name);
        if (index >= 0) headers.splice(index, 1);
        headers.push([op.name, op.value]);
        break;
      }
      case 'dropConsoleHeader':
        consoleHeader = !consoleHeader;
        break;
      case 'cookie':
        cookies.push(op.value);
        break;
      default:
        break;
    }
  }
  if (consoleHeader) headers.push(['x-kb-console', '1']);
  if (cookies.length > 0) headers.push(['cookie', cookies.join('; ')]);
  if (contentType !== undefined && contentType !== '') headers.push(['content-type', contentType]);
  if (shape.notify) {
    // Signed with the sandbox gateway's key in the signed half, so a mutated body reaches the handler.
    const timestamp = String(ctx.nowSeconds());
    const nonce = randomUUID();
    const signature = flags.signed ? signSandboxMessage(ctx.sandboxNotifyKey, timestamp, nonce, signedBodyText ?? '') : 'AAAA';
    headers.push([SANDBOX_HEADERS.timestamp, timestamp], [SANDBOX_HEADERS.nonce, nonce], [SANDBOX_HEADERS.signature, signature]);
  }
  // A header value HTTP cannot carry as text (CR, LF, NUL, non-Latin-1) goes out as raw bytes.
  const safeHeaders = headers.map(([name, value]): [string, string] => {
    const breaking = new Set(['\r', '\n', '\u0000']);
    if ([...value].some((char) => breaking.has(char))) {
      raw = true;
      return [name, [...value].map((char) => (breaking.has(char) ? ' ' : char)).join('')];
    }
    if (/[^\u0020-\u007e\t]/.test(value)) raw = true;
    return [name, value];
  });
  if (fuzz.transport.how === 'absolute') {
    raw = true;
    target = `http://${fuzz.transport.host === 'self' ? ctx.selfHost : fuzz.transport.host}${target}`;
  }
  return { method, target, headers: safeHeaders, ...(body !== undefined ? { body } : {}), raw };
}

// ─── judging an answer ───────────────────────────────────────────────────────────────────────

/** Codes the server may send: 0, or a catalog code with an HTTP status (9xxxx are client-only). */
const SERVER_CODES = new Set<number>([0, ...Object.values(ERROR_CATALOG).filter((entry) => entry.status !== 0).map((entry) => entry.code)]);

export type Verdict = 'ok' | '5xx' | 'hang' | 'non-envelope' | 'transport';

function pathOf(target: string): string {
  const path = target.startsWith('http://') || target.startsWith('https://') ? target.replace(/^https?:\/\/[^/]*/, '') || '/' : target;
  return path.split('?')[0]!;
}

/** True when the body is our envelope: JSON `{code: number, msg: string, …}` with a code the server may send. */
export function isEnvelopeBody(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const { code, msg } = parsed as { code?: unknown; msg?: unknown };
  return typeof code === 'number' && typeof msg === 'string' && SERVER_CODES.has(code);
}

export function judge(request: WireRequest, answer: WireAnswer): Verdict {
  if (answer.kind === 'hang') return 'hang';
  // The connection dropped without an answer: the server closed on bytes it could not parse.
  if (answer.kind === 'error') return 'transport';
  if (answer.status >= 500) return '5xx';
  const path = pathOf(request.target);
  const api = path === '/api' || path.startsWith('/api/') || path === '/env' || path.startsWith('/env/');
  const notify = path.startsWith('/api/pay/notify/');
  // The API reference (a page, its assets, the OpenAPI document) describes the API in its own formats.
  const docs = isApiDocsRoute(path);
  // A file the route was asked for (the console's exports: XLSX / CSV) travels as an attachment, not an envelope.
  const download = answer.status === 200 && /^attachment\b/i.test(answer.headers['content-disposition'] ?? '');
  if (api && !notify && !docs && !download && request.method !== 'HEAD' && answer.status !== 304 && !isEnvelopeBody(answer.body)) return 'non-envelope';
  return 'ok';
}

// ─── running ────────────────────────────────────────────────────────────────────────────────

export interface FuzzFailure {
  verdict: Exclude<Verdict, 'ok' | 'transport'>;
  request: string;
  answer: string;
}

export interface RouteStats {
  route: FuzzRoute;
  cases: number;
  fiveXx: number;
  hangs: number;
  nonEnvelope: number;
  /** Connections closed without an answer (a parser refusing bytes): counted, not a failure. */
  dropped: number;
  examples: FuzzFailure[];
  /** How the route answered: `status code` (envelope code, or `-` for another body) → count. */
  answers: Record<string, number>;
}

export interface FuzzReport {
  seed: number;
  casesPerRoute: number;
  routes: RouteStats[];
  totals: { cases: number; fiveXx: number; hangs: number; nonEnvelope: number; dropped: number };
}

function clip(text: string, max: number): string {
  const printable = JSON.stringify(text.length > max ? text.slice(0, max) : text).slice(1, -1);
  return text.length > max ? `${printable}…(${text.length} chars)` : printable;
}

/** The exact request, readable: method, target, the headers beyond the client's, the body. */
export function describeRequest(request: WireRequest): string {
  const extra = request.headers.filter(([name, value]) => !CLIENT_HEADERS.some(([n, v]) => n === name && v === value));
  const headers = extra.map(([name, value]) => `${name}: ${clip(value, 80)}`).join('; ');
  const body = request.body ? ` body ${clip(request.body.toString('utf8'), 240)}` : '';
  return `${request.method} ${clip(request.target, 300)}${request.raw ? ' [raw]' : ''}${headers ? ` [${headers}]` : ''}${body}`;
}

function answerKey(answer: WireAnswer): string {
  if (answer.kind !== 'answer') return answer.kind;
  let code = '-';
  try {
    const parsed = JSON.parse(answer.body) as { code?: unknown };
    if (typeof parsed?.code === 'number') code = String(parsed.code);
  } catch {
    // not JSON
  }
  return `${answer.status} ${code}`;
}

function describeAnswer(answer: WireAnswer): string {
  if (answer.kind === 'hang') return `no answer within ${HANG_MS / 1000} s`;
  if (answer.kind === 'error') return answer.message;
  return `${answer.status} ${answer.headers['content-type'] ?? ''} ${clip(answer.body, 200)}`;
}

/** Deterministic per-route seed: the run's seed and the route's name. */
function routeSeed(seed: number, route: FuzzRoute): number {
  let hash = seed | 0;
  for (const char of routeKey(route)) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

export interface FuzzOptions {
  casesPerRoute: number;
  seed?: number;
  log?: (line: string) => void;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Requests in flight at once on the sign-in and password-change routes (each one a scrypt). */
  hashConcurrency?: number;
}

interface Session {
  cookie: string | undefined;
  stale: boolean;
}

interface ConsoleGoodsRow {
  id: number;
  name: string;
  type: string;
  price_fen: number;
  pay_types: string[];
  sort: number;
  active: boolean;
  description: string;
}

interface SavedConsoleData {
  goods: ConsoleGoodsRow[];
  config: Array<{ key: string; value: unknown }>;
}

interface FuzzSetup {
  signSecret: string;
  sandboxNotifyKey: string;
  nowSeconds: () => number;
  consoleAdmin: { username: string; password: string } | undefined;
  selfHost: string;
}

/**
 * The fuzz run over any `send`: set-up (an order, paid; a console session), then every route's
 * cases. `relogin` signs in again after a case may have ended the session (DELETE /session).
 */
async function runFuzz(
  send: Send,
  routes: FuzzRoute[],
  setup: FuzzSetup,
  options: FuzzOptions,
): Promise<FuzzReport> {
  const seed = options.seed ?? DEFAULT_FUZZ_SEED;
  const log = options.log ?? (() => undefined);
  const pools: FuzzPools = { id: ['1'], fileId: ['1'], outTradeNo: [], provider: ['sandbox', 'sandbox', 'sandbox', 'wechat', 'alipay', 'wechatpay'], name: ['0123456789abcdef0123456789abcdef.png'], key: ['service_phone'], orderPublicId: [] };
  const session: Session = { cookie: undefined, stale: true };
  const helpers = fuzzSetupHelpers(send, setup);
  await helpers.seedOrder(pools);
  let signIns = 0;
  const signIn = async () => {
    signIns += 1;
    session.cookie = setup.consoleAdmin ? await helpers.consoleSignIn(setup.consoleAdmin) : undefined;
    session.stale = false;
  };
  await signIn();
  const saved = session.cookie ? await helpers.learnConsoleIds(session.cookie, pools) : undefined;
  log(`fuzz: seed ${seed}, ${options.casesPerRoute} cases per route over ${routes.length} routes${session.cookie ? ', console signed in' : ', no console session'}`);

  const ctx: FuzzContext = { signSecret: setup.signSecret, sandboxNotifyKey: setup.sandboxNotifyKey, nowSeconds: setup.nowSeconds, consoleCookie: () => session.cookie, pools, selfHost: setup.selfHost };
  const stats: RouteStats[] = [];
  /** Non-envelope answers by status and the start of their body, over all routes. */
  const nonEnvelopeKinds = new Map<string, number>();
  for (const [index, route] of routes.entries()) {
    if (isLoginRoute(route) && saved) {
      // Before sign-in fuzzing can lock the address out: put back the goods and site texts the cases changed.
      if (session.stale) await signIn();
      if (session.cookie) log(`fuzz: ${await helpers.restoreConsoleData(session.cookie, saved)}`);
    }
    const started = Date.now();
    const cases = fc.sample(caseArb, { seed: routeSeed(seed, route), numRuns: options.casesPerRoute });
    const routeStats: RouteStats = { route, cases: 0, fiveXx: 0, hangs: 0, nonEnvelope: 0, dropped: 0, examples: [], answers: {} };
    const endsSession = isConsoleRoute(route) && route.url === '/api/console/session' && route.method === 'DELETE';
    // Signing in costs a scrypt: sign-out is tried on a fresh session five times, then on spent ones.
    let freshSignOuts = 0;
    // Password checks cost a 32 MiB scrypt each (docs/decisions/008): over HTTP two at a time, so a
    // slow answer means a slow server rather than eight hashes queued behind each other.
    const hashes = ['POST /api/console/session', 'POST /api/console/me/password'].includes(routeKey(route));
    const concurrency = endsSession ? 1 : hashes ? (options.hashConcurrency ?? options.concurrency ?? 4) : (options.concurrency ?? 4);
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const i = next++;
        const signed = i % 2 === 0;
        const withSession = Math.floor(i / 2) % 2 === 0;
        if (isConsoleRoute(route) && withSession && session.stale && !isLoginRoute(route) && (!endsSession || freshSignOuts++ < 5)) await signIn();
        const request = materialize(route, cases[i]!, ctx, { signed, session: withSession });
        const answer = await send(request);
        if (endsSession && withSession) session.stale = true;
        if (isConsoleRoute(route) && withSession && !endsSession && answer.kind === 'answer' && answer.body.includes(`"code":${ERROR_CATALOG.CONSOLE_LOGIN_REQUIRED.code}`) && request.headers.some(([name, value]) => name === 'cookie' && value === session.cookie)) {
          log(`fuzz:   the console session ended after ${describeRequest(request).slice(0, 200)}; signing in again`);
          session.stale = true;
        }
        const verdict = judge(request, answer);
        routeStats.cases += 1;
        const seen = answerKey(answer);
        routeStats.answers[seen] = (routeStats.answers[seen] ?? 0) + 1;
        if (verdict === 'transport') routeStats.dropped += 1;
        if (verdict === 'ok' || verdict === 'transport') continue;
        if (verdict === '5xx') routeStats.fiveXx += 1;
        else if (verdict === 'hang') routeStats.hangs += 1;
        else {
          routeStats.nonEnvelope += 1;
          if (answer.kind === 'answer') {
            const kind = `${answer.status} ${answer.body.slice(0, 60)}`;
            nonEnvelopeKinds.set(kind, (nonEnvelopeKinds.get(kind) ?? 0) + 1);
          }
        }
        if (routeStats.examples.filter((example) => example.verdict === verdict).length < 3) routeStats.examples.push({ verdict, request: describeRequest(request), answer: describeAnswer(answer) });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    stats.push(routeStats);
    const bad = routeStats.fiveXx + routeStats.hangs + routeStats.nonEnvelope;
    if (signIns > 50) log(`fuzz:   ${signIns} console sign-ins so far`);
    log(`fuzz: [${index + 1}/${routes.length}] ${routeKey(route)} — ${routeStats.cases} cases, ${routeStats.fiveXx} 5xx, ${routeStats.hangs} hangs, ${routeStats.nonEnvelope} non-envelope${routeStats.dropped ? `, ${routeStats.dropped} dropped` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (bad > 0) for (const example of routeStats.examples) log(`fuzz:     ${example.verdict}: ${example.request}\n        → ${example.answer}`);
  }
  for (const [kind, count] of [...nonEnvelopeKinds].sort((a, b) => b[1] - a[1])) log(`fuzz: non-envelope ×${count}: ${clip(kind, 100)}`);
  const totals = stats.reduce((sum, s) => ({ cases: sum.cases + s.cases, fiveXx: sum.fiveXx + s.fiveXx, hangs: sum.hangs + s.hangs, nonEnvelope: sum.nonEnvelope + s.nonEnvelope, dropped: sum.dropped + s.dropped }), { cases: 0, fiveXx: 0, hangs: 0, nonEnvelope: 0, dropped: 0 });
  return { seed, casesPerRoute: options.casesPerRoute, routes: stats, totals };
}

/** Set-up calls through the fuzzer's own `send`: signed like the web client, the console like the console app. */
function fuzzSetupHelpers(send: Send, setup: { signSecret: string; nowSeconds: () => number }) {
  const signedTarget = (path: string, query: Record<string, string>, body?: string) => {
    const full = { ...query, timestamp: String(setup.nowSeconds()), nonce: randomUUID() };
    const signature = signRequest({ query: full, body, secret: setup.signSecret });
    return `${path}?${Object.entries({ ...full, signature }).map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`;
  };
  const json = (answer: WireAnswer): { code?: number; data?: unknown } | undefined => {
    if (answer.kind !== 'answer') return undefined;
    try {
      return JSON.parse(answer.body) as { code?: number; data?: unknown };
    } catch {
      return undefined;
    }
  };
  const consoleCall = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
    send({
      method,
      target: path,
      headers: [['x-kb-console', '1'], ...(cookie ? [['cookie', cookie] as [string, string]] : []), ...(body !== undefined ? [['content-type', 'application/json'] as [string, string]] : [])],
      ...(body !== undefined ? { body: Buffer.from(JSON.stringify(body)) } : {}),
      raw: false,
    });

  return {
    /** An order paid through the sandbox cashier, so detail, cashier and console ids are real. */
    async seedOrder(pools: FuzzPools): Promise<void> {
      const bodyText = JSON.stringify({ ...Object.fromEntries(Object.entries(KNOWN_VALUES).filter(([key]) => key.startsWith('entity_') && key !== 'entity_extra')), goods_id: '1', pay_type: 'weixin', pay_source: 'native', source: 'web', extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION } });
      const created = json(await send({ method: 'POST', target: signedTarget('/api/h5/order', {}, bodyText), headers: [...CLIENT_HEADERS, ['content-type', 'application/json']], body: Buffer.from(bodyText), raw: false }));
      const data = created?.data as { orderId?: string; qrcodeUrl?: string } | undefined;
      if (data?.orderId) pools.orderPublicId.push(data.orderId);
      const outTradeNo = data?.qrcodeUrl ? decodeURIComponent(data.qrcodeUrl.split('/').pop() ?? '') : undefined;
      if (outTradeNo) {
        pools.outTradeNo.push(outTradeNo);
        await send({ method: 'POST', target: `/sandbox/cashier/${encode(outTradeNo)}/pay`, headers: [['content-type', 'application/x-www-form-urlencoded']], body: Buffer.alloc(0), raw: false });
      }
    },
    /** Signs in as the admin (replacing a temporary password first if asked to); `kb_console=<token>`. */
    async consoleSignIn(admin: { username: string; password: string }): Promise<string | undefined> {
      const answer = await consoleCall('POST', '/api/console/session', undefined, { username: admin.username, password: admin.password });
      if (answer.kind !== 'answer' || answer.status !== 200) return undefined;
      const token = /kb_console=([^;]+)/.exec(answer.headers['set-cookie'] ?? '')?.[1];
      if (!token) return undefined;
      const cookie = `kb_console=${token}`;
      const staff = json(answer)?.data as { must_change_password?: boolean } | undefined;
      if (staff?.must_change_password) {
        // The account must replace its password first; the fuzzer keeps using the one it knows.
        await consoleCall('POST', '/api/console/me/password', cookie, { current_password: admin.password, new_password: `${admin.password}x9` });
        await consoleCall('POST', '/api/console/me/password', cookie, { current_password: `${admin.password}x9`, new_password: admin.password });
      }
      return cookie;
    },
    /** Real ids for the path parameters, and the goods and site texts as they were (to put back afterwards). */
    async learnConsoleIds(cookie: string, pools: FuzzPools): Promise<SavedConsoleData> {
      const orders = json(await consoleCall('GET', '/api/console/orders?view=all', cookie))?.data as { items?: Array<{ id?: number }> } | undefined;
      const ids = (orders?.items ?? []).map((item) => item.id).filter((id): id is number => typeof id === 'number');
      if (ids.length > 0) pools.id.unshift(String(ids[0]));
      const config = json(await consoleCall('GET', '/api/console/site-config', cookie))?.data as Array<{ key?: string }> | { items?: Array<{ key?: string }> } | undefined;
      const rows = Array.isArray(config) ? config : (config?.items ?? []);
      const keys = rows.map((row) => row.key).filter((key): key is string => typeof key === 'string');
      if (keys.length > 0) pools.key.push(...keys.slice(0, 3));
      const goods = (json(await consoleCall('GET', '/api/console/goods', cookie))?.data as ConsoleGoodsRow[] | undefined) ?? [];
      return { goods, config: rows.filter((row): row is { key: string; value: unknown } => typeof row.key === 'string') };
    },
    async restoreConsoleData(cookie: string, saved: SavedConsoleData): Promise<string> {
      let failed = 0;
      const put = async (method: string, path: string, body: unknown) => {
        const answer = await consoleCall(method, path, cookie, body);
        if (answer.kind !== 'answer' || answer.status !== 200) failed += 1;
      };
      for (const g of saved.goods) {
        const yuan = g.price_fen % 100 === 0 ? String(g.price_fen / 100) : (g.price_fen / 100).toFixed(2);
        await put('PUT', `/api/console/goods/${g.id}`, { name: g.name, type: g.type, price_yuan: yuan, pay_types: g.pay_types, sort: g.sort, active: g.active, description: g.description });
      }
      // Goods the cases created are hidden again.
      const now = (json(await consoleCall('GET', '/api/console/goods', cookie))?.data as ConsoleGoodsRow[] | undefined) ?? [];
      const known = new Set(saved.goods.map((g) => g.id));
      const created = now.filter((g) => !known.has(g.id) && g.active);
      for (const g of created) {
        const yuan = g.price_fen % 100 === 0 ? String(g.price_fen / 100) : (g.price_fen / 100).toFixed(2);
        await put('PUT', `/api/console/goods/${g.id}`, { name: g.name, type: g.type, price_yuan: yuan, pay_types: g.pay_types, sort: g.sort, active: false, description: g.description });
      }
      for (const entry of saved.config) await put('PUT', `/api/console/site-config/${encode(entry.key)}`, { value: entry.value });
      return `restored ${saved.goods.length} goods and ${saved.config.length} site settings, hid ${created.length} goods the cases created${failed ? ` (${failed} could not be put back)` : ''}`;
    },
  };
}

/** The routes of an app built in process (the target's code), for fuzzing a target over HTTP. */
export async function discoverRoutes(): Promise<FuzzRoute[]> {
  const test = await buildTestApp({ companies: 10 });
  try {
    await test.app.ready();
    return fuzzRoutesOf(test.app);
  } finally {
    await test.close();
  }
}

export function reportResults(report: FuzzReport): ProbeResult[] {
  const worst = (stats: RouteStats[]) =>
    stats
      .filter((s) => s.fiveXx + s.hangs + s.nonEnvelope > 0)
      .sort((a, b) => b.fiveXx + b.hangs + b.nonEnvelope - (a.fiveXx + a.hangs + a.nonEnvelope))
      .slice(0, 4)
      .map((s) => `${routeKey(s.route)} (${[s.fiveXx && `${s.fiveXx} 5xx`, s.hangs && `${s.hangs} hangs`, s.nonEnvelope && `${s.nonEnvelope} non-envelope`].filter(Boolean).join(', ')})`);
  const line = (stats: RouteStats[]) => {
    const sum = stats.reduce((t, s) => ({ cases: t.cases + s.cases, fiveXx: t.fiveXx + s.fiveXx, hangs: t.hangs + s.hangs, nonEnvelope: t.nonEnvelope + s.nonEnvelope }), { cases: 0, fiveXx: 0, hangs: 0, nonEnvelope: 0 });
    const bad = worst(stats);
    return {
      held: sum.fiveXx + sum.hangs + sum.nonEnvelope === 0,
      figure: `${sum.cases.toLocaleString('en-US')} cases over ${stats.length} routes: ${sum.fiveXx} 5xx, ${sum.hangs} hangs, ${sum.nonEnvelope} non-envelope${bad.length > 0 ? `; worst: ${bad.join('; ')}` : ''}`,
    };
  };
  const results: ProbeResult[] = [{ name: `fuzzer (seed ${report.seed}, ${report.casesPerRoute} cases per route): no 5xx, no hang, the envelope on every /api answer`, ...line(report.routes) }];
  const families = [...new Set(report.routes.map((s) => s.route.family))];
  for (const family of families) results.push({ name: `fuzzer: ${family}`, ...line(report.routes.filter((s) => s.route.family === family)) });
  return results;
}

/** The fuzzer in process, through `app.inject` (the vitest slice). */
export async function fuzzApp(
  app: FastifyInstance,
  options: FuzzOptions & { signSecret?: string; nowSeconds?: () => number; consoleAdmin?: { username: string; password: string }; routes?: FuzzRoute[] },
): Promise<FuzzReport> {
  await app.ready();
  const routes = options.routes ?? fuzzRoutesOf(app);
  return runFuzz(
    injectSend(app),
    routes,
    { signSecret: options.signSecret ?? app.config.signature.secret, sandboxNotifyKey: app.config.payment.sandboxNotifyKey, nowSeconds: options.nowSeconds ?? (() => Math.floor(Date.now() / 1000)), consoleAdmin: options.consoleAdmin, selfHost: 'localhost:80' },
    options,
  );
}

/** The fuzzer against a running target over HTTP (raw TCP: the bytes go out as generated). */
export async function fuzzProbe(target: AttackTarget, options: { casesPerRoute: number; seed?: number; log?: (line: string) => void; concurrency?: number }): Promise<ProbeResult[]> {
  const routes = await discoverRoutes();
  const report = await runFuzz(
    rawHttpSend(target.baseUrl),
    routes,
    { signSecret: target.signSecret ?? DEV_DEFAULTS.SIGN_SECRET, sandboxNotifyKey: target.sandboxNotifyKey ?? DEV_DEFAULTS.SANDBOX_NOTIFY_KEY, nowSeconds: () => Math.floor(Date.now() / 1000), consoleAdmin: target.consoleAdmin, selfHost: new URL(target.baseUrl).host },
    { concurrency: 8, hashConcurrency: 2, ...options },
  );
  return reportResults(report);
}
