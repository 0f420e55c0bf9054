import { existsSync, readFileSync } from 'node:fs';
import { answerWatch, describe, envelopeOf, send, sleep, Visitor } from '../client.ts';
import { consoleSession, multipartFile, placePaidOrder, TINY_PNG } from '../fixtures.ts';
import type { AttackTarget, ProbeResult } from '../probe.ts';
import { takenPaidOrder } from './console.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finding 12: the server's log keeps neither a full phone number nor a full ID number, and no order
 * id or upload name inside a logged URL (whoever reads the log could open the order or the file).
 */
export async function logPersonalDataProbe(target: AttackTarget): Promise<ProbeResult[]> {
  if (!target.logText) throw new Error('needs a target whose log the suite reads');
  const visitor = new Visitor(target);
  const order = await placePaidOrder(target, { visitor });
  await visitor.data({ path: '/api/h5/order/phone', query: { phone: order.phone } });
  await visitor.data({ path: '/api/h5/order/detail', query: { id: order.result.orderId } });
  const publicIds = [order.result.orderId];
  const uploadKeys: string[] = [];
  if (target.consoleAdmin) {
    const session = await consoleSession(target);
    const taken = await takenPaidOrder(target, session);
    publicIds.push(taken.publicId);
    const part = multipartFile('done.png', 'image/png', TINY_PNG);
    const uploaded = await session.call('POST', `/orders/${taken.consoleId}/files`, part.body, { 'content-type': part.contentType });
    const url = (envelopeOf(uploaded)?.data as { url?: string } | undefined)?.url;
    if (url) {
      uploadKeys.push(url.slice(url.lastIndexOf('/') + 1));
      await send(target.baseUrl, { path: new URL(url, target.baseUrl).pathname });
    }
    await visitor.data({ path: '/api/h5/order/detail', query: { id: taken.publicId } });
  }
  // The payment SMS is written to the log by the console SMS provider.
  await sleep(1500);
  const log = target.logText();
  const found: string[] = [];
  if (log.includes(order.phone)) found.push(`the full phone ${order.phone.slice(0, 3)}…`);
  for (const id of answerWatch.secrets) if (log.includes(id)) found.push(`a full ID number ${id.slice(0, 3)}…`);
  for (const id of publicIds) if (new RegExp(`[/?=&]${escape(id)}`).test(log)) found.push('an order id in a URL');
  for (const key of uploadKeys) if (new RegExp(`/uploads/${escape(key)}`).test(log)) found.push('an upload name in a URL');
  return [
    {
      name: 'personal data and access keys in the server log',
      held: found.length === 0,
      figure: found.length === 0
        ? `${log.split('\n').length} log lines after orders, phone lookups, detail reads${uploadKeys.length > 0 ? ' and an upload' : ''}: no full phone, ID number, order id or upload name in a URL`
        : `the log holds ${[...new Set(found)].join(', ')}`,
    },
  ];
}

/** Regression: no full ID number in any answer the suite read, in the log, or in the database file. */
export async function idNumberLeakProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const secrets = [...answerWatch.secrets];
  const results: ProbeResult[] = [
    {
      name: 'full ID numbers in answers',
      held: answerWatch.leaks.length === 0 && secrets.length > 0,
      figure: secrets.length === 0 ? 'the run submitted no ID number: nothing to look for' : answerWatch.leaks.length === 0 ? `${answerWatch.answers} answers read (decrypted where encrypted), none holds one of the ${secrets.length} submitted ID numbers` : `found in ${[...new Set(answerWatch.leaks)].slice(0, 5).join('; ')}`,
    },
  ];
  if (target.logText) {
    const log = target.logText();
    const inLog = secrets.filter((id) => log.includes(id));
    results.push({ name: 'full ID numbers in the server log', held: inLog.length === 0, figure: inLog.length === 0 ? `none of ${secrets.length} in ${log.length} characters of log` : `${inLog.length} of ${secrets.length} found` });
  }
  if (target.sqliteFile) {
    const files = [target.sqliteFile, `${target.sqliteFile}-wal`].filter((file) => existsSync(file));
    const bytes = Buffer.concat(files.map((file) => readFileSync(file)));
    const inDb = secrets.filter((id) => bytes.includes(Buffer.from(id)) || bytes.includes(Buffer.from(id, 'utf16le')));
    results.push({ name: 'full ID numbers in the database file', held: inDb.length === 0, figure: inDb.length === 0 ? `none of ${secrets.length} in ${(bytes.length / 1024 / 1024).toFixed(1)} MB (database and WAL)` : `${inDb.length} of ${secrets.length} stored in clear` });
  }
  return results;
}

/**
 * Finding 4: a corp login code must come with the state this browser was issued (its cookie). A
 * code and state without the cookie — someone else's link — is refused.
 */
export async function oauthStateProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const visitor = new Visitor(target, { 'x-corp-id': '10000' });
  const issue = await visitor.signed({ method: 'POST', path: '/api/corp/user/oauth-state', body: {} });
  const issued = visitor.envelope(issue);
  const state = (issued?.data as { state?: string } | undefined)?.state;
  const cookie = (issue.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  const login = (code: string, withState: string | undefined, headers: Record<string, string> = {}) =>
    visitor.signed({ method: 'POST', path: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code, code_type: 'wx-oa', ...(withState !== undefined ? { state: withState } : {}) } }, headers });
  const code = () => `attackvictim.${Math.random().toString(36).slice(2, 12)}`;
  const noCookie = await login(code(), state ?? 'abcdefgh12345678');
  const noState = await login(code(), undefined);
  const madeUp = await login(code(), 'abcdefgh12345678');
  const refusedAll = [noCookie, noState, madeUp].every((answer) => answer.status >= 400 && answer.status < 500 && describe(answer) !== '200 ok');
  const stateInvalid = describe(noCookie) === '403 WECHAT_STATE_INVALID';
  // Control: with the cookie the same exchange logs in.
  const control = state && cookie ? await login(code(), state, { cookie }) : undefined;
  const controlOk = control !== undefined && describe(control) === '200 ok';
  return [
    {
      name: 'corp login with a code and a state but without the state cookie',
      held: refusedAll && stateInvalid && controlOk,
      figure: `no cookie: ${describe(noCookie)}, no state: ${describe(noState)}, unissued state: ${describe(madeUp)}; ${control ? `with the cookie: ${describe(control)}` : `POST /api/corp/user/oauth-state answered ${describe(issue)}${cookie ? '' : ' without a cookie'}: the probe cannot tell`}`,
    },
  ];
}

