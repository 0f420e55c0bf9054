import { createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fenToYuanString, yuanStringToFen } from '@kuaibao/domain';
import { beijingDateTime, parseBeijingDateTime } from '../beijing-time.ts';
import { signSha256WithRsa, verifySha256WithRsa } from '../sha256-with-rsa.ts';
import { adjustedRows, alipayTradeBillZip, emptyBillAdjustments, type FakeBillAdjustments, type FakeBillRow } from '../bills/bill-files.ts';

/**
 * An in-process stand-in for Alipay's classic gateway (`/gateway.do`) on 127.0.0.1, for tests and
 * offline demos. It verifies our RSA2 request signatures (sorted, non-empty parameters without
 * `sign`, raw values) and that `timestamp` is Beijing time, keeps a per-trade state machine
 * (a precreate trade does not exist until the QR is scanned, as at Alipay), signs each answer over
 * the exact `…_response` JSON text, serves a cashier page for the wap/page redirects, and builds
 * notifications signed the documented way. All crypto here is node:crypto; the adapter verifies
 * with alipay-sdk.
 */

export interface FakeAlipayKeys {
  appId: string;
  sellerId: string;
  appPrivateKeyPem: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  alipayPublicKeyPem: string;
}

export type FakeAlipayTradeStatus = 'CREATED' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

export interface FakeAlipayTrade {
  out_trade_no: string;
  method: string;
  subject: string;
  total_amount: string;
  time_expire: string | null;
  notify_url: string | null;
  return_url: string | null;
  status: FakeAlipayTradeStatus;
  trade_no: string | null;
  gmt_payment: string | null;
}

export interface FakeAlipayRefund {
  out_request_no: string;
  out_trade_no: string;
  refund_amount: string;
  status: 'PENDING' | 'SUCCESS';
  gmt_refund_pay: string | null;
}

export interface RecordedAlipayRequest {
  httpMethod: string;
  method: string;
  params: Record<string, string>;
  verified: boolean;
}

export type AlipayFailure = { method?: string; kind: 'http500' | 'timeout' | 'badSignature' } | { method?: string; kind: 'business'; code: string; subCode: string; subMsg: string };

export interface FakeAlipayNotification {
  headers: Record<string, string>;
  body: string;
  params: Record<string, string>;
}

export interface AlipayNotificationOptions {
  notifyId?: string;
  tradeStatus?: 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED' | 'WAIT_BUYER_PAY';
  signature?: 'valid' | 'forged';
  appId?: string;
  sellerId?: string;
  totalAmount?: string;
  subject?: string;
  body?: string;
  /** A refund's out_request_no: builds the notification it produces (TRADE_CLOSED after a full refund, TRADE_SUCCESS with refund_fee after a partial one). */
  refundOf?: string;
}

export interface FakeAlipayGateway {
  readonly url: string;
  readonly gatewayUrl: string;
  readonly keys: FakeAlipayKeys;
  readonly trades: Map<string, FakeAlipayTrade>;
  readonly refunds: Map<string, FakeAlipayRefund>;
  readonly requests: RecordedAlipayRequest[];
  /** What tests plant in the trade bills (extra, missing and altered lines). */
  readonly bill: FakeBillAdjustments;
  /** fund_change a new refund answers with: "Y" (refunded now) or "N" (settled later, confirm by query). */
  nextRefundFundChange: 'Y' | 'N';
  env(): Record<string, string>;
  /** The payer scans the precreate QR: the trade starts to exist (WAIT_BUYER_PAY). */
  scan(outTradeNo: string): FakeAlipayTrade;
  /** The payer pays. `evenIfClosed` models a payment that raced the close. */
  pay(outTradeNo: string, options?: { evenIfClosed?: boolean }): FakeAlipayTrade;
  settleRefund(outRequestNo: string): FakeAlipayRefund;
  notification(outTradeNo: string, options?: AlipayNotificationOptions): FakeAlipayNotification;
  /** Where notifications go when the cashier page pays (defaults to POSTing to the trade's notify_url). */
  deliver: (notification: FakeAlipayNotification, notifyUrl: string) => Promise<number>;
  failNext(failure: AlipayFailure): void;
  close(): Promise<void>;
}

