import { ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { createHmac, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { A, B, CLIENT_HEADERS, clusterSetting, figure, metricSum, scrape, signedQuery, sql, type Instance } from '../support/cluster.ts';

// The seeded company of e2e/support/journey.ts, ordering the annual report.
const ORDER = {
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

/** The sandbox gateway's notification signature (apps/api/src/providers/payment/sandbox/sandbox-gateway.ts). */
function sandboxHeaders(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', clusterSetting('SANDBOX_NOTIFY_KEY')).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
  return { 'content-type': 'application/json', 'sandbox-timestamp': timestamp, 'sandbox-nonce': nonce, 'sandbox-signature': signature };
}

async function counters(instance: Instance) {
  const text = await scrape(instance);
  return {
    paid: metricSum(text, 'kuaibao_orders_paid_total'),
    applied: metricSum(text, 'kuaibao_payment_notifications_total', { outcome: 'APPLIED' }),
    duplicate: metricSum(text, 'kuaibao_payment_notifications_total', { outcome: 'DUPLICATE' }),
    smsSent: metricSum(text, 'kuaibao_sms_total', { result: 'sent' }),
    sweepsRan: metricSum(text, 'kuaibao_payment_sweep_runs_total', { result: 'ran' }),
    sweepsSkipped: metricSum(text, 'kuaibao_payment_sweep_runs_total', { result: 'skipped' }),
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

test('a notification delivered to both instances at once makes one paid transition and one SMS; sweeps and the outbox run once', async ({ request }) => {
  const body = JSON.stringify(ORDER);
  const created = await request.post(`/api/h5/order?${signedQuery({}, body)}`, { headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' }, data: body });
  expect(created.status()).toBe(200);
  const [orderId, outTradeNo, amountFen] = sql(
    `SELECT o.id, a.out_trade_no, a.amount_fen FROM orders o JOIN payment_attempts a ON a.order_id = o.id WHERE o.entity_id = '${ORDER.entity_id}' AND o.goods_id = 1 AND a.status = 'PENDING'`,
  ).split('|');
  expect(outTradeNo).toMatch(/^KB\d+P\d\d$/);

  // The gateway takes the money (its own table: it plays the outside system) and notifies; the
  // same notification reaches both instances at the same moment, as a retrying gateway's could.
  const transactionId = `SBX${Date.now()}CLUSTER`;
  const paidAt = new Date().toISOString();
  sql(`UPDATE sandbox_trades SET status = 'SUCCESS', transaction_id = '${transactionId}', paid_at = '${paidAt}' WHERE out_trade_no = '${outTradeNo}'`);
  const notification = JSON.stringify({
    id: `EV_${transactionId}`,
    event_type: 'TRANSACTION.SUCCESS',
    resource: { out_trade_no: outTradeNo, transaction_id: transactionId, trade_state: 'SUCCESS', amount: { total: Number(amountFen), currency: 'CNY' }, success_time: paidAt },
  });
  const before = [await counters(A), await counters(B)];
  const answers = await Promise.all([A, B].map((instance) => fetch(`${instance.origin}/api/pay/notify/sandbox`, { method: 'POST', headers: sandboxHeaders(notification), body: notification })));
  // Both acknowledged (204): the provider must stop retrying either way.
  expect(answers.map((answer) => answer.status)).toEqual([204, 204]);

  expect(sql(`SELECT status FROM orders WHERE id = ${orderId}`)).toBe('2');
  expect(sql(`SELECT count(*) FROM payment_attempts WHERE order_id = ${orderId} AND status = 'PAID'`)).toBe('1');
  expect(sql(`SELECT count(*) FROM outbox WHERE kind = 'sms.payment_succeeded' AND payload LIKE '%"orderId":${orderId},%'`)).toBe('1');
  // Both outbox workers poll every 500 ms; give them several rounds each after the first send.
  await until(() => sql(`SELECT count(*) FROM sms_log WHERE order_id = ${orderId}`) !== '0', 15_000);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(sql(`SELECT count(*) FROM sms_log WHERE order_id = ${orderId}`)).toBe('1');
  expect(sql(`SELECT count(*) FROM outbox WHERE kind LIKE 'sms.%' AND processed_at IS NULL`)).toBe('0');

  const after = [await counters(A), await counters(B)];
  const delta = (key: keyof (typeof after)[0]) => after[0]![key] - before[0]![key] + (after[1]![key] - before[1]![key]);
  figure(`notification to both: answers ${answers.map((answer) => answer.status).join(' and ')}; orders paid +${delta('paid')}, notifications applied +${delta('applied')}, duplicate +${delta('duplicate')}; SMS rows for the order: 1`);
  expect(delta('paid')).toBe(1);
  expect(delta('applied') + delta('duplicate')).toBe(2);
  expect(delta('applied')).toBeLessThanOrEqual(1);

  // Every SMS of the run so far was sent once: what the instances say they sent is what the log holds.
  const sentRows = Number(sql(`SELECT count(*) FROM sms_log WHERE status = 'SENT'`));
  figure(`SMS: instance A sent ${after[0]!.smsSent}, B ${after[1]!.smsSent}; sms_log SENT rows ${sentRows}`);
  expect(after[0]!.smsSent + after[1]!.smsSent).toBe(sentRows);
  expect(sql(`SELECT count(*) FROM (SELECT dedupe_key FROM sms_log GROUP BY dedupe_key HAVING count(*) > 1) AS twice`)).toBe('0');
  // Both instances run the sweeps (every second here); the advisory lock lets one step run at a time.
  figure(`sweeps: instance A ran ${after[0]!.sweepsRan} steps (skipped ${after[0]!.sweepsSkipped}), B ran ${after[1]!.sweepsRan} (skipped ${after[1]!.sweepsSkipped})`);
  expect(after[0]!.sweepsRan).toBeGreaterThan(0);
  expect(after[1]!.sweepsRan).toBeGreaterThan(0);
});
