import { randomBytes } from 'node:crypto';
import type { OrderRecord } from '@kuaibao/domain';
import { DEV_DEFAULTS } from '../../src/config.ts';
import { signedSandboxHeaders } from '../../src/providers/payment/sandbox/sandbox-gateway.ts';
import { send, sleep, Visitor, type Answer } from '../client.ts';
import { readDatabase } from '../database.ts';
import { placeOrder } from '../fixtures.ts';
import type { AttackTarget, ProbeResult } from '../probe.ts';

/** A sandbox gateway notification for a trade, signed with `key` (sandbox-gateway.ts notificationFor). */
function notification(input: { outTradeNo: string; amountFen: number; key: string; eventId?: string }): { headers: Record<string, string>; body: string } {
  const transactionId = `SBXATTACK${randomBytes(6).toString('hex')}`;
  const body = JSON.stringify({
    id: input.eventId ?? `EV_${transactionId}`,
    event_type: 'TRANSACTION.SUCCESS',
    resource: { out_trade_no: input.outTradeNo, transaction_id: transactionId, trade_state: 'SUCCESS', amount: { total: input.amountFen, currency: 'CNY' }, success_time: new Date().toISOString() },
  });
  return { body, headers: signedSandboxHeaders(input.key, Math.floor(Date.now() / 1000), body) };
}

const notify = (target: AttackTarget, note: { headers: Record<string, string>; body: string }): Promise<Answer> =>
  send(target.baseUrl, { method: 'POST', path: '/api/pay/notify/sandbox', headers: note.headers, body: note.body });

/**
 * Regression: a sandbox notification with a wrong HMAC changes nothing; 100 concurrent copies of a
 * valid one change the order once and queue one payment SMS (decision 005, decision 008's outbox).
 */
export async function sandboxNotificationProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const key = target.sandboxNotifyKey ?? DEV_DEFAULTS.SANDBOX_NOTIFY_KEY;
  const visitor = new Visitor(target);
  const status = async (publicId: string) => (await visitor.data<OrderRecord>({ path: '/api/h5/order/detail', query: { id: publicId } })).status;

  const victim = await placeOrder(target);
  const forged = [
    await notify(target, notification({ outTradeNo: victim.attemptNo, amountFen: victim.result.payFee, key: `${key}-wrong` })),
    await notify(target, { ...notification({ outTradeNo: victim.attemptNo, amountFen: victim.result.payFee, key }), body: notification({ outTradeNo: victim.attemptNo, amountFen: 1, key }).body }),
    await notify(target, { headers: { 'content-type': 'application/json' }, body: notification({ outTradeNo: victim.attemptNo, amountFen: victim.result.payFee, key }).body }),
  ];
  const afterForgery = await status(victim.result.orderId);
  const forgedRefused = forged.every((answer) => answer.status >= 400) && afterForgery === '1';
  const results: ProbeResult[] = [
    {
      name: 'forged sandbox notifications (wrong HMAC, swapped body, no signature)',
      held: forgedRefused,
      figure: `answered ${forged.map((answer) => answer.status).join(', ')}; order status after: ${afterForgery === '1' ? 'unpaid' : afterForgery}`,
    },
  ];

  // 100 concurrent copies of one valid notification (a gateway retrying while we still work on it).
  const order = await placeOrder(target);
  const note = notification({ outTradeNo: order.attemptNo, amountFen: order.result.payFee, key });
  const answers = await Promise.all(Array.from({ length: 100 }, () => notify(target, note)));
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const paid = (await status(order.result.orderId)) === '2';
  let changes = 'not counted (no database file)';
  let counted = true;
  if (target.sqliteFile) {
    // Count what the copies caused, once the SMS worker has had its turn (up to 6 s).
    const count = (file: string) =>
      readDatabase(file, (db) => {
        const row = db.prepare('SELECT id FROM orders WHERE public_id = ?').get(order.result.orderId) as { id: number } | undefined;
        const orderId = row?.id ?? -1;
        const outbox = db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'sms.payment_succeeded' AND json_extract(payload, '$.orderId') = ?").get(orderId) as { n: number };
        const sms = db.prepare("SELECT count(*) AS n FROM sms_log WHERE order_id = ? AND template = 'payment_succeeded' AND status = 'SENT'").get(orderId) as { n: number };
        const events = db.prepare('SELECT count(*) AS n FROM provider_events WHERE out_trade_no = ?').get(order.attemptNo) as { n: number };
        const settled = db.prepare("SELECT count(*) AS n FROM payment_attempts WHERE out_trade_no = ? AND status = 'PAID'").get(order.attemptNo) as { n: number };
        return { outbox: Number(outbox.n), sms: Number(sms.n), events: Number(events.n), settled: Number(settled.n) };
      });
    let counts = count(target.sqliteFile);
    for (let waited = 0; counts.sms === 0 && waited < 6000; waited += 300) {
      await sleep(300);
      counts = count(target.sqliteFile);
    }
    counted = counts.outbox === 1 && counts.sms === 1 && counts.settled === 1;
    changes = `payment SMS queued ${counts.outbox}×, sent ${counts.sms}×; attempt PAID rows ${counts.settled}; provider events recorded ${counts.events}`;
  }
  results.push({
    name: '100 concurrent copies of a valid sandbox notification',
    held: paid && counted && !statuses.has(500),
    figure: `answers ${[...statuses].map(([code, n]) => `${n}×${code}`).join(', ')}; order ${paid ? 'paid' : 'not paid'}; ${changes}`,
  });
  return results;
}