export function generateAlipayKeys(): FakeAlipayKeys {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    appId: '2021000000000001',
    sellerId: '2088000000000001',
    // PKCS#1, as Alipay's key tool hands it out; config normalises it.
    appPrivateKeyPem: app.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    alipayPublicKeyPem: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The documented signing string: sorted keys, empty values and `sign` (and, for notifications, `sign_type`) left out, raw values. */
export function alipaySigningString(params: Record<string, string>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export async function startFakeAlipayGateway(options: { keys?: FakeAlipayKeys; now?: () => Date; port?: number } = {}): Promise<FakeAlipayGateway> {
  const keys = options.keys ?? generateAlipayKeys();
  const now = options.now ?? (() => new Date());
  const trades = new Map<string, FakeAlipayTrade>();
  const refunds = new Map<string, FakeAlipayRefund>();
  /** What the refunds of a trade took, settled or not, fen. */
  function refundedTotal(outTradeNo: string): number {
    let fen = 0;
    for (const refund of refunds.values()) if (refund.out_trade_no === outTradeNo) fen += yuanStringToFen(refund.refund_amount)!;
    return fen;
  }
  const requests: RecordedAlipayRequest[] = [];
  const failures: AlipayFailure[] = [];
  const held = new Set<ServerResponse>();
  const appPublicKey = createPublicKey(keys.appPublicKey.export({ type: 'spki', format: 'pem' }));
  const bill = emptyBillAdjustments();
  /** Bill archives handed out by the download-address query, by token. */
  const billFiles = new Map<string, Buffer>();
  let sequence = 0;

  /** The day's paid trades (by gmt_payment) and refunds (by gmt_refund_pay), Beijing dates. */
  function billRows(date: string): FakeBillRow[] {
    const rows: FakeBillRow[] = [];
    for (const trade of trades.values()) {
      if (!trade.trade_no || !trade.gmt_payment?.startsWith(date)) continue;
      rows.push({ kind: 'payment', time: trade.gmt_payment, outTradeNo: trade.out_trade_no, providerTxnId: trade.trade_no, orderFen: yuanStringToFen(trade.total_amount)!, description: trade.subject });
    }
    for (const refund of refunds.values()) {
      if (refund.status !== 'SUCCESS' || !refund.gmt_refund_pay?.startsWith(date)) continue;
      const trade = trades.get(refund.out_trade_no);
      rows.push({
        kind: 'refund',
        time: refund.gmt_refund_pay,
        outTradeNo: refund.out_trade_no,
        providerTxnId: trade?.trade_no ?? '',
        orderFen: yuanStringToFen(trade?.total_amount ?? '0.00') ?? 0,
        description: trade?.subject ?? '',
        outRefundNo: refund.out_request_no,
        refundFen: yuanStringToFen(refund.refund_amount)!,
      });
    }
    return rows.sort((a, b) => a.time.localeCompare(b.time));
  }

  function verify(params: Record<string, string>): boolean {
    if (!params.sign || params.sign_type !== 'RSA2' || params.app_id !== keys.appId || params.charset !== 'utf-8') return false;
    // Alipay reads `timestamp` as Beijing time: a UTC wall clock would be 8 hours off.
    const stamped = parseBeijingDateTime(params.timestamp);
    if (!stamped || Math.abs(stamped.getTime() - Date.now()) > 10 * 60_000) return false;
    return verifySha256WithRsa(alipaySigningString(params), params.sign, appPublicKey);
  }

  function answer(res: ServerResponse, method: string, inner: Record<string, unknown>, failure?: AlipayFailure): void {
    const key = `${method.replaceAll('.', '_')}_response`;
    const innerText = JSON.stringify(inner);
    const signature = signSha256WithRsa(failure?.kind === 'badSignature' ? `${innerText} ` : innerText, keys.alipayPrivateKey);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8', trace_id: randomUUID() });
    res.end(`{"${key}":${innerText},"sign":"${signature}"}`);
  }

  const ok = (extra: Record<string, unknown> = {}) => ({ code: '10000', msg: 'Success', ...extra });
  const fail = (code: string, subCode: string, subMsg: string) => ({ code, msg: code === '40004' ? 'Business Failed' : 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
  const notExist = () => fail('40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');

  function visible(trade: FakeAlipayTrade | undefined): trade is FakeAlipayTrade {
    return trade !== undefined && trade.status !== 'CREATED';
  }

  function handle(method: string, params: Record<string, string>, biz: Record<string, unknown>): Record<string, unknown> {
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const trade = trades.get(outTradeNo);
    switch (method) {
      case 'alipay.trade.precreate': {
        const amount = typeof biz.total_amount === 'string' ? yuanStringToFen(biz.total_amount) : undefined;
        if (!/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo) || amount === undefined || amount <= 0 || !/^\d+\.\d{2}$/.test(String(biz.total_amount)) || typeof biz.subject !== 'string') {
          return fail('40002', 'isv.invalid-parameter', '参数有误');
        }
        if (trade && trade.status !== 'CREATED' && trade.status !== 'WAIT_BUYER_PAY') return fail('40004', 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
        const created: FakeAlipayTrade = trade ?? {
          out_trade_no: outTradeNo,
          method,
          subject: biz.subject,
          total_amount: biz.total_amount as string,
          time_expire: typeof biz.time_expire === 'string' ? biz.time_expire : null,
          notify_url: params.notify_url ?? null,
          return_url: null,
          status: 'CREATED',
          trade_no: null,
          gmt_payment: null,
        };
        trades.set(outTradeNo, created);
        return ok({ out_trade_no: outTradeNo, qr_code: `https://qr.alipay.com/bax0${String(++sequence).padStart(6, '0')}` });
      }
      case 'alipay.trade.query': {
        if (!visible(trade)) return notExist();
        return ok({
          out_trade_no: outTradeNo,
          trade_no: trade.trade_no ?? undefined,
          trade_status: trade.status,
          total_amount: trade.total_amount,
          send_pay_date: trade.gmt_payment ?? undefined,
          buyer_logon_id: trade.trade_no ? '159****5620' : undefined,
        });
      }
      case 'alipay.trade.close': {
        if (!visible(trade)) return notExist();
        if (trade.status === 'TRADE_SUCCESS') return fail('40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return ok({ out_trade_no: outTradeNo, trade_no: trade.trade_no ?? undefined });
      }
      case 'alipay.trade.refund': {
        const outRequestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : '';
        const existing = refunds.get(outRequestNo);
        if (existing && trade) {
          // A repeated number refunds nothing more: success with fund_change "N".
          return ok({ out_trade_no: outTradeNo, trade_no: trade.trade_no, refund_fee: fenToYuanString(refundedTotal(outTradeNo)), fund_change: 'N' });
        }
        if (!visible(trade)) return notExist();
        if (trade.status !== 'TRADE_SUCCESS') return fail('40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const refundFen = typeof biz.refund_amount === 'string' ? yuanStringToFen(biz.refund_amount) : undefined;
        const totalFen = yuanStringToFen(trade.total_amount)!;
        if (refundFen === undefined || refundFen <= 0) return fail('40002', 'isv.invalid-parameter', '参数有误');
        // Without out_request_no Alipay takes only a full refund; a partial one needs the number.
        if (!outRequestNo) return refundFen === totalFen ? fail('40002', 'isv.invalid-parameter', '参数有误') : fail('40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '撤销或退款金额与订单金额不一致');
        // Refunds of one trade together never exceed what was paid (earlier partial refunds count).
        if (refundFen > totalFen - refundedTotal(outTradeNo)) return fail('40004', 'ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额超限');
        const settledNow = gateway.nextRefundFundChange === 'Y';
        const refund: FakeAlipayRefund = {
          out_request_no: outRequestNo,
          out_trade_no: outTradeNo,
          refund_amount: fenToYuanString(refundFen),
          status: settledNow ? 'SUCCESS' : 'PENDING',
          gmt_refund_pay: settledNow ? beijingDateTime(now()) : null,
        };
        refunds.set(outRequestNo, refund);
        // A trade refunded in full is closed; one refunded in part stays TRADE_SUCCESS.
        const refundedNow = refundedTotal(outTradeNo);
        if (refundedNow === totalFen) trade.status = 'TRADE_CLOSED';
        return ok({
          out_trade_no: outTradeNo,
          trade_no: trade.trade_no,
          buyer_logon_id: '159****5620',
          // refund_fee is the trade's refunded total so far, not this refund's amount.
          refund_fee: fenToYuanString(refundedNow),
          fund_change: gateway.nextRefundFundChange,
          ...(refund.gmt_refund_pay ? { gmt_refund_pay: refund.gmt_refund_pay } : {}),
        });
      }
      case 'alipay.trade.fastpay.refund.query': {
        const refund = refunds.get(typeof biz.out_request_no === 'string' ? biz.out_request_no : '');
        if (!visible(trade)) return notExist();
        if (!refund || refund.status !== 'SUCCESS') return ok({ out_trade_no: outTradeNo, trade_no: trade.trade_no });
        return ok({
          out_trade_no: outTradeNo,
          trade_no: trade.trade_no,
          out_request_no: refund.out_request_no,
          total_amount: trade.total_amount,
          refund_amount: refund.refund_amount,
          refund_status: 'REFUND_SUCCESS',
          gmt_refund_pay: refund.gmt_refund_pay,
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const date = typeof biz.bill_date === 'string' ? biz.bill_date : '';
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail('40002', 'isv.invalid-parameter', '参数有误');
        const rows = adjustedRows(date, billRows(date), bill);
        if (rows.length === 0) return fail('40004', 'isp.bill_not_exist', '账单不存在');
        const token = randomUUID().replace(/-/g, '');
        billFiles.set(token, alipayTradeBillZip(rows, { pid: keys.sellerId }, date, beijingDateTime(now())));
        return ok({ bill_download_url: `${base}/downloadBillFile.resource?bizType=trade&userId=${keys.sellerId}0156&fileType=csv.zip&bizDates=${date.replaceAll('-', '')}&token=${token}` });
      }
      default:
        return fail('40002', 'isv.invalid-method', '不存在的方法名');
    }
  }

  function cashierPage(trade: FakeAlipayTrade): string {
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝收银台（测试）</title></head>
<body><main><h1>支付宝收银台（测试网关）</h1><p data-testid="fake-alipay-amount">${escapeHtml(trade.total_amount)}</p><p>${escapeHtml(trade.subject)}</p>
<form method="post" action="/cashier/${encodeURIComponent(trade.out_trade_no)}/pay"><button type="submit">确认付款</button></form></main></body></html>`;
  }

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params: Record<string, string> = {};
      for (const [k, v] of url.searchParams) params[k] = v;
      if (req.method === 'POST' && url.pathname === '/gateway.do') for (const [k, v] of new URLSearchParams(raw)) params[k] = v;

      if (req.method === 'GET' && url.pathname === '/downloadBillFile.resource') {
        const file = billFiles.get(url.searchParams.get('token') ?? '');
        res.writeHead(file ? 200 : 404, { 'content-type': file ? 'application/oct-stream' : 'text/plain; charset=utf-8' });
        res.end(file ?? '下载超时，请重新下载');
        return;
      }
      const cashierPay = /^\/cashier\/([^/]+)\/pay$/.exec(url.pathname);
      if (req.method === 'POST' && cashierPay) {
        const trade = gateway.pay(decodeURIComponent(cashierPay[1]!));
        if (trade.notify_url) await gateway.deliver(gateway.notification(trade.out_trade_no), trade.notify_url).catch(() => 0);
        const back = trade.return_url ? `${trade.return_url}${trade.return_url.includes('?') ? '&' : '?'}out_trade_no=${encodeURIComponent(trade.out_trade_no)}&trade_no=${trade.trade_no}` : null;
        if (back) {
          res.writeHead(302, { location: back });
          res.end();
        } else {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付成功</title></head><body><h1>支付成功</h1></body></html>');
        }
        return;
      }
      if (url.pathname !== '/gateway.do') {
        res.writeHead(404).end();
        return;
      }

      const method = params.method ?? '';
      const record: RecordedAlipayRequest = { httpMethod: req.method ?? 'GET', method, params, verified: false };
      requests.push(record);
      const index = failures.findIndex((f) => !f.method || f.method === method);
      const failure = index >= 0 ? failures.splice(index, 1)[0] : undefined;
      if (failure?.kind === 'timeout') {
        held.add(res);
        return;
      }
      if (failure?.kind === 'http500') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>Bad Gateway</html>');
        return;
      }
      record.verified = verify(params);
      let biz: Record<string, unknown> = {};
      try {
        biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {};
      } catch {
        record.verified = false;
      }

      if (req.method === 'GET') {
        // wap.pay / page.pay: the payer's browser arrives with a signed URL; show the cashier.
        if (!record.verified || (method !== 'alipay.trade.wap.pay' && method !== 'alipay.trade.page.pay')) {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<!doctype html><title>错误</title><p>支付宝：参数或签名错误</p>');
          return;
        }
        const outTradeNo = String(biz.out_trade_no ?? '');
        const existing = trades.get(outTradeNo);
        const trade: FakeAlipayTrade = existing ?? {
          out_trade_no: outTradeNo,
          method,
          subject: String(biz.subject ?? ''),
          total_amount: String(biz.total_amount ?? ''),
          time_expire: typeof biz.time_expire === 'string' ? biz.time_expire : null,
          notify_url: params.notify_url ?? null,
          return_url: params.return_url ?? null,
          status: 'WAIT_BUYER_PAY',
          trade_no: null,
          gmt_payment: null,
        };
        trades.set(outTradeNo, trade);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(cashierPage(trade));
        return;
      }

      if (!record.verified) return answer(res, method, fail('40002', 'isv.invalid-signature', '验签出错'));
      if (failure?.kind === 'business') return answer(res, method, fail(failure.code, failure.subCode, failure.subMsg));
      return answer(res, method, handle(method, params, biz), failure);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  const gateway: FakeAlipayGateway = {
    url: base,
    gatewayUrl: `${base}/gateway.do`,
    keys,
    trades,
    refunds,
    requests,
    bill,
    nextRefundFundChange: 'Y',

    env() {
      return {
        ALIPAY_APP_ID: keys.appId,
        ALIPAY_APP_PRIVATE_KEY: keys.appPrivateKeyPem,
        ALIPAY_PUBLIC_KEY: keys.alipayPublicKeyPem,
        ALIPAY_GATEWAY_URL: `${base}/gateway.do`,
        ALIPAY_ENDPOINT: base,
        ALIPAY_SELLER_ID: keys.sellerId,
        ALIPAY_TIMEOUT_MS: '1500',
      };
    },

    scan(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`);
      if (trade.status === 'CREATED') trade.status = 'WAIT_BUYER_PAY';
      return trade;
    },

    pay(outTradeNo, payOptions = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`);
      const payable = trade.status === 'CREATED' || trade.status === 'WAIT_BUYER_PAY' || (trade.status === 'TRADE_CLOSED' && payOptions.evenIfClosed && !trade.trade_no);
      if (payable) {
        trade.status = 'TRADE_SUCCESS';
        trade.trade_no = `2026${Date.now()}${String(++sequence).padStart(6, '0')}`;
        trade.gmt_payment = beijingDateTime(now());
      }
      return trade;
    },

    settleRefund(outRequestNo) {
      const refund = refunds.get(outRequestNo);
      if (!refund) throw new Error(`fake alipay: no refund ${outRequestNo}`);
      refund.status = 'SUCCESS';
      refund.gmt_refund_pay = beijingDateTime(now());
      return refund;
    },

    notification(outTradeNo, opts = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`);
      const refund = opts.refundOf ? refunds.get(opts.refundOf) : undefined;
      // A full refund closes the trade (TRADE_CLOSED); after a partial one it stays TRADE_SUCCESS, with refund_fee the refunded total.
      const refundedFen = refund ? refundedTotal(outTradeNo) : 0;
      const fullyRefunded = refund !== undefined && refundedFen === yuanStringToFen(trade.total_amount);
      const status = opts.tradeStatus ?? (refund && fullyRefunded ? 'TRADE_CLOSED' : 'TRADE_SUCCESS');
      const at = beijingDateTime(now());
      const params: Record<string, string> = {
        gmt_create: trade.gmt_payment ?? at,
        charset: 'utf-8',
        seller_email: 'kuaibao@example.com',
        subject: opts.subject ?? trade.subject,
        sign_type: 'RSA2',
        buyer_id: '2088102116773037',
        invoice_amount: opts.totalAmount ?? trade.total_amount,
        notify_id: opts.notifyId ?? `2026${randomUUID().replace(/-/g, '')}`,
        fund_bill_list: '[{"amount":"' + trade.total_amount + '","fundChannel":"ALIPAYACCOUNT"}]',
        notify_type: 'trade_status_sync',
        trade_status: status,
        receipt_amount: opts.totalAmount ?? trade.total_amount,
        app_id: opts.appId ?? keys.appId,
        buyer_pay_amount: opts.totalAmount ?? trade.total_amount,
        seller_id: opts.sellerId ?? keys.sellerId,
        gmt_payment: trade.gmt_payment ?? at,
        notify_time: at,
        version: '1.0',
        out_trade_no: trade.out_trade_no,
        total_amount: opts.totalAmount ?? trade.total_amount,
        trade_no: trade.trade_no ?? '',
        auth_app_id: opts.appId ?? keys.appId,
        buyer_logon_id: '159****5620',
        point_amount: '0.00',
        ...(opts.body ? { body: opts.body } : {}),
        ...(refund ? { out_biz_no: refund.out_request_no, refund_fee: fenToYuanString(refundedFen), gmt_refund: refund.gmt_refund_pay ?? at, ...(fullyRefunded ? { gmt_close: at } : {}) } : {}),
      };
      if (!params.trade_no) delete params.trade_no;
      const signingText = alipaySigningString(params, ['sign', 'sign_type']);
      params.sign = signSha256WithRsa(opts.signature === 'forged' ? `${signingText}&x=1` : signingText, keys.alipayPrivateKey);
      return { params, body: new URLSearchParams(params).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
    },

    deliver: async (notification, notifyUrl) => {
      const response = await fetch(notifyUrl, { method: 'POST', headers: notification.headers, body: notification.body });
      return response.status;
    },

    failNext(failure) {
      failures.push(failure);
    },

    async close() {
      for (const res of held) res.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return gateway;
}
