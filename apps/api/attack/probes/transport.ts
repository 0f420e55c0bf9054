import { connect, type Socket } from 'node:net';
import { rawExchange, send, Visitor, type Answer } from '../client.ts';
import type { AttackTarget, ProbeResult } from '../probe.ts';

/** Opens `count` sockets that each send `opening` and then say nothing; resolves with when each closed (ms). */
async function stallingSockets(baseUrl: string, count: number, opening: string, giveUpMs: number): Promise<{ closedAt: number[]; open: number; resets: number }> {
  const url = new URL(baseUrl);
  const started = Date.now();
  const sockets: Socket[] = [];
  const closedAt: number[] = [];
  let resets = 0;
  const closings = Array.from({ length: count }, () =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      sockets.push(socket);
      socket.setNoDelay(true);
      socket.on('connect', () => socket.write(opening));
      // An early answer (413, 408…) is fine: what matters is that the socket goes away.
      socket.on('data', () => undefined);
      socket.on('error', () => {
        resets += 1;
      });
      socket.on('close', () => {
        closedAt.push(Date.now() - started);
        resolve();
      });
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closings), new Promise<void>((resolve) => (timer = setTimeout(resolve, giveUpMs)))]);
  clearTimeout(timer);
  const open = count - closedAt.length;
  for (const socket of sockets) socket.destroy();
  return { closedAt, open, resets };
}

/**
 * Finding 8: slow clients (slowloris). Sockets that send headers with Content-Length: 100000 and a
 * few body bytes, then stall — and the same within the body limit, and headers never finished.
 * Held when the server has closed every one within its request timeout plus a margin; the figure is
 * the seconds until the last closed.
 */
export async function slowClientProbe(target: AttackTarget, options: { sockets?: number; timeoutMs: number; giveUpMs?: number }): Promise<ProbeResult[]> {
  const count = options.sockets ?? 150;
  const giveUpMs = options.giveUpMs ?? 90_000;
  // Node enforces request timeouts on an interval and idle timeouts after the last byte: allow half again plus 5 s.
  const allowedMs = options.timeoutMs * 1.5 + 5000;
  const host = new URL(target.baseUrl).host;
  const variants: Array<[string, string]> = [
    [`${count} slow clients (headers with Content-Length: 100000, a few body bytes, then silence)`, `POST /api/user/event HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"key":`],
    [`${count} slow clients within the body limit (Content-Length: 60000 on POST /api/h5/order, a few bytes, then silence)`, `POST /api/h5/order HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"goods_id":`],
    [`${count} slow clients that never finish their headers`, `GET /api/h5/company HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `],
  ];
  const outcomes = await Promise.all(variants.map(([, opening]) => stallingSockets(target.baseUrl, count, opening, giveUpMs)));
  const against = options.timeoutMs !== 30_000 ? ` against a request timeout of ${options.timeoutMs / 1000} s` : '';
  return variants.map(([name], index) => {
    const outcome = outcomes[index]!;
    const last = outcome.closedAt.length > 0 ? Math.max(...outcome.closedAt) : 0;
    return {
      name: `${name}${against}`,
      held: outcome.open === 0 && last <= allowedMs,
      figure:
        outcome.open === 0
          ? `the server closed all ${count} within ${(last / 1000).toFixed(1)} s (allowed ${(allowedMs / 1000).toFixed(1)} s)${outcome.resets > 0 ? `, ${outcome.resets} with a reset` : ''}`
          : `${outcome.open}/${count} still open after ${giveUpMs / 1000} s`,
    };
  });
}

function hasFrameProtection(answer: { headers: Record<string, string | string[] | undefined> }): boolean {
  const xfo = String(answer.headers['x-frame-options'] ?? '').toUpperCase();
  const csp = String(answer.headers['content-security-policy'] ?? '');
  return xfo === 'DENY' || xfo === 'SAMEORIGIN' || /frame-ancestors\s+('none'|'self')/.test(csp);
}

