import type { OrderRecord, PhoneLookupResponse } from '@kuaibao/domain';
import { describe, pool, send, type Answer, Visitor } from '../client.ts';
import { databaseBytes } from '../database.ts';
import { orderNumberOf, payInCashier, placeOrder, placePaidOrder, randomIdNumber } from '../fixtures.ts';
import type { AttackTarget, ProbeResult } from '../probe.ts';

/** The phone lookup's limit per client address (apps/api/src/modules/order/order.routes.ts). */
const LOOKUP_LIMIT = 30;

/**
 * Finding 2: with TRUST_PROXY off, a forged X-Forwarded-For (or any other client-address header)
 * must not give each lookup a fresh budget. Spends the target's lookup budget for this address:
 * the suite runs it after every other probe that looks up by phone.
 */
export async function forgedClientIpProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const visitor = new Visitor(target);
  const forgeries = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'true-client-ip', 'cf-connecting-ip', 'x-client-ip'];
  const answers: Answer[] = [];
  for (let i = 0; i < 40; i++) {
    const address = `203.0.113.${i + 1}`;
    const header = forgeries[i % forgeries.length]!;
    const value = header === 'forwarded' ? `for=${address}` : address;
    answers.push(await visitor.signed({ path: '/api/h5/order/phone', query: { phone: `1380013${String(1000 + i).slice(-4)}` }, headers: { [header]: value, 'x-forwarded-for': address } }));
  }
  const outcomes = answers.map(describe);
  const firstRefused = outcomes.findIndex((outcome) => outcome !== '200 ok');
  const answered = outcomes.filter((outcome) => outcome === '200 ok').length;
  const limitedAfter = firstRefused >= 0 && outcomes.slice(firstRefused).every((outcome) => outcome === '429 RATE_LIMITED');
  const held = firstRefused >= 0 && answered <= LOOKUP_LIMIT && limitedAfter && 40 - answered >= 40 - LOOKUP_LIMIT;
  const odd = [...new Set(outcomes.filter((outcome) => outcome !== '200 ok' && outcome !== '429 RATE_LIMITED'))];
  return [
    {
      name: '40 phone lookups, each with a different forged client address (X-Forwarded-For, X-Real-IP, Forwarded…)',
      held,
      figure:
        firstRefused < 0
          ? `all 40 answered 200: the forged addresses each got their own budget of ${LOOKUP_LIMIT}`
          : firstRefused === 0 && limitedAfter
            ? `all 40 answered 429 RATE_LIMITED: this address's budget of ${LOOKUP_LIMIT} was already spent (earlier in this run or by a run in the last 10 minutes), and no forged address got a budget of its own`
            : `lookups 1–${firstRefused} answered 200, ${firstRefused + 1}–40 ${limitedAfter ? '429 RATE_LIMITED' : `mixed (${outcomes.slice(firstRefused).join(', ').slice(0, 120)})`} (limit ${LOOKUP_LIMIT} per 10 min${firstRefused < LOOKUP_LIMIT ? `; ${LOOKUP_LIMIT - firstRefused} spent earlier in the run` : ''})${odd.length > 0 ? `; other answers: ${odd.join(', ')}` : ''}`,
    },
  ];
}

/** Figures of a company's annual report, all valid (packages/domain/src/annual-declaration.ts). */
function declaration(totalEmployee: string): Record<string, string> {
  return {
    sale_amount: '12.5', sale_amount_show: 'false', tax_amount: '0.8', tax_amount_show: 'false',
    total_amount: '30', total_amount_show: 'false', total_employee: totalEmployee, total_employee_show: 'false',
    female_employee: '2', female_employee_show: 'false', insure_employee: '1', insure_employee_show: 'false',
  };
}

/**
 * Finding 3: a phone lookup lists orders with their ids; the id alone must not let anyone file (or
 * overwrite) the order's annual declaration. Only the edit key the creating browser got may.
 */
export async function phoneLookupGrantsNoWriteProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const owner = new Visitor(target);
  const order = await placePaidOrder(target, { visitor: owner });
  const editKey = (order.result as { editKey?: string }).editKey;
  // The stranger: another device, knowing only the phone number.
  const stranger = new Visitor(target, { 'x-device-id': 'attack-suite-stranger' });
  const lookup = await stranger.signed({ path: '/api/h5/order/phone', query: { phone: order.phone } });
  let found: { id: string };
  let leakedKey = '';
  let via = 'the id from the phone lookup';
  if (describe(lookup) === '429 RATE_LIMITED') {
    // This address's lookup budget is spent (an earlier run within 10 minutes): the id the lookup would list.
    found = { id: order.result.orderId };
    via = 'the order id (the phone lookup is rate-limited for this address just now)';
  } else {
    // A phone alone shows the masked view (decision 049): no id, no number to act on.
    const listed = ((stranger.envelope(lookup)?.data ?? { orders: [] }) as PhoneLookupResponse).orders;
    if (listed.length === 0) throw new Error(`the phone lookup did not list the paid order (${describe(lookup)})`);
    const text = JSON.stringify(listed);
    if (text.includes(order.result.orderId) || text.includes(orderNumberOf(order.attemptNo)) || listed.some((item) => item.access !== 'masked')) leakedKey = ' (and the lookup showed a stranger the order whole)';
    if (editKey && text.includes(editKey)) leakedKey += ' (and the lookup listed its edit key)';
    found = { id: order.result.orderId };
    via = 'the order id (the masked phone lookup names none)';
  }

  const forged = await stranger.signed({ method: 'PUT', path: '/api/h5/order', body: { id: found.id, corp_id: 0, entity_extra: declaration('999') } });
  const wrongKey = await stranger.signed({ method: 'PUT', path: '/api/h5/order', body: { id: found.id, corp_id: 0, entity_extra: declaration('998'), edit_key: 'x'.repeat(22) } });
  // Read as the owner's device (its key): a stranger's read by id is masked (decision 049).
  const stored = async () => (await owner.data<OrderRecord>({ path: '/api/h5/order/detail', query: { id: found.id, ...(editKey ? { key: editKey } : {}) } })).entity_extra;
  const afterForgery = await stored();
  const untouched = afterForgery === null || afterForgery.total_employee === undefined;
  const refused = describe(forged) === '403 ORDER_EDIT_FORBIDDEN' && describe(wrongKey) === '403 ORDER_EDIT_FORBIDDEN';

  // Control: the owner's browser, with the key from the create answer, may file.
  const own = editKey ? await owner.signed({ method: 'PUT', path: '/api/h5/order', body: { id: order.result.orderId, corp_id: 0, entity_extra: declaration('5'), edit_key: editKey } }) : undefined;
  const ownOk = own !== undefined && describe(own) === '200 ok';
  return [
    {
      name: 'an order id from a phone lookup files the annual declaration (PUT /api/h5/order without the edit key)',
      held: refused && untouched && ownOk && leakedKey === '',
      figure: `with ${via} — no key: ${describe(forged)}, wrong key: ${describe(wrongKey)}; stored figures ${untouched ? 'unchanged' : `overwritten (total_employee=${afterForgery?.total_employee})`}${leakedKey}; ${own ? `with the create answer's editKey: ${describe(own)}` : 'the create answer carries no editKey: the owner cannot be told apart'}`,
    },
  ];
}

const EVIL = 'evil.example';

