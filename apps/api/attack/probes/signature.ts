import { randomUUID } from 'node:crypto';
import { signRequest } from '@kuaibao/domain';
import { CLIENT_HEADERS_WEB, describe, envelopeOf, queryString, rawExchange, send, signParts, type Answer, Visitor } from '../client.ts';
import type { AttackTarget, ProbeResult } from '../probe.ts';

/** An answer that carries data: 200 with code 0. */
function accepted(answer: { status: number }, envelopeCode: number | undefined): boolean {
  return answer.status === 200 && envelopeCode === 0;
}

const GET_PATH = '/api/h5/company';
const POST_PATH = '/api/user/event';

/**
 * Regression: a request whose signature does not match what arrives — tampered query or body,
 * stale or future timestamp, spent nonce, missing or malformed parts — is refused (decision 003).
 */
export async function signatureTamperProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const secret = target.signSecret;
  const now = () => String(Math.floor(Date.now() / 1000));
  const headers = { ...CLIENT_HEADERS_WEB };
  const get = (pairs: Array<[string, string]>) => send(target.baseUrl, { path: `${GET_PATH}?${queryString(pairs)}`, headers });
  const post = (pairs: Array<[string, string]>, body: string, contentType = 'application/json') =>
    send(target.baseUrl, { method: 'POST', path: `${POST_PATH}?${queryString(pairs)}`, headers: { ...headers, 'content-type': contentType }, body });
  const signedGet = (query: Record<string, string>, options: { timestamp?: string; nonce?: string; secret?: string } = {}) =>
    signParts({ method: 'GET', query, secret: options.secret ?? secret, ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}), ...(options.nonce !== undefined ? { nonce: options.nonce } : {}) });
  const eventBody = () => JSON.stringify({ key: 'client.attack_probe', value: 'x', type: 'event', source: 'client' });
  const without = (pairs: Array<[string, string]>, key: string) => pairs.filter(([k]) => k !== key);
  const replace = (pairs: Array<[string, string]>, key: string, value: string) => pairs.map(([k, v]): [string, string] => [k, k === key ? value : v]);
  const manual = (query: Record<string, string>, body?: string) => signRequest({ query, body, secret });

  const variants: Array<[string, () => Promise<Answer>]> = [
    ['query value changed after signing', () => get(replace(signedGet({ keyword: '华为' }).pairs, 'keyword', '腾讯'))],
    ['extra parameter added after signing', () => get([...signedGet({ keyword: '华为' }).pairs, ['page', '2']])],
    ['signed parameter removed', () => get(without(signedGet({ keyword: '华为' }).pairs, 'keyword'))],
    ['parameter repeated with the same value', () => get([...signedGet({ keyword: '华为' }).pairs, ['keyword', '华为']])],
    ['timestamp repeated', () => {
      const parts = signedGet({ keyword: '华为' });
      return get([...parts.pairs, ['timestamp', parts.timestamp]]);
    }],
    ['nonce repeated', () => {
      const parts = signedGet({ keyword: '华为' });
      return get([...parts.pairs, ['nonce', parts.nonce]]);
    }],
    ['signature repeated', () => {
      const parts = signedGet({ keyword: '华为' });
      return get([...parts.pairs, ['signature', parts.signature]]);
    }],
    ['parameter name in another case', () => get(signedGet({ keyword: '华为' }).pairs.map(([k, v]): [string, string] => [k === 'keyword' ? 'Keyword' : k, v]))],
    ['timestamp 400 s old, correctly signed', () => get(signedGet({ keyword: '华为' }, { timestamp: String(Number(now()) - 400) }).pairs)],
    ['timestamp 400 s ahead, correctly signed', () => get(signedGet({ keyword: '华为' }, { timestamp: String(Number(now()) + 400) }).pairs)],
    ['timestamp in milliseconds, correctly signed', () => get(signedGet({ keyword: '华为' }, { timestamp: String(Date.now()) }).pairs)],
    ['timestamp not a number, correctly signed', () => get(signedGet({ keyword: '华为' }, { timestamp: `${now()}.5` }).pairs)],
    ['signature missing', () => get(without(signedGet({ keyword: '华为' }).pairs, 'signature'))],
    ['signature empty', () => get(replace(signedGet({ keyword: '华为' }).pairs, 'signature', ''))],
    ['nonce missing (signed without it)', () => {
      const query = { keyword: '华为', timestamp: now() };
      return get([...Object.entries(query), ['signature', manual(query)]]);
    }],
    ['timestamp missing (signed without it)', () => {
      const query = { keyword: '华为', nonce: randomUUID() };
      return get([...Object.entries(query), ['signature', manual(query)]]);
    }],
    ['nonce of 7 characters, correctly signed', () => get(signedGet({ keyword: '华为' }, { nonce: 'abcdefg' }).pairs)],
    ['signature in upper-case hex', () => {
      const parts = signedGet({ keyword: '华为' });
      return get(replace(parts.pairs, 'signature', parts.signature.toUpperCase()));
    }],
    ['signature cut to 31 hex digits', () => {
      const parts = signedGet({ keyword: '华为' });
      return get(replace(parts.pairs, 'signature', parts.signature.slice(0, 31)));
    }],
    ['signed with another secret', () => get(signedGet({ keyword: '华为' }, { secret: `${secret}x` }).pairs)],
    ['body byte changed after signing', () => {
      const body = eventBody();
      const parts = signParts({ method: 'POST', body, secret });
      return post(parts.pairs, body.replace('"x"', '"y"'));
    }],
    ['whitespace appended to the signed body', () => {
      const body = eventBody();
      const parts = signParts({ method: 'POST', body, secret });
      return post(parts.pairs, `${body} `);
    }],
    ['body signed, sent empty', () => {
      const parts = signParts({ method: 'POST', body: eventBody(), secret });
      return post(parts.pairs, '');
    }],
    ['body sent, signature over no body', () => {
      const parts = signParts({ method: 'GET', secret });
      return post(parts.pairs, eventBody());
    }],
    ['signed JSON body sent as text/plain', () => {
      const body = eventBody();
      return post(signParts({ method: 'POST', body, secret }).pairs, body, 'text/plain');
    }],
  ];

  // Controls: untampered requests pass, so a refusal above is the tampering's doing.
  const controlGet = await get(signedGet({ keyword: '华为' }).pairs);
  const controlPostBody = eventBody();
  const controlPost = await post(signParts({ method: 'POST', body: controlPostBody, secret }).pairs, controlPostBody);
  const controls = [controlGet, controlPost].every((answer) => accepted(answer, envelopeOf(answer)?.code));

  const failures: string[] = [];
  for (const [name, run] of variants) {
    const answer = await run();
    if (accepted(answer, envelopeOf(answer)?.code) || answer.status >= 500) failures.push(`${name}: ${describe(answer)}`);
  }
  // A spent nonce: the same signed request twice, then the nonce with a fresh, valid signature.
  const once = signedGet({ keyword: '华为' });
  const first = await get(once.pairs);
  const second = await get(once.pairs);
  if (!accepted(first, envelopeOf(first)?.code)) failures.push(`the request before the replay was refused: ${describe(first)}`);
  if (accepted(second, envelopeOf(second)?.code)) failures.push(`identical request replayed: ${describe(second)}`);
  const reused = await get(signedGet({ keyword: '腾讯' }, { nonce: once.nonce }).pairs);
  if (accepted(reused, envelopeOf(reused)?.code)) failures.push(`spent nonce with a new valid signature: ${describe(reused)}`);
  const total = variants.length + 2;

  return [
    {
      name: `signature tampering (${total} variants: query, body, timestamp, nonce, missing parts, hex case, extra and repeated parameters, replay)`,
      held: controls && failures.length === 0,
      figure: !controls
        ? `the untampered controls were refused (${describe(controlGet)}, ${describe(controlPost)}): the probe cannot tell`
        : failures.length === 0
          ? `${total}/${total} refused (replay: ${describe(second)}), untampered controls accepted`
          : `${failures.length}/${total} accepted: ${failures.join('; ')}`,
    },
  ];
}