/** Finding 10: every kind of answer carries a content security policy, nosniff and frame protection. */
export async function securityHeadersProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const home = await send(target.baseUrl, { path: '/', headers: { accept: 'text/html' } });
  // Any quoted built path: the prerendered home loads its entry from an inline loader (decision 028).
  const asset = /["'](\/assets\/[^"']+\.(?:js|css))["']/.exec(home.text)?.[1];
  const consoleHome = await send(target.baseUrl, { path: '/console/', headers: { accept: 'text/html' } });
  const consoleAsset = /["'](\/console\/assets\/[^"']+\.(?:js|css))["']/.exec(consoleHome.text)?.[1];
  const pages: Array<[string, Answer | undefined]> = [
    ['/', home],
    ['/console/', consoleHome],
    ['an API answer (GET /env)', await new Visitor(target).signed({ path: '/env' })],
    ['an API error (GET /api/h5/company unsigned)', await send(target.baseUrl, { path: '/api/h5/company' })],
    [asset ? `a built asset (${asset})` : 'a built asset (none named in index.html)', asset ? await send(target.baseUrl, { path: asset }) : undefined],
    [consoleAsset ? `a console asset (${consoleAsset})` : 'a console asset (none named in /console/)', consoleAsset ? await send(target.baseUrl, { path: consoleAsset }) : undefined],
    ['a 404 (GET /api/no-such-route)', await send(target.baseUrl, { path: '/api/no-such-route' })],
    ['a missing asset (GET /assets/no-such-file.js)', await send(target.baseUrl, { path: '/assets/no-such-file.js' })],
    ['the sandbox cashier', await send(target.baseUrl, { path: '/sandbox/cashier/KB000' })],
    ['/healthz', await send(target.baseUrl, { path: '/healthz' })],
  ];
  const results: ProbeResult[] = [];
  for (const [label, answer] of pages) {
    if (!answer) {
      results.push({ name: `security headers on ${label}`, held: false, figure: `could not be fetched (the home page answered ${home.status}; is the web app built?)` });
      continue;
    }
    const missing: string[] = [];
    // A built file must be served (a 404 would only probe the not-found path again).
    if (label.includes('asset (/') && answer.status !== 200) missing.push(`the file itself (answered ${answer.status}; is the build current?)`);
    if (!answer.headers['content-security-policy']) missing.push('content-security-policy');
    if (String(answer.headers['x-content-type-options'] ?? '').toLowerCase() !== 'nosniff') missing.push('x-content-type-options: nosniff');
    if (!hasFrameProtection(answer)) missing.push('frame protection');
    results.push({ name: `security headers on ${label}`, held: missing.length === 0, figure: missing.length === 0 ? `${answer.status}: CSP, nosniff and frame protection present` : `${answer.status}: missing ${missing.join(', ')}` });
  }
  return results;
}

/** Regression: dot segments and encoded slashes never serve a file outside the served directories. */
export async function pathTraversalProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const authority = new URL(target.baseUrl).host;
  const paths = [
    '/uploads/../data/kuaibao.sqlite',
    '/uploads/../kuaibao.sqlite',
    '/uploads/..%2fkuaibao.sqlite',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e%2f%2e%2e%2fpackage.json',
    '/uploads/..%5c..%5cpackage.json',
    '/console/..%2f..%2fpackage.json',
    '/console/../../package.json',
    '/console/assets/..%2f..%2f..%2f..%2fpackage.json',
    '/assets/../../package.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/..%2f..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/corp/..%2f..%2f..%2fpackage.json',
    '/assets/....//....//package.json',
    '/assets/%252e%252e%252fpackage.json',
  ];
  const leaks: string[] = [];
  for (const path of paths) {
    const answer = await rawExchange(target.baseUrl, `GET ${path} HTTP/1.1\r\nHost: ${authority}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
    const body = answer.body;
    const leaked = body.startsWith('SQLite format 3') || /"workspaces"\s*:|"devDependencies"\s*:|"name"\s*:\s*"(kuaibao|@kuaibao\/)/.test(body);
    if (leaked) leaks.push(`${path} → ${answer.status}, ${body.slice(0, 40).replace(/\s+/g, ' ')}`);
  }
  return [
    {
      name: `path traversal (${paths.length} forms: ../, %2f, %2e%2e, %5c, double encoding under /uploads, /assets, /console, /corp)`,
      held: leaks.length === 0,
      figure: leaks.length === 0 ? `no answer served package.json or the SQLite file` : leaks.join('; '),
    },
  ];
}