/** Finding 6: a forged Host (or X-Forwarded-Host) must never become a payment return or cashier address. */
export async function hostRedirectProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const hostile = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' };
  const visitor = new Visitor(target, hostile);
  const returnUrls = [`https://${EVIL}/phish`, `http://${EVIL}/phish`, `//${EVIL}/x`, `/\\${EVIL}/x`, `https://127.0.0.1.${EVIL}/x`, `https://${EVIL}/x`];
  const leaks: string[] = [];
  const leads = (value: string | undefined) => value !== undefined && value.toLowerCase().includes(EVIL);
  let checked = 0;
  for (const [index, returnUrl] of returnUrls.entries()) {
    const order = await placeOrder(target, { visitor, paySource: 'h5', returnUrl, idNumber: randomIdNumber() });
    const h5 = order.result.h5_url ?? order.result.qrcodeUrl ?? '';
    if (leads(h5)) leaks.push(`return_url ${returnUrl}: h5_url ${h5}`);
    const page = await send(target.baseUrl, { path: `/sandbox/cashier/${encodeURIComponent(order.attemptNo)}`, headers: { host: EVIL } });
    if (leads(page.text)) leaks.push(`return_url ${returnUrl}: the cashier page names ${EVIL}`);
    const cancel = await send(target.baseUrl, { method: 'POST', path: `/sandbox/cashier/${encodeURIComponent(order.attemptNo)}/cancel`, headers: { ...hostile, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    if (leads(cancel.headers.location) || leads(cancel.text)) leaks.push(`return_url ${returnUrl}: cancel → ${cancel.status} ${cancel.headers.location ?? ''}`);
    checked += 1;
    // One of them is also paid: the pay button redirects to the stored return address.
    if (index === 0) {
      const paid = await payInCashier(target, order.attemptNo, hostile);
      if (leads(paid.headers.location) || leads(paid.text)) leaks.push(`return_url ${returnUrl}: pay → ${paid.status} ${paid.headers.location ?? ''}`);
    }
  }
  return [
    {
      name: `forged Host/X-Forwarded-Host: ${EVIL} as payment return, cashier or cancel redirect`,
      held: leaks.length === 0 && checked === returnUrls.length,
      figure: leaks.length === 0 ? `${checked} orders (return_url ${EVIL} in 6 spellings): no h5_url, cashier page or Location leads to ${EVIL}` : leaks.join('; ').slice(0, 400),
    },
  ];
}

/**
 * Finding 9: anonymous analytics events must not fill the database: a 64 KiB `extra` is refused and
 * a flood of small events is rate-limited.
 */
export async function eventFloodProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const visitor = new Visitor(target);
  const before = target.sqliteFile ? databaseBytes(target.sqliteFile) : undefined;
  // Just under the 64 KiB body limit, so only a cap on `extra` itself refuses it.
  const bigExtra = { blob: 'x'.repeat(63 * 1024) };
  const big = await pool(
    16,
    Array.from({ length: 300 }, (_, i) => () => visitor.signed({ method: 'POST', path: '/api/user/event', body: { key: 'client.attack_flood', value: String(i), type: 'event', source: 'client', extra: bigExtra } })),
  );
  const huge = await pool(
    16,
    Array.from({ length: 300 }, (_, i) => () => visitor.signed({ method: 'POST', path: '/api/user/event', body: { key: 'client.attack_flood', value: String(i), type: 'event', source: 'client', extra: { blob: 'x'.repeat(64 * 1024) } } })),
  );
  // A flooder rotates its device id: only a limit per address stops it.
  const small = await pool(
    16,
    Array.from({ length: 600 }, (_, i) => () => visitor.signed({ method: 'POST', path: '/api/user/event', body: { key: 'client.attack_flood', value: String(i), type: 'click', source: 'client', extra: { i } }, headers: { 'x-device-id': `attack-flood-${i}` } })),
  );
  const after = target.sqliteFile ? databaseBytes(target.sqliteFile) : undefined;
  const bigAccepted = [...big, ...huge].filter((answer) => answer.status < 400).length;
  const bigStatuses = [...new Set([...big, ...huge].map(describe))].join(', ');
  const smallOk = small.filter((answer) => describe(answer) === '200 ok').length;
  const firstLimited = small.findIndex((answer) => describe(answer) === '429 RATE_LIMITED');
  const grew = before !== undefined && after !== undefined ? after - before : undefined;
  const growthOk = grew === undefined || grew < 1024 * 1024;
  return [
    {
      name: '600 anonymous events with a 63–64 KiB extra',
      held: bigAccepted === 0,
      figure: `${600 - bigAccepted}/600 refused (${bigStatuses})`,
    },
    {
      name: '600 small anonymous events in a burst, each from a new device id',
      held: firstLimited >= 0 && smallOk < 600,
      figure: firstLimited >= 0 ? `${smallOk} accepted, first 429 RATE_LIMITED at #${firstLimited + 1}` : `all ${smallOk} accepted: no limit`,
    },
    ...(grew === undefined
      ? []
      : [{ name: 'database growth from 1 200 anonymous events', held: growthOk, figure: `the database grew by ${(grew / 1024).toFixed(0)} KiB of pages in use (limit 1024 KiB)` }]),
  ];
}
