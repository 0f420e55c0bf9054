import { FIRST_AGREEMENT_VERSION } from '../src/seed/defaults.ts';
import { randomInt } from 'node:crypto';
import { ALREADY_PAID_RESULT, idNumberCheckChar, type CompanySearchItem, type CreateOrderResult, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { answerWatch, describe, envelopeOf, send, type Answer, Visitor } from './client.ts';
import type { AttackTarget } from './probe.ts';

/** What the probes set up through the visitor API: companies, orders, payments, the console session. */

/** A valid mainland ID number (a Beijing district, a birth date in the 1970s–80s, a random sequence). */
export function randomIdNumber(): string {
  const year = 1970 + randomInt(20);
  const month = String(1 + randomInt(12)).padStart(2, '0');
  const day = String(1 + randomInt(28)).padStart(2, '0');
  const first17 = `110105${year}${month}${day}${String(randomInt(1000)).padStart(3, '0')}`;
  const id = first17 + idNumberCheckChar(first17);
  answerWatch.secrets.add(id);
  return id;
}

/** A valid mainland mobile number nobody else in this run uses. */
export function randomPhone(): string {
  return `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

const KEYWORDS = ['科技有限公司', '贸易有限公司', '有限公司', '文化传媒有限公司', '建筑工程有限公司', '商贸有限公司', '股份有限公司', '软件'];
const handedOut = new Set<string>();
const companyCache = new Map<string, CompanySearchItem[]>();

/** Companies of the target's directory, each handed out once per run (an annual report is paid once a year per company). */
async function companies(visitor: Visitor): Promise<CompanySearchItem[]> {
  const cached = companyCache.get(visitor.target.baseUrl);
  if (cached) return cached;
  const found = new Map<string, CompanySearchItem>();
  for (const keyword of KEYWORDS) {
    const list = await visitor.data<CompanySearchItem[]>({ path: '/api/h5/company', query: { keyword } });
    for (const item of list) if (item.credit_code && item.oper_name && item.name.includes('公司')) found.set(item.credit_code, item);
  }
  if (found.size === 0) throw new Error('the company search found no company to order for (is the directory seeded?)');
  const list = [...found.values()];
  companyCache.set(visitor.target.baseUrl, list);
  return list;
}

export interface PlacedOrder {
  result: CreateOrderResult;
  company: CompanySearchItem;
  phone: string;
  idNumber: string;
  /** The payment attempt's number (the cashier's path segment). */
  attemptNo: string;
}

export interface OrderOptions {
  phone?: string;
  idNumber?: string;
  paySource?: 'native' | 'h5';
  returnUrl?: string;
  headers?: Record<string, string>;
  visitor?: Visitor;
}

/** The signed POST /api/h5/order the web app sends; the raw answer, for probes that judge it. */
async function postOrder(target: AttackTarget, options: OrderOptions & { company: CompanySearchItem }): Promise<{ answer: Answer; form: Record<string, unknown> }> {
  const visitor = options.visitor ?? new Visitor(target);
  const form = {
    goods_id: '1',
    pay_type: 'weixin',
    pay_source: options.paySource ?? 'native',
    source: 'web',
    entity_name: options.company.name,
    entity_id: options.company.credit_code,
    entity_legal: options.company.oper_name,
    entity_idno: options.idNumber ?? randomIdNumber(),
    entity_phone: options.phone ?? randomPhone(),
    extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
    ...(options.returnUrl !== undefined ? { return_url: options.returnUrl } : {}),
  };
  const answer = await visitor.signed({ method: 'POST', path: '/api/h5/order', body: form, ...(options.headers ? { headers: options.headers } : {}) });
  return { answer, form };
}

/** Creates an annual-report order (goods 1) for a company not yet paid for this year. */
export async function placeOrder(target: AttackTarget, options: OrderOptions = {}): Promise<PlacedOrder> {
  const visitor = options.visitor ?? new Visitor(target);
  const idNumber = options.idNumber ?? randomIdNumber();
  const phone = options.phone ?? randomPhone();
  for (const company of await companies(visitor)) {
    const key = `${target.baseUrl} ${company.credit_code}`;
    if (handedOut.has(key)) continue;
    handedOut.add(key);
    const { answer } = await postOrder(target, { ...options, visitor, company, idNumber, phone });
    const envelope = envelopeOf(answer, visitor.responseKey);
    if (answer.status !== 200 || envelope?.code !== 0) throw new Error(`creating an order answered ${describe(answer)}: ${answer.text.slice(0, 200)}`);
    // Paid for this year already (an earlier run against the same server): the next company.
    if (envelope.data === ALREADY_PAID_RESULT) continue;
    const result = envelope.data as CreateOrderResult;
    const cashier = result.qrcodeUrl ?? result.h5_url ?? '';
    const attemptNo = decodeURIComponent(/\/sandbox\/cashier\/([^/?#]+)/.exec(cashier)?.[1] ?? '');
    if (!attemptNo) throw new Error(`the order answer has no sandbox cashier address (is PAYMENT_PROVIDERS sandbox?): ${JSON.stringify(result).slice(0, 200)}`);
    return { result, company, phone, idNumber, attemptNo };
  }
  throw new Error('every company the search found is paid for this year already');
}

/** Confirms the payment in the sandbox cashier, as the payer's button does. */
export async function payInCashier(target: AttackTarget, attemptNo: string, headers: Record<string, string> = {}): Promise<Answer> {
  return send(target.baseUrl, {
    method: 'POST',
    path: `/sandbox/cashier/${encodeURIComponent(attemptNo)}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: '',
  });
}