/**
 * Finding 5: request targets that reach a signed route while looking like something else —
 * absolute form, fragment, doubled or encoded slashes, another case, a trailing slash — must not
 * skip the signature.
 */
export async function signatureSkipProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const authority = new URL(target.baseUrl).host;
  const phone = '13800138000';
  const q = `phone=${phone}`;
  const forms: string[] = [
    `/api/h5/order/phone?${q}`,
    `http://x/api/h5/order/phone?${q}`,
    `http://${authority}/api/h5/order/phone?${q}`,
    `/env#x`,
    `/env?#x`,
    `//api/h5/order/phone?${q}`,
    `///api/h5/order/phone?${q}`,
    `/API/h5/order/phone?${q}`,
    `/api/h5/order/PHONE?${q}`,
    `/api/h5/order/phone/?${q}`,
    `/%2Fapi/h5/order/phone?${q}`,
    `/%2fapi%2fh5%2forder%2fphone?${q}`,
    `/api%2Fh5%2Forder%2Fphone?${q}`,
    `/api/h5/order/%70hone?${q}`,
    `/api/h5/order/phone%3F${q}`,
    `/api/h5/order/phone;x=1?${q}`,
    `/./api/h5/order/phone?${q}`,
    `/x/../api/h5/order/phone?${q}`,
    `/api/console/../h5/order/phone?${q}`,
    `/api/pay/notify/../../h5/order/phone?${q}`,
    `/api/h5/order/phone?${q}&signature=`,
    `/env`,
    `/ENV`,
    `/env/`,
    `/%65nv`,
  ];
  const broken: string[] = [];
  for (const form of forms) {
    const answer = await rawExchange(target.baseUrl, `GET ${form} HTTP/1.1\r\nHost: ${authority}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
    // The single-page app's index.html (any unknown GET path) is not data; an envelope with code 0 or bare JSON is.
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      json = undefined;
    }
    const code = typeof json === 'object' && json !== null ? (json as { code?: unknown }).code : undefined;
    if (answer.status === 200 && json !== undefined && (code === 0 || code === undefined)) broken.push(`GET ${form} → 200 ${code === 0 ? 'with data' : 'JSON without an envelope'}`);
  }
  const head = await rawExchange(target.baseUrl, `HEAD /api/h5/order/phone?${q} HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
  if (head.status === 200) broken.push('HEAD /api/h5/order/phone → 200');
  // Control: the signed request in the same raw form is answered, so the refusals are the signature's.
  const signed = new Visitor(target).sign({ path: '/api/h5/order/phone', query: { phone } });
  const control = await rawExchange(target.baseUrl, `GET ${signed.path} HTTP/1.1\r\nHost: ${authority}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
  const controlOk = control.status === 200 || control.status === 429;
  const total = forms.length + 1;
  return [
    {
      name: `unsigned request forms skip the signature (${total}: absolute-form, fragment, //, case, trailing slash, %2F, dot segments, HEAD)`,
      held: broken.length === 0 && controlOk,
      figure: !controlOk
        ? `the signed control was refused (${control.status}): the probe cannot tell`
        : broken.length === 0
          ? `${total}/${total} refused or not found; the signed control answered ${control.status}`
          : `${broken.length}/${total} answered without a signature: ${broken.join('; ')}`,
    },
  ];
}

/**
 * Finding 14, revisited by docs/decisions/051-replay-in-process.md: a spent nonce is refused by the
 * process that took it; the cache is in process, so a restart forgets it and the replay is answered
 * like any freshly signed request (the secret ships in the web app). The probe holds when the replay
 * is refused before the restart, and reports what the restarted server answered.
 */
export async function replayAfterRestartProbe(target: AttackTarget): Promise<ProbeResult[]> {
  if (!target.restart) throw new Error('needs a target the suite can restart');
  const visitor = new Visitor(target);
  const signed = visitor.sign({ path: GET_PATH, query: { keyword: '华为' } });
  const call = () => send(target.baseUrl, { path: signed.path, headers: visitor.headers });
  const first = await call();
  const before = await call();
  await target.restart();
  const after = await call();
  const firstOk = accepted(first, envelopeOf(first)?.code);
  const replayed = (answer: Answer) => describe(answer) === '401 REQUEST_REPLAYED';
  return [
    {
      name: 'a signed request replayed to the process that took it (a restart forgets, decision 051)',
      held: firstOk && replayed(before),
      figure: firstOk ? `before the restart ${describe(before)}, after it ${describe(after)}` : `the first request was refused (${describe(first)}): the probe cannot tell`,
    },
  ];
}
