import https from 'node:https';
import { ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { CLIENT_HEADERS, signedQuery, sql } from './cluster.ts';

/**
 * A steady stream of visitor requests through nginx for the degraded-dependency specs (cluster.7 to
 * cluster.9): open loop (the next request leaves on time whatever the last one is doing), kept-alive
 * connections, each call signed afresh as the web client signs it. Things to do at given moments
 * (stop Redis, kill an instance) run on the same clock. Optionally the client retries a 503 that
 * carries Retry-After, after waiting it, as a visitor's page would (docs/decisions/052-degraded-not-down.md).
 */

export interface LoadRequest {
  /** What the figures group by. */
  kind: 'home' | 'start-up' | 'search' | 'order' | 'event' | 'config';
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: string;
  /** Unsigned (the HTML page). */
  plain?: boolean;
}

export interface Attempt {
  status: number;
  code?: number | undefined;
  retryAfter?: string | undefined;
  error?: string | undefined;
}

export interface Outcome {
  request: LoadRequest;
  attempts: Attempt[];
  /** The last attempt: what the visitor ended with. */
  final: Attempt;
}

const base = new URL(process.env.CLUSTER_BASE_URL ?? 'https://127.0.0.1:3401');

function send(agent: https.Agent, request: LoadRequest): Promise<Attempt> {
  const search = request.plain ? new URLSearchParams(request.query ?? {}).toString() : signedQuery(request.query ?? {}, request.body);
  return new Promise((resolve) => {
    const outgoing = https.request(
      {
        host: base.hostname,
        port: base.port,
        path: `${request.path}${search ? `?${search}` : ''}`,
        method: request.method,
        agent,
        timeout: 30_000,
        headers: { ...CLIENT_HEADERS, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          let code: number | undefined;
          if (!request.plain) {
            try {
              code = (JSON.parse(text) as { code: number }).code;
            } catch {
              code = undefined;
            }
          }
          resolve({ status: response.statusCode ?? 0, code, retryAfter: response.headers['retry-after'] });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error) => resolve({ status: 0, error: error.message }));
    outgoing.end(request.body);
  });
}

/** Did the visitor get what they asked for: 200, and for an API call the envelope's code 0. */
export function succeeded(attempt: Attempt, request: LoadRequest): boolean {
  return attempt.status === 200 && (request.plain === true || attempt.code === 0);
}

export async function runLoad(options: {
  perSecond: number;
  durationMs: number;
  request: (index: number) => LoadRequest;
  /** Things to do at a moment of the run (ms from its start), in order. */
  events?: Array<{ atMs: number; run: () => void | Promise<void> }>;
  /** Retry a 503 with Retry-After, after waiting it, at most this many times (0: never). */
  retry503?: number;
}): Promise<Outcome[]> {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 32, rejectUnauthorized: false });
  const gapMs = 1000 / options.perSecond;
  const total = Math.round((options.durationMs / 1000) * options.perSecond);
  const startedAt = Date.now();
  const pending: Array<Promise<Outcome>> = [];
  const events = [...(options.events ?? [])].sort((a, b) => a.atMs - b.atMs);
  const eventsDone = (async () => {
    for (const event of events) {
      const wait = startedAt + event.atMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await event.run();
    }
  })();
  for (let index = 0; index < total; index += 1) {
    const wait = startedAt + index * gapMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = options.request(index);
    pending.push(
      (async () => {
        const attempts: Attempt[] = [await send(agent, request)];
        while (attempts.length <= (options.retry503 ?? 0)) {
          const last = attempts[attempts.length - 1]!;
          if (last.status !== 503 || last.retryAfter === undefined) break;
          await new Promise((resolve) => setTimeout(resolve, Number(last.retryAfter) * 1000));
          attempts.push(await send(agent, request));
        }
        return { request, attempts, final: attempts[attempts.length - 1]! };
      })(),
    );
  }
  const outcomes = await Promise.all(pending);
  await eventsDone;
  agent.destroy();
  return outcomes;
}

export interface OrderCompany {
  name: string;
  creditCode: string;
  legal: string;
}

/**
 * A seeded company in business that no order names yet: an order for a company already paid for is
 * answered without a new row (the "already filed" answer), which would hide a lost order.
 */
export function unorderedCompany(skip: number): OrderCompany {
  const row = sql(
    `SELECT name, credit_code, oper_name FROM companies WHERE status IN ('存续', '在业') AND credit_code IS NOT NULL AND oper_name <> '' ` +
      `AND credit_code NOT IN (SELECT entity_id FROM orders) ORDER BY id DESC LIMIT 1 OFFSET ${skip}`,
  );
  const [name, creditCode, legal] = row.split('|');
  if (!name || !creditCode || !legal) throw new Error('no seeded company without orders');
  return { name, creditCode, legal };
}

/** The visitor's mix: the home page, the start-up call, searches, now and then an order (for `company`) and an event. */
export function visitorMix(tag: string, company?: OrderCompany): (index: number) => LoadRequest {
  const form = company ? { ...ORDER_FORM, entity_name: company.name, entity_id: company.creditCode, entity_legal: company.legal } : ORDER_FORM;
  return (index) => {
    if (index % 10 === 0) return { kind: 'home', method: 'GET', path: '/', plain: true };
    if (index % 10 === 5) {
      const phone = `139${String(Date.now() % 10_000).padStart(4, '0')}${String(index % 10_000).padStart(4, '0')}`;
      return { kind: 'order', method: 'POST', path: '/api/h5/order', body: JSON.stringify({ ...form, entity_phone: phone }) };
    }
    if (index % 40 === 7) return { kind: 'event', method: 'POST', path: '/api/user/event', body: JSON.stringify({ key: `client.${tag}`, value: String(index), type: 'event' }) };
    if (index % 10 === 3) return { kind: 'start-up', method: 'GET', path: '/api/h5/corp' };
    if (index % 10 === 8) return { kind: 'config', method: 'GET', path: '/api/user/config' };
    return { kind: 'search', method: 'GET', path: '/api/h5/company', query: { keyword: index % 2 ? '字节跳动' : '北京' } };
  };
}

/** An order of the annual report for the seeded company (e2e/support/journey.ts's), never paid here. */
const ORDER_FORM = {
  goods_id: '1',
  pay_type: 'weixin',
  pay_source: 'native',
  source: 'web',
  entity_name: '北京字节跳动科技有限公司',
  entity_id: '91110108551385082Q',
  entity_legal: '张一鸣',
  entity_idno: '11010519491231002X',
  entity_phone: '13812345678',
  extra: { consent: true, agreement_version: '2025-07-01', idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
};

/** Figures of a run: sent, succeeded, failed (what the visitor ended with), and 503s met on the way. */
export function tally(outcomes: Outcome[]) {
  const failed = outcomes.filter((outcome) => !succeeded(outcome.final, outcome.request));
  const attempts = outcomes.flatMap((outcome) => outcome.attempts);
  const byStatus: Record<string, number> = {};
  for (const attempt of attempts) byStatus[String(attempt.status)] = (byStatus[String(attempt.status)] ?? 0) + 1;
  return {
    sent: outcomes.length,
    failed,
    retried: outcomes.filter((outcome) => outcome.attempts.length > 1).length,
    served503: attempts.filter((attempt) => attempt.status === 503).length,
    byStatus,
    ordersAccepted: outcomes.filter((outcome) => outcome.request.kind === 'order' && succeeded(outcome.final, outcome.request)).length,
  };
}