export async function placePaidOrder(target: AttackTarget, options: OrderOptions = {}): Promise<PlacedOrder> {
  const order = await placeOrder(target, options);
  const paid = await payInCashier(target, order.attemptNo);
  if (paid.status !== 200 && paid.status !== 303) throw new Error(`the sandbox cashier answered ${paid.status} to the payment`);
  return order;
}

// ---- the console ----

export interface ConsoleSession {
  /** Cookies the console set (session and, once the server issues one, the trusted-device cookie). */
  cookies: Map<string, string>;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  data<T>(method: string, path: string, body?: unknown): Promise<T>;
}

function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Remembers every Set-Cookie of an answer (an empty value or Max-Age=0 forgets). */
export function keepCookies(cookies: Map<string, string>, answer: Answer): void {
  const setCookie = answer.headers['set-cookie'] ?? [];
  for (const line of setCookie) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** POST /api/console/session as the console's sign-in form does. */
export function consoleSignIn(target: AttackTarget, credentials: { username: string; password: string }, cookies?: Map<string, string>): Promise<Answer> {
  return send(target.baseUrl, {
    method: 'POST',
    path: '/api/console/session',
    headers: { 'content-type': 'application/json', 'x-kb-console': '1', 'user-agent': 'kuaibao-attack-suite', ...(cookies && cookies.size > 0 ? { cookie: cookieHeader(cookies) } : {}) },
    body: JSON.stringify(credentials),
  });
}

const sessions = new Map<string, Promise<ConsoleSession>>();

/** One signed-in admin session per target and run (signed in before any lockout probe runs). */
export function consoleSession(target: AttackTarget): Promise<ConsoleSession> {
  let session = sessions.get(target.baseUrl);
  if (!session) {
    session = openConsoleSession(target);
    sessions.set(target.baseUrl, session);
    session.catch(() => sessions.delete(target.baseUrl));
  }
  return session;
}

export function forgetRunState(): void {
  sessions.clear();
  companyCache.clear();
  handedOut.clear();
}

export async function openConsoleSession(target: AttackTarget, cookies = new Map<string, string>()): Promise<ConsoleSession> {
  const admin = target.consoleAdmin;
  if (!admin) throw new Error('no console admin password for this target (--console-user/--console-password)');
  const signIn = await consoleSignIn(target, admin, cookies);
  if (signIn.status !== 200) throw new Error(`console sign-in as ${admin.username} answered ${describe(signIn)}`);
  keepCookies(cookies, signIn);
  const staff = envelopeOf(signIn)?.data as { must_change_password?: boolean } | undefined;
  if (staff?.must_change_password) throw new Error(`${admin.username} must replace its temporary password in the console first`);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    send(target.baseUrl, {
      method,
      path: `/api/console${path}`,
      headers: {
        cookie: cookieHeader(cookies),
        'x-kb-console': '1',
        ...(body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) } : {}),
    });
  return {
    cookies,
    call,
    async data<T>(method: string, path: string, body?: unknown): Promise<T> {
      const answer = await call(method, path, body);
      const envelope = envelopeOf(answer);
      if (answer.status !== 200 || envelope?.code !== 0) throw new Error(`console ${method} ${path} answered ${describe(answer)}`);
      return envelope.data as T;
    },
  };
}

/** The console's internal id of an order, found by its order number. */
export async function consoleOrderId(session: ConsoleSession, orderNumber: string): Promise<number> {
  const list = await session.data<{ items: Array<{ id: number; out_trade_no: string }> }>('GET', `/orders?q=${encodeURIComponent(orderNumber)}&view=all`);
  const found = list.items.find((item) => item.out_trade_no === orderNumber);
  if (!found) throw new Error(`the console does not list order ${orderNumber}`);
  return found.id;
}

/** The order number of an attempt number (`<order number>P01`). */
export function orderNumberOf(attemptNo: string): string {
  return attemptNo.replace(/P\d+$/, '');
}

/** A small valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A multipart/form-data body with one file part. */
export function multipartFile(name: string, type: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----kbattack${randomInt(1e9)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
