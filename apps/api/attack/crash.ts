import { FIRST_AGREEMENT_VERSION } from '../src/seed/defaults.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { Client as PgClient, defaults as pgDefaults } from 'pg';
import { ORDER_STATUS, isOrderUnpaid, signRequest, wasOrderPaid, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { DEV_DEFAULTS } from '../src/config.ts';
import { decryptJson } from '../src/http/response-crypto.ts';
import { SANDBOX_HEADERS, signSandboxMessage } from '../src/providers/payment/sandbox/sandbox-gateway.ts';
import type { ProbeResult } from './probe.ts';
import type { StartedTarget } from './target.ts';

/**
 * The crash test of the attack suite (docs/security.md): concurrent visitors create signed orders
 * and pay them through the sandbox cashier (some twice, some at once, some after switching
 * method, some with a second notification under a new event id), the server is killed with
 * SIGKILL at a random moment mid-load and started again on the same database, the load goes on
 * a little, the SMS outbox worker and the payment sweeps catch up, and then the database itself
 * is read (SQLite read-only through node:sqlite, or PostgreSQL through pg) to check what must
 * survive a crash (docs/decisions/007-refunds-and-reconciliation.md, 008-console-auth-and-roles.md):
 *
 * 1. acknowledged: every order the server reported paid (order detail status '2') is still paid;
 * 2. one payment per order: at most one PAID attempt settles an order, and every other PAID
 *    attempt is refunded as a duplicate (or its refund is queued, when the sweep is not due yet);
 *    at the gateway, at most one trade per order keeps the money once refunds ran;
 * 3. paid ⇔ settled: status '2' (or '4', refunded) exactly when a PAID attempt settles the order,
 *    with its pay_time;
 * 4. money recorded: every trade the gateway took money for has its attempt PAID;
 * 5. SMS: exactly one sms.payment_succeeded outbox row per paid order and none for others, every
 *    one worked, and exactly one SENT payment_succeeded entry in sms_log per paid order;
 * 6. nothing half-written: no provider event stuck in PROCESSING (its transaction would have
 *    rolled back), no attempt without its order, no PAID attempt without transaction id and time,
 *    and every creation the server answered has its order row and the attempt its cashier names.
 *    Orders left without any attempt (the kill fell between the order's transaction and the
 *    attempt's: order.service.ts writes them in two) are counted; they are a violation only if
 *    the server had answered their creation.
 *
 * Waiting for the worker and the sweeps polls the database; a deadline only ends the wait, the
 * invariants decide.
 */

export interface CrashOptions {
  rounds: number;
  log?: (line: string) => void;
  /** Concurrent visitors (default 12). */
  clients?: number;
  /** Orders each visitor creates before the kill is due and after the restart together (default 10). */
  ordersPerClient?: number;
  /** How long to wait at most for the SMS outbox and the sweeps after the load (default: from the target's settings). */
  settleTimeoutMs?: number;
}

// ─── talking to the target ───────────────────────────────────────────────────────────────────

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

class Client {
  readonly deviceId = `crash-${randomUUID()}`;
  errors = 0;
  fiveXx: string[] = [];
  private readonly target: StartedTarget;
  constructor(target: StartedTarget) {
    this.target = target;
  }

  private async fetch(path: string, init: RequestInit): Promise<Answer | undefined> {
    try {
      const response = await fetch(`${this.target.baseUrl}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
      const answer = { status: response.status, text: await response.text(), headers: response.headers };
      if (answer.status >= 500) this.fiveXx.push(`${init.method ?? 'GET'} ${path.split('?')[0]} → ${answer.status} ${answer.text.slice(0, 120)}`);
      return answer;
    } catch {
      // The server is down (killed) or the connection was cut: the outcome is unknown.
      this.errors += 1;
      return undefined;
    }
  }

  /** A signed call the way apps/web/src/api/client.ts makes it. */
  signed(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, body?: unknown): Promise<Answer | undefined> {
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    const full = { ...query, timestamp: String(Math.floor(Date.now() / 1000)), nonce: randomUUID() };
    const signature = signRequest({ query: full, body: method === 'POST' ? bodyText : undefined, secret: this.target.signSecret });
    const search = new URLSearchParams({ ...full, signature });
    return this.fetch(`${path}?${search.toString()}`, {
      method,
      headers: { 'x-device-id': this.deviceId, 'x-platform': 'web', 'x-channel': 'web', accept: 'application/json', ...(bodyText !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(bodyText !== undefined ? { body: bodyText } : {}),
    });
  }

  data<T>(answer: Answer | undefined): T | undefined {
    if (!answer || answer.status !== 200) return undefined;
    try {
      const envelope = JSON.parse(answer.text) as { code: number; data?: unknown; encrypt?: boolean };
      if (envelope.code !== 0) return undefined;
      if (envelope.encrypt && typeof envelope.data === 'string') return decryptJson(envelope.data, Buffer.from(this.target.responseAesKey ?? DEV_DEFAULTS.RESPONSE_AES_KEY, 'hex')) as T;
      return envelope.data as T;
    } catch {
      return undefined;
    }
  }

  /** The payer confirms in the sandbox cashier (the form's POST). */
  pay(outTradeNo: string): Promise<Answer | undefined> {
    return this.fetch(`/sandbox/cashier/${encodeURIComponent(outTradeNo)}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  }

  /** A notification the gateway could have sent twice: same trade, a new event id, signed with the gateway's key. */
  notify(trade: { out_trade_no: string; transaction_id: string; amount_fen: number; paid_at: string }): Promise<Answer | undefined> {
    const body = JSON.stringify({
      id: `EV_crash_${randomBytes(6).toString('hex')}`,
      event_type: 'TRANSACTION.SUCCESS',
      resource: { out_trade_no: trade.out_trade_no, transaction_id: trade.transaction_id, trade_state: 'SUCCESS', amount: { total: trade.amount_fen, currency: 'CNY' }, success_time: trade.paid_at },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const key = this.target.sandboxNotifyKey ?? DEV_DEFAULTS.SANDBOX_NOTIFY_KEY;
    return this.fetch('/api/pay/notify/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_HEADERS.timestamp]: timestamp, [SANDBOX_HEADERS.nonce]: nonce, [SANDBOX_HEADERS.signature]: signSandboxMessage(key, timestamp, nonce, body) },
      body,
    });
  }
}

// ─── reading the database ────────────────────────────────────────────────────────────────────

interface Rows {
  orders: Array<{ id: number; public_id: string; out_trade_no: string; status: string; pay_time: string | null }>;
  attempts: Array<{ id: number; order_id: number; out_trade_no: string; status: string; settles_order: number; provider_txn_id: string | null; paid_at: string | null }>;
  outbox: Array<{ id: number; kind: string; payload: string; processed_at: string | null }>;
  smsLog: Array<{ dedupe_key: string; status: string; order_id: number | null }>;
  refunds: Array<{ attempt_id: number; out_trade_no: string; purpose: string; status: string }>;
  events: Array<{ event_id: string; result: string }>;
  trades: Array<{ out_trade_no: string; status: string; transaction_id: string | null; amount_fen: number; paid_at: string | null }>;
}

const QUERIES: Record<keyof Rows, string> = {
  orders: 'SELECT id, public_id, out_trade_no, status, pay_time FROM orders',
  attempts: 'SELECT id, order_id, out_trade_no, status, settles_order, provider_txn_id, paid_at FROM payment_attempts',
  outbox: 'SELECT id, kind, payload, processed_at FROM outbox',
  smsLog: 'SELECT dedupe_key, status, order_id FROM sms_log',
  refunds: 'SELECT attempt_id, out_trade_no, purpose, status FROM refunds',
  events: 'SELECT event_id, result FROM provider_events',
  trades: 'SELECT out_trade_no, status, transaction_id, amount_fen, paid_at FROM sandbox_trades',
};

/** A pg client; like libpq (and db/database.ts), the role defaults to the OS user. */
function pgClient(connectionString: string): PgClient {
  pgDefaults.user ??= userInfo().username;
  return new PgClient({ connectionString });
}

/** Reads the target's database as it is on disk: SQLite read-only, or PostgreSQL with the target's DATABASE_URL. */
export async function readRows(target: StartedTarget): Promise<Rows> {
  const url = target.env.DATABASE_URL;
  if (url) {
    const client = pgClient(url);
    await client.connect();
    try {
      const out: Partial<Rows> = {};
      for (const [name, query] of Object.entries(QUERIES) as Array<[keyof Rows, string]>) out[name] = (await client.query(query)).rows as never;
      return out as Rows;
    } finally {
      await client.end();
    }
  }
  if (!target.sqliteFile) throw new Error('the crash test needs the target’s SQLite file or its DATABASE_URL');
  const db = new DatabaseSync(target.sqliteFile, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const out: Partial<Rows> = {};
    for (const [name, query] of Object.entries(QUERIES) as Array<[keyof Rows, string]>) out[name] = db.prepare(query).all() as never;
    return out as Rows;
  } finally {
    db.close();
  }
}

// ─── the load ────────────────────────────────────────────────────────────────────────────────

interface Company {
  name: string;
  credit_code: string;
  oper_name: string;
  /** 登记状态 in words, '' for a live company: the others cannot be ordered for (docs/product/registration-status.md). */
  status_text?: string;
}

interface Goods {
  id: number;
  pay_type: string;
}

interface Tracked {
  publicId: string;
  outTradeNos: string[];
  /** The order detail said status '2'. */
  ackPaid: boolean;
  ackBeforeKill: boolean;
  /** The cashier answered success for at least one of its trades. */
  cashierPaid: boolean;
  round: number;
}

type Scenario = 'once' | 'twice' | 'concurrent' | 'switch' | 'race-switch' | 'renotify' | 'abandon';
const SCENARIOS: Scenario[] = ['once', 'once', 'twice', 'concurrent', 'concurrent', 'switch', 'race-switch', 'race-switch', 'renotify', 'abandon', 'once'];

/** Valid 18-character ID numbers (GB 11643 check character), distinct per order. */
function idNumber(serial: number): string {
  const year = 1950 + (serial % 50);
  const month = String(1 + (Math.floor(serial / 50) % 12)).padStart(2, '0');
  const day = String(1 + (serial % 28)).padStart(2, '0');
  const body = `110105${year}${month}${day}${String(serial % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** Seeded companies, found the way a visitor finds them: searches, then searches for words of the names found. */
async function findCompanies(client: Client, needed: number): Promise<Company[]> {
  const found = new Map<string, Company>();
  const queue = ['科技', '贸易', '餐饮', '建筑', '咨询', '文化', '网络', '商贸', '信息', '管理', '实业', '工程', '电子', '食品', '物流', '北京', '上海', '深圳', '广州', '杭州', '成都'];
  const asked = new Set<string>();
  while (found.size < needed && queue.length > 0 && asked.size < 1500) {
    const keyword = queue.shift()!;
    if (asked.has(keyword)) continue;
    asked.add(keyword);
    const items = client.data<Company[]>(await client.signed('GET', '/api/h5/company', { keyword })) ?? [];
    for (const item of items) {
      if (!item.credit_code || found.has(item.credit_code)) continue;
      if (!item.status_text) found.set(item.credit_code, item);
      const chars = [...item.name];
      for (let at = 0; at + 2 <= Math.min(chars.length, 8); at += 2) queue.push(chars.slice(at, at + 2).join(''));
    }
  }
  return [...found.values()];
}

interface RoundStats {
  created: number;
  cashierPaid: number;
  ackPaid: number;
  kills: number;
  errors: number;
  fiveXx: string[];
}

async function runRound(
  target: StartedTarget,
  input: { round: number; clients: number; ordersPerClient: number; companies: Company[]; goods: Goods[]; book: Map<string, Tracked>; answeredTrades: Set<string>; log: (line: string) => void; serial: { next: number } },
): Promise<RoundStats> {
  const { book, log } = input;
  const total = input.clients * input.ordersPerClient;
  // The kill comes when 30–70 % of the round's orders have been started.
  const killAt = Math.floor(total * (0.3 + Math.random() * 0.4));
  let started = 0;
  let killed = false;
  let killing: Promise<void> | undefined;
  const stats: RoundStats = { created: 0, cashierPaid: 0, ackPaid: 0, kills: 0, errors: 0, fiveXx: [] };
  const clients = Array.from({ length: input.clients }, () => new Client(target));
  let companyIndex = 0;

  const kill = async () => {
    log(`crash: round ${input.round}: SIGKILL after ${started} of ${total} orders started`);
    const before = Date.now();
    await target.killAndRestart!();
    killed = true;
    stats.kills += 1;
    log(`crash: round ${input.round}: the target is back (${((Date.now() - before) / 1000).toFixed(1)} s)`);
  };

  const waitIfDown = async (client: Client, errorsBefore: number) => {
    // A failed call while the target restarts: wait for its restart before the next order.
    if (client.errors > errorsBefore && killing) await killing;
  };

  const one = async (client: Client, index: number) => {
    const company = input.companies[companyIndex++ % input.companies.length]!;
    const scenario = SCENARIOS[(index * 7 + input.round) % SCENARIOS.length]!;
    const goods = input.goods[index % input.goods.length]!;
    const payTypes = goods.pay_type.split(',').filter(Boolean);
    const payType = payTypes[0] ?? 'weixin';
    const serial = input.serial.next++;
    const form = (type: string) => ({
      goods_id: String(goods.id),
      pay_type: type,
      pay_source: 'native',
      source: 'web',
      entity_name: company.name,
      entity_id: company.credit_code,
      entity_legal: company.oper_name || '张三',
      entity_idno: idNumber(serial),
      entity_phone: `138${String(10_000_000 + serial).slice(-8)}`,
      extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
      // 信用修复 names the record to repair (docs/product/registration-status.md); the others ignore it.
      credit_record: 'business_anomaly',
    });
    const errorsBefore = client.errors;
    const created = client.data<{ orderId?: string; qrcodeUrl?: string } | string>(await client.signed('POST', '/api/h5/order', {}, form(payType)));
    if (!created || typeof created === 'string' || !created.orderId || !created.qrcodeUrl) return waitIfDown(client, errorsBefore);
    stats.created += 1;
    const tracked: Tracked = { publicId: created.orderId, outTradeNos: [decodeURIComponent(created.qrcodeUrl.split('/').pop() ?? '')], ackPaid: false, ackBeforeKill: false, cashierPaid: false, round: input.round };
    book.set(tracked.publicId, tracked);
    input.answeredTrades.add(tracked.outTradeNos[0]!);

    const payOk = (answer: Answer | undefined) => answer !== undefined && (answer.status === 200 || answer.status === 303);
    const record = (answers: Array<Answer | undefined>) => {
      if (answers.some(payOk)) tracked.cashierPaid = true;
    };
    // The visitor switches method: the same order, a new attempt; the old cashier is closed, or races the close.
    const switchMethod = async () => {
      const other = payTypes.find((t) => t !== payType) ?? payType;
      const again = client.data<{ orderId?: string; qrcodeUrl?: string }>(await client.signed('POST', '/api/h5/order', {}, form(other)));
      if (again?.qrcodeUrl && again.orderId === tracked.publicId) {
        const next = decodeURIComponent(again.qrcodeUrl.split('/').pop() ?? '');
        tracked.outTradeNos.push(next);
        input.answeredTrades.add(next);
      }
    };
    if (scenario === 'switch') await switchMethod();
    if (scenario === 'race-switch') {
      // The old QR is paid while the switch closes it: whichever wins, one payment may have to go back.
      const [paid] = await Promise.all([client.pay(tracked.outTradeNos[0]!), switchMethod()]);
      record([paid]);
    }
    const [first, second] = [tracked.outTradeNos[0]!, tracked.outTradeNos[1]];
    switch (scenario) {
      case 'once':
        record([await client.pay(first)]);
        break;
      case 'twice':
        record([await client.pay(first), await client.pay(first)]);
        break;
      case 'concurrent':
        record(await Promise.all([client.pay(first), client.pay(first), client.pay(first)]));
        break;
      case 'switch':
        record(await Promise.all([client.pay(first), client.pay(second ?? first)]));
        break;
      case 'race-switch':
        if (second) record([await client.pay(second)]);
        break;
      case 'renotify': {
        record([await client.pay(first)]);
        const trade = (await readRows(target).catch(() => undefined))?.trades.find((t) => t.out_trade_no === first);
        if (trade?.transaction_id && trade.paid_at) await Promise.all([client.notify({ ...trade, transaction_id: trade.transaction_id, paid_at: trade.paid_at }), client.notify({ ...trade, transaction_id: trade.transaction_id, paid_at: trade.paid_at })]);
        break;
      }
      case 'abandon':
        break;
    }
    if (tracked.cashierPaid) stats.cashierPaid += 1;
    const detail = client.data<{ status?: string }>(await client.signed('GET', '/api/h5/order/detail', { id: tracked.publicId }));
    if (detail?.status === ORDER_STATUS.paid) {
      tracked.ackPaid = true;
      tracked.ackBeforeKill = !killed && !killing;
      stats.ackPaid += 1;
    }
    await waitIfDown(client, errorsBefore);
  };

  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < input.ordersPerClient; i++) {
        const index = started++;
        if (index === killAt && !killing) killing = kill();
        await one(client, index);
      }
    }),
  );
  if (killing) await killing;
  stats.errors = clients.reduce((sum, c) => sum + c.errors, 0);
  stats.fiveXx = clients.flatMap((c) => c.fiveXx);
  return stats;
}

// ─── settling and checking ───────────────────────────────────────────────────────────────────

interface Check {
  violations: string[];
  /** Things still waiting for a worker or a sweep (not violations on their own). */
  pending: string[];
  figures: { orders: number; paid: number; refundedDuplicates: number; queuedDuplicates: number; orphanOrders: number; smsSent: number };
}

function payloadOf(row: { payload: string }): { orderId?: unknown; outTradeNo?: unknown } {
  try {
    return JSON.parse(row.payload) as { orderId?: unknown; outTradeNo?: unknown };
  } catch {
    return {};
  }
}

export function checkInvariants(rows: Rows, book: Map<string, Tracked>, answeredTrades: Set<string>): Check {
  const violations: string[] = [];
  const pending: string[] = [];
  const orderById = new Map(rows.orders.map((o) => [o.id, o]));
  const orderByPublic = new Map(rows.orders.map((o) => [o.public_id, o]));
  const attemptsByOrder = new Map<number, Rows['attempts']>();
  for (const a of rows.attempts) attemptsByOrder.set(a.order_id, [...(attemptsByOrder.get(a.order_id) ?? []), a]);
  const attemptByTrade = new Map(rows.attempts.map((a) => [a.out_trade_no, a]));
  const refundByAttempt = new Map(rows.refunds.map((r) => [r.attempt_id, r]));
  const queuedRefunds = new Set(rows.outbox.filter((r) => r.kind === 'payment.refund_attempt').map((r) => String(payloadOf(r).outTradeNo)));
  const isPaid = wasOrderPaid;

  // 1. acknowledged paid stays paid
  for (const t of book.values()) {
    if (!t.ackPaid) continue;
    const order = orderByPublic.get(t.publicId);
    if (!order || !isPaid(order.status)) violations.push(`order ${t.publicId} was reported paid${t.ackBeforeKill ? ' before the kill' : ''} but is ${order ? `status ${order.status}` : 'gone'}`);
  }

  let refundedDuplicates = 0;
  let queuedDuplicates = 0;
  for (const order of rows.orders) {
    const attempts = attemptsByOrder.get(order.id) ?? [];
    const paid = attempts.filter((a) => a.status === 'PAID');
    const settling = paid.filter((a) => Number(a.settles_order) === 1);
    // 2. one payment per order
    if (settling.length > 1) violations.push(`order ${order.out_trade_no} is settled by ${settling.length} attempts (${settling.map((a) => a.out_trade_no).join(', ')})`);
    for (const extra of paid.filter((a) => Number(a.settles_order) !== 1)) {
      const refund = refundByAttempt.get(extra.id);
      if (refund && refund.purpose === 'DUPLICATE') refundedDuplicates += 1;
      else if (queuedRefunds.has(extra.out_trade_no)) {
        queuedDuplicates += 1;
        pending.push(`duplicate payment ${extra.out_trade_no} queued for refund`);
      } else violations.push(`order ${order.out_trade_no} was paid twice: ${extra.out_trade_no} is PAID, does not settle the order and is neither refunded nor queued for a refund`);
    }
    // 3. paid ⇔ a settling attempt
    if (isPaid(order.status) !== (settling.length === 1)) violations.push(`order ${order.out_trade_no} has status ${order.status} with ${settling.length} settling attempts`);
    if (isPaid(order.status) && !order.pay_time) violations.push(`order ${order.out_trade_no} is paid without pay_time`);
    // 6. attempts written whole
    for (const a of paid) if (!a.provider_txn_id || !a.paid_at) violations.push(`attempt ${a.out_trade_no} is PAID without transaction id or time`);
  }
  for (const a of rows.attempts) if (!orderById.has(a.order_id)) violations.push(`attempt ${a.out_trade_no} has no order`);

  // 2 (money) and 4. the gateway's trades: money taken is recorded, and kept at most once per order
  const keptByOrder = new Map<number, string[]>();
  for (const trade of rows.trades) {
    if (trade.status !== 'SUCCESS' && trade.status !== 'REFUND') continue;
    const attempt = attemptByTrade.get(trade.out_trade_no);
    if (!attempt || attempt.status !== 'PAID') {
      violations.push(`the gateway took the money for ${trade.out_trade_no} but its attempt is ${attempt ? attempt.status : 'missing'}`);
      continue;
    }
    if (trade.status === 'SUCCESS') keptByOrder.set(attempt.order_id, [...(keptByOrder.get(attempt.order_id) ?? []), trade.out_trade_no]);
  }
  for (const [orderId, trades] of keptByOrder) {
    if (trades.length <= 1) continue;
    const extras = trades.filter((no) => Number(attemptByTrade.get(no)!.settles_order) !== 1);
    const text = `order ${orderById.get(orderId)?.out_trade_no} keeps the money of ${trades.length} trades (${trades.join(', ')})`;
    // The refund of a duplicate is queued in the payment's own transaction; the sweep carries it out.
    if (extras.every((no) => queuedRefunds.has(no) || refundByAttempt.has(attemptByTrade.get(no)!.id))) pending.push(`${text}: refund not carried out yet`);
    else violations.push(text);
  }

  // 5. SMS
  const smsRows = new Map<number, Rows['outbox']>();
  for (const row of rows.outbox.filter((r) => r.kind === 'sms.payment_succeeded')) {
    const id = Number(payloadOf(row).orderId);
    smsRows.set(id, [...(smsRows.get(id) ?? []), row]);
  }
  const sent = new Map<string, number>();
  for (const entry of rows.smsLog) if (entry.status === 'SENT') sent.set(entry.dedupe_key, (sent.get(entry.dedupe_key) ?? 0) + 1);
  let smsSent = 0;
  for (const order of rows.orders) {
    const outbox = smsRows.get(order.id) ?? [];
    const sentCount = sent.get(`payment_succeeded:${order.id}`) ?? 0;
    if (isPaid(order.status)) {
      if (outbox.length !== 1) violations.push(`paid order ${order.out_trade_no} has ${outbox.length} payment_succeeded outbox rows`);
      const unworked = outbox.filter((r) => !r.processed_at).length;
      if (unworked > 0) pending.push(`payment_succeeded SMS of ${order.out_trade_no} not worked yet`);
      else if (sentCount !== 1) violations.push(`paid order ${order.out_trade_no} has ${sentCount} SENT payment_succeeded SMS`);
      smsSent += sentCount;
    } else if (outbox.length > 0 || sentCount > 0) {
      violations.push(`unpaid order ${order.out_trade_no} (status ${order.status}) has ${outbox.length} payment_succeeded outbox rows and ${sentCount} SENT`);
    }
  }

  // 6. nothing half-written
  for (const event of rows.events) if (event.result === 'PROCESSING') violations.push(`provider event ${event.event_id} is stuck in PROCESSING`);
  for (const t of book.values()) {
    const order = orderByPublic.get(t.publicId);
    if (!order) violations.push(`the creation of ${t.publicId} was answered but the order is not there`);
  }
  for (const trade of answeredTrades) if (!attemptByTrade.has(trade)) violations.push(`the cashier ${trade} was handed out but its attempt is not there`);
  const orphans = rows.orders.filter((o) => (attemptsByOrder.get(o.id) ?? []).length === 0);
  const answeredPublic = new Set([...book.values()].map((t) => t.publicId));
  for (const o of orphans) if (answeredPublic.has(o.public_id)) violations.push(`order ${o.out_trade_no} was answered but has no attempt`);

  const paid = rows.orders.filter((o) => isPaid(o.status)).length;
  return { violations, pending, figures: { orders: rows.orders.length, paid, refundedDuplicates, queuedDuplicates, orphanOrders: orphans.length, smsSent } };
}

/** SMS text lines the console provider logged per order number (a documented crash window can send twice, decision 008). */
function loggedPaymentSms(target: StartedTarget): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of (target.logText?.() ?? '').split('\n')) {
    if (!line.includes('"payment_succeeded"')) continue;
    const orderNo = /订单号([A-Za-z0-9_]+)/.exec(line)?.[1];
    if (orderNo) counts.set(orderNo, (counts.get(orderNo) ?? 0) + 1);
  }
  return counts;
}

/**
 * After the load: every unpaid order is looked at once more (the paying page's poll asks the
 * gateway, so a notification lost in the kill is recovered), then the database is polled until
 * the SMS outbox is worked and the refunds of duplicates are done, or the deadline passes.
 */
async function settle(target: StartedTarget, book: Map<string, Tracked>, answeredTrades: Set<string>, deadlineMs: number, waitForSweeps: boolean, log: (line: string) => void): Promise<Check> {
  const client = new Client(target);
  const rows = await readRows(target);
  const unpaid = new Set(rows.orders.filter((o) => isOrderUnpaid(o.status)).map((o) => o.public_id));
  for (const t of book.values()) if (unpaid.has(t.publicId)) await client.signed('GET', '/api/h5/order/detail', { id: t.publicId });
  const deadline = Date.now() + deadlineMs;
  let check = checkInvariants(await readRows(target), book, answeredTrades);
  let polls = 0;
  while (Date.now() < deadline) {
    const current = await readRows(target);
    check = checkInvariants(current, book, answeredTrades);
    const smsBusy = current.outbox.some((r) => r.kind.startsWith('sms.') && !r.processed_at);
    const sweepBusy = waitForSweeps && (current.outbox.some((r) => r.kind === 'payment.refund_attempt' && !r.processed_at) || check.violations.some((v) => v.startsWith('the gateway took the money')) || check.pending.length > 0);
    if (!smsBusy && !sweepBusy) break;
    if (++polls % 20 === 0) log(`crash: waiting for the outbox and sweeps (${check.pending.length} pending, ${check.violations.length} open)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return check;
}

export interface CrashReport {
  result: ProbeResult;
  created: number;
  paid: number;
  ackPaid: number;
  kills: number;
  violations: string[];
}

export async function crashProbe(target: StartedTarget, options: CrashOptions): Promise<ProbeResult[]> {
  return [(await crashRun(target, options)).result];
}

/** The crash test with its figures (the vitest slice checks that the load really ran). */
export async function crashRun(target: StartedTarget, options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined);
  if (!target.killAndRestart) throw new Error('the crash test needs a target it started itself (killAndRestart)');
  const clients = options.clients ?? 12;
  const ordersPerClient = options.ordersPerClient ?? 10;
  const sweepSeconds = Number(target.env.PAYMENT_SWEEP_INTERVAL_SECONDS ?? 60);
  // Sweeps that run within a few minutes are waited for; slower ones are checked as queued.
  const waitForSweeps = sweepSeconds > 0 && sweepSeconds <= 300;
  // A row claimed by the SMS worker when the kill came is leased for 2 minutes (jobs/sms-outbox.ts),
  // and a superseded attempt paid in the kill is found by the next sweep round.
  const settleMs = options.settleTimeoutMs ?? 150_000 + (waitForSweeps ? sweepSeconds * 2_000 : 0);

  const setup = new Client(target);
  const goodsList = (setup.data<Goods[]>(await setup.signed('GET', '/api/order/goods')) ?? []).filter((g) => g.pay_type);
  const companies = await findCompanies(setup, clients * ordersPerClient * options.rounds + 10);
  if (goodsList.length === 0 || companies.length === 0) {
    const figure = `could not set up: ${goodsList.length} goods, ${companies.length} companies found`;
    return { result: { name: 'crash test: paid orders survive SIGKILL', held: false, figure }, created: 0, paid: 0, ackPaid: 0, kills: 0, violations: [figure] };
  }
  log(`crash: ${options.rounds} rounds of ${clients} visitors × ${ordersPerClient} orders, ${companies.length} companies, ${goodsList.length} goods, sweeps every ${sweepSeconds} s${waitForSweeps ? '' : ' (duplicate refunds checked as queued)'}`);

  const book = new Map<string, Tracked>();
  const answeredTrades = new Set<string>();
  const serial = { next: 1 };
  let totals = { created: 0, cashierPaid: 0, ackPaid: 0, kills: 0, errors: 0 };
  const fiveXx: string[] = [];
  let last: Check | undefined;
  for (let round = 1; round <= options.rounds; round++) {
    // Each round pays for other companies (a company paid this year answers 'paied').
    const share = Math.floor(companies.length / options.rounds);
    const roundCompanies = companies.slice((round - 1) * share, round * share);
    const stats = await runRound(target, { round, clients, ordersPerClient, companies: roundCompanies, goods: goodsList, book, answeredTrades, log, serial });
    totals = { created: totals.created + stats.created, cashierPaid: totals.cashierPaid + stats.cashierPaid, ackPaid: totals.ackPaid + stats.ackPaid, kills: totals.kills + stats.kills, errors: totals.errors + stats.errors };
    fiveXx.push(...stats.fiveXx);
    log(`crash: round ${round}: ${stats.created} orders created, ${stats.cashierPaid} paid at the cashier, ${stats.ackPaid} reported paid, ${stats.errors} calls cut by the kill, ${stats.fiveXx.length} 5xx; settling`);
    last = await settle(target, book, answeredTrades, settleMs, waitForSweeps, log);
    log(`crash: round ${round}: ${last.figures.orders} orders in the database, ${last.figures.paid} paid, ${last.violations.length} violations, ${last.pending.length} pending`);
    for (const v of last.violations.slice(0, 10)) log(`crash:   violation: ${v}`);
    for (const p of last.pending.slice(0, 5)) log(`crash:   pending: ${p}`);
  }
  const check = last!;
  const smsLines = loggedPaymentSms(target);
  const doubleTexts = [...smsLines.values()].filter((n) => n > 1).length;
  const ackBeforeKill = [...book.values()].filter((t) => t.ackPaid && t.ackBeforeKill).length;
  // The SMS worker always runs: an unworked row at the end is a violation; so is a refund the sweeps should have made.
  const unresolved = check.pending.filter((p) => p.startsWith('payment_succeeded SMS') || waitForSweeps);
  const result: ProbeResult = {
    name: `crash test (${options.rounds} × SIGKILL mid-load): acknowledged payments survive, no order paid twice, paid ⇔ settled, one payment SMS per paid order, nothing half-written`,
    held: check.violations.length === 0 && unresolved.length === 0,
    figure:
      `${totals.created} orders created, ${check.figures.paid} paid (${totals.ackPaid} reported paid, ${ackBeforeKill} before a kill), ${totals.kills} kills, ${check.violations.length + unresolved.length} invariant violations` +
      `; ${check.figures.refundedDuplicates} duplicate payments refunded, ${check.figures.queuedDuplicates} queued; ${check.figures.orphanOrders} unanswered orders without an attempt; ${check.figures.smsSent} payment SMS sent (${doubleTexts} texted twice per the log); ${totals.errors} calls cut by the kills; ${fiveXx.length} 5xx` +
      (check.violations.length + unresolved.length > 0 ? `; first: ${[...check.violations, ...unresolved].slice(0, 3).join(' | ')}` : ''),
  };
  return { result, created: totals.created, paid: check.figures.paid, ackPaid: totals.ackPaid, kills: totals.kills, violations: [...check.violations, ...unresolved] };
}

/**
 * A new, empty PostgreSQL database beside the one `adminUrl` names (UTF-8, C.UTF-8 ctype as the
 * server requires), for a target of its own; drop() removes it.
 */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kb_crash_${randomBytes(6).toString('hex')}`;
  const admin = pgClient(adminUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = pgClient(adminUrl);
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
