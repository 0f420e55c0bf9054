import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { beijingRfc3339 } from '../beijing-time.ts';
import { signSha256WithRsa, verifySha256WithRsa } from '../sha256-with-rsa.ts';
import { adjustedRows, emptyBillAdjustments, wechatpayTradeBillText, type FakeBillAdjustments, type FakeBillRow } from '../bills/bill-files.ts';
import { wechatAnswerSigningText, wechatRequestSigningText } from './signing-text.ts';

/**
 * An in-process stand-in for the WeChat Pay API v3 on 127.0.0.1, for tests (and offline demos).
 * It checks our requests the way WeChat does (Authorization signature over the exact bytes, the
 * merchant and app ids, required fields per product), keeps a state machine per trade and refund,
 * signs every answer, and builds notifications signed and encrypted exactly like WeChat's.
 *
 * It also plays WeChat's login (`/sns/jscode2session` for the mini-program, `/sns/oauth2/access_token`
 * for the official account), because that is where WeChat learns which openid belongs to which
 * appid: an openid is issued per app, and a jsapi prepay whose openid was not issued for its appid
 * is refused as WeChat refuses it (HTTP 400, PARAM_ERROR, "appid和openid不匹配";
 * docs/decisions/055-mini-program-payment-appid.md). Both appids are bound to the one merchant.
 *
 * Independence from the code under test: request signatures are checked and answers signed with
 * node:crypto here, while notifications are signed and encrypted with wechatpay-axios-plugin's own
 * Rsa / Formatter / Aes helpers — the adapter verifies and decrypts those on node:crypto. A shared
 * misunderstanding would have to be made twice, by two implementations.
 */

export interface FakeWechatpayKeys {
  mchId: string;
  /** The official account's appid (WECHATPAY_APP_ID, WECHAT_OA_APP_ID). */
  appId: string;
  /** The mini-program's appid, bound to the same merchant (WECHATPAY_MP_APP_ID, WECHAT_MP_APP_ID). */
  miniProgramAppId: string;
  /** The AppSecrets the fake login checks. */
  officialAccountSecret: string;
  miniProgramSecret: string;
  merchantSerial: string;
  /** The merchant API key pair (we sign with the private half). */
  merchantPrivateKeyPem: string;
  merchantPublicKey: KeyObject;
  /** WeChat's key pair in public-key mode. */
  publicKeyId: string;
  platformPrivateKeyPem: string;
  platformPublicKeyPem: string;
  apiV3Key: string;
}

export type FakeTradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';

export interface FakeWechatTrade {
  out_trade_no: string;
  /** The appid the trade was created under (the official account's or the mini-program's). */
  appid: string;
  trade_type: 'NATIVE' | 'MWEB' | 'JSAPI';
  /** The request body that created it: a repeat with the same parameters gets the same answer. */
  request: string;
  description: string;
  amount_total: number;
  notify_url: string;
  time_expire: string;
  payer_openid: string | null;
  payer_client_ip: string | null;
  trade_state: FakeTradeState;
  transaction_id: string | null;
  success_time: string | null;
  prepay_id: string;
  code_url: string | null;
}

export interface FakeWechatRefund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  transaction_id: string;
  amount_refund: number;
  amount_total: number;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  create_time: string;
  success_time: string | null;
  notify_url: string | null;
}

/** A consumer complaint (消费者投诉2.0) as the fake keeps it. */
export interface FakeWechatComplaint {
  complaint_id: string;
  complaint_time: string;
  complaint_detail: string;
  complaint_state: 'PENDING' | 'PROCESSING' | 'PROCESSED';
  out_trade_no: string;
  transaction_id: string;
  amount: number;
  problem_type: 'REFUND' | 'SERVICE_NOT_WORK' | 'OTHERS';
  problem_description: string;
  apply_refund_amount: number | null;
  user_complaint_times: number;
  incoming_user_response: boolean;
  history: Array<{ log_id: string; operator: string; operate_time: string; operate_type: string; operate_details: string }>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
  /** The Authorization header verified against the merchant's public key. */
  verified: boolean;
  status: number;
}

export type InjectedFailure = { path?: RegExp; kind: 'http500' | 'timeout' | 'badSignature' | 'staleTimestamp' | 'unknownSerial' };

export interface FakeNotification {
  headers: Record<string, string>;
  body: string;
}

export interface NotificationOptions {
  eventId?: string;
  /** Unix seconds; defaults to the fake's clock. */
  timestamp?: number;
  signature?: 'valid' | 'forged' | 'probe';
  serial?: string;
  mchid?: string;
  appid?: string;
  amountTotal?: number;
  currency?: string;
}

export interface FakeWechatpayGateway {
  /** Base URL for WECHATPAY_BASE_URL, with a trailing slash. */
  readonly url: string;
  readonly keys: FakeWechatpayKeys;
  readonly trades: Map<string, FakeWechatTrade>;
  readonly refunds: Map<string, FakeWechatRefund>;
  /** What the refunds of a trade took (all but CLOSED ones), fen. */
  refundedFen(outTradeNo: string): number;
  readonly requests: RecordedRequest[];
  /** Which app issued each openid (openid → appid), as WeChat knows it from the logins. */
  readonly openids: ReadonlyMap<string, string>;
  /** The openid this pretend account has in this app (issued and remembered, as a login would). */
  issueOpenid(appId: string, account: string): string;
  /** What tests plant in the trade bills (extra, missing and altered lines). */
  readonly bill: FakeBillAdjustments;
  readonly complaints: Map<string, FakeWechatComplaint>;
  /** The customer complains in WeChat Pay about a paid trade. */
  fileComplaint(outTradeNo: string, options?: { detail?: string; problemType?: FakeWechatComplaint['problem_type'] }): FakeWechatComplaint;
  /** The complaint notification WeChat sends (COMPLAINT.CREATE or COMPLAINT.STATE_CHANGE), signed and encrypted. */
  complaintNotification(complaintId: string, actionType: string, options?: NotificationOptions): FakeNotification;
  /** The next bill file served differs from the SHA1 its tradebill answer gave (a corrupted download). */
  tamperNextBill: boolean;
  /** Status a new refund gets (WeChat usually answers PROCESSING). */
  nextRefundStatus: FakeWechatRefund['status'];
  /** The environment a test app needs to talk to this fake (WeChat Pay, both appids and their secrets). */
  env(): Record<string, string>;
  /** The environment that sends the WeChat login to this fake too (WECHAT_AUTH_PROVIDER=wechat). */
  loginEnv(): Record<string, string>;
  /** The payer pays: NOTPAY → SUCCESS. `evenIfClosed` models a payment that raced the close. */
  pay(outTradeNo: string, options?: { evenIfClosed?: boolean }): FakeWechatTrade;
  /** Finishes a PROCESSING refund. */
  settleRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): FakeWechatRefund;
  paymentNotification(outTradeNo: string, options?: NotificationOptions): FakeNotification;
  refundNotification(outRefundNo: string, options?: NotificationOptions): FakeNotification;
  /** Fails the next matching request(s) the given way. */
  failNext(failure: InjectedFailure): void;
  /** Sends a notification to a notify_url (by default over HTTP; tests may route it through inject). */
  deliver: (notification: FakeNotification, notifyUrl: string) => Promise<number>;
  close(): Promise<void>;
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const TIME_EXPIRE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/;
const AUTHORIZATION = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;

function pem(key: KeyObject, type: 'pkcs8' | 'spki'): string {
  return key.export({ type, format: 'pem' }).toString();
}

/** Generates the key material a test needs: merchant and WeChat key pairs, APIv3 key, ids. */
export function generateWechatpayKeys(): FakeWechatpayKeys {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    mchId: '1900000109',
    appId: 'wx8888888888888888',
    miniProgramAppId: 'wx7777777777777777',
    officialAccountSecret: randomBytes(16).toString('hex'),
    miniProgramSecret: randomBytes(16).toString('hex'),
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    merchantPrivateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    merchantPublicKey: merchant.publicKey,
    publicKeyId: `PUB_KEY_ID_0119000001092025${randomBytes(6).toString('hex').toUpperCase()}`,
    platformPrivateKeyPem: pem(platform.privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    // 32 ASCII characters; used as the AES-256 key by its UTF-8 bytes.
    apiV3Key: randomBytes(24).toString('base64').slice(0, 32),
  };
}

function parseAuthorization(value: string | undefined): Record<string, string> | undefined {
  const match = AUTHORIZATION.exec(value ?? '');
  if (!match) return undefined;
  const fields: Record<string, string> = {};
  for (const part of match[1]!.split(',')) {
    const pair = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (!pair) return undefined;
    fields[pair[1]!] = pair[2]!;
  }
  return fields;
}

export async function startFakeWechatpayGateway(options: { keys?: FakeWechatpayKeys; now?: () => Date; requireHttpsNotify?: boolean; port?: number } = {}): Promise<FakeWechatpayGateway> {
  const keys = options.keys ?? generateWechatpayKeys();
  const now = options.now ?? (() => new Date());
  const platformKey = Rsa.from(keys.platformPrivateKeyPem, Rsa.KEY_TYPE_PRIVATE);
  const platformSigningKey = createPrivateKey(keys.platformPrivateKeyPem);
  const trades = new Map<string, FakeWechatTrade>();
  const refunds = new Map<string, FakeWechatRefund>();
  const requests: RecordedRequest[] = [];
  const failures: InjectedFailure[] = [];
  const held = new Set<ServerResponse>();
  /** A failure injected into the answer of one request (bad signature, stale timestamp, unknown serial). */
  const answerFailures = new WeakMap<ServerResponse, InjectedFailure>();
  /** Bill files handed out by `tradebill`, by download token. */
  const billFiles = new Map<string, Buffer>();
  const bill = emptyBillAdjustments();
  const complaints = new Map<string, FakeWechatComplaint>();
  let sequence = 0;
  const openids = new Map<string, string>();
  const usedLoginCodes = new Set<string>();
  const ourAppIds = new Set([keys.appId, keys.miniProgramAppId]);
  /** The openid a pretend account has in an app: 28 characters, like WeChat's, different per app. */
  function issueOpenid(appId: string, account: string): string {
    const openid = `o${createHash('sha256').update(`fake-wechat-login:${appId}:${account}`).digest('base64url').slice(0, 27)}`;
    openids.set(openid, appId);
    return openid;
  }

  const unixNow = () => Math.floor(Date.now() / 1000);
  const clockSeconds = () => Math.floor(now().getTime() / 1000);

  /** Signs an answer like WeChat (node:crypto; our adapter verifies through the plugin). */
  function send(res: ServerResponse, status: number, body: unknown): void {
    const failure = answerFailures.get(res);
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(failure?.kind === 'staleTimestamp' ? unixNow() - 600 : unixNow());
    const nonce = randomBytes(16).toString('hex');
    const signed = failure?.kind === 'badSignature' ? `${text}tampered` : text;
    const signature = signSha256WithRsa(wechatAnswerSigningText(timestamp, nonce, signed), platformSigningKey);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': randomUUID(),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': failure?.kind === 'unknownSerial' ? 'PUB_KEY_ID_UNKNOWN' : keys.publicKeyId,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    });
    res.end(text);
  }

  const error = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { code, message });

  function tradeView(trade: FakeWechatTrade, mchid = keys.mchId, appid = trade.appid) {
    return {
      appid,
      mchid,
      out_trade_no: trade.out_trade_no,
      transaction_id: trade.transaction_id ?? undefined,
      trade_type: trade.trade_type,
      trade_state: trade.trade_state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[trade.trade_state],
      bank_type: trade.transaction_id ? 'OTHERS' : undefined,
      success_time: trade.success_time ?? undefined,
      payer: trade.payer_openid ? { openid: trade.payer_openid } : undefined,
      amount: { total: trade.amount_total, payer_total: trade.transaction_id ? trade.amount_total : undefined, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  /** What the refunds of a trade took or are taking: every refund but a CLOSED one. */
  function refundedTotal(outTradeNo: string): number {
    let fen = 0;
    for (const refund of refunds.values()) if (refund.out_trade_no === outTradeNo && refund.status !== 'CLOSED') fen += refund.amount_refund;
    return fen;
  }

  function refundView(refund: FakeWechatRefund) {
    return {
      refund_id: refund.refund_id,
      out_refund_no: refund.out_refund_no,
      transaction_id: refund.transaction_id,
      out_trade_no: refund.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      success_time: refund.success_time ?? undefined,
      create_time: refund.create_time,
      status: refund.status,
      amount: { total: refund.amount_total, refund: refund.amount_refund, payer_total: refund.amount_total, payer_refund: refund.amount_refund, currency: 'CNY' },
    };
  }

  function checkCommon(body: Record<string, unknown>, type: FakeWechatTrade['trade_type']): string | undefined {
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    if (typeof body.appid !== 'string' || !ourAppIds.has(body.appid) || body.mchid !== keys.mchId) return 'appid和mch_id不匹配';
    if (typeof body.description !== 'string' || body.description.length === 0 || body.description.length > 127) return 'description 长度不符合要求';
    if (typeof body.out_trade_no !== 'string' || !OUT_TRADE_NO.test(body.out_trade_no)) return 'out_trade_no 格式错误';
    if (typeof body.time_expire !== 'string' || !TIME_EXPIRE.test(body.time_expire)) return 'time_expire 格式错误';
    if (!amount || !Number.isInteger(amount.total) || (amount.total as number) <= 0 || amount.currency !== 'CNY') return 'amount 格式错误';
    if (typeof body.notify_url !== 'string') return 'notify_url 缺失';
    const notify = new URL(body.notify_url);
    if (notify.search || notify.hash || (options.requireHttpsNotify && notify.protocol !== 'https:')) return 'notify_url 格式错误';
    if (type === 'MWEB') {
      const scene = body.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
      if (!scene || typeof scene.payer_client_ip !== 'string' || !scene.h5_info || typeof scene.h5_info.type !== 'string') return 'scene_info.h5_info 缺失';
    }
    if (type === 'JSAPI') {
      const payer = body.payer as { openid?: unknown } | undefined;
      if (!payer || typeof payer.openid !== 'string' || payer.openid.length === 0) return 'payer.openid 缺失';
      // WeChat knows which app issued each openid; one of another app (or of none) cannot pay under this appid.
      if (openids.get(payer.openid) !== body.appid) return 'appid和openid不匹配';
    }
    return undefined;
  }

  function createTrade(res: ServerResponse, type: FakeWechatTrade['trade_type'], raw: string, body: Record<string, unknown>): void {
    const problem = checkCommon(body, type);
    if (problem) return error(res, 400, 'PARAM_ERROR', problem);
    const outTradeNo = body.out_trade_no as string;
    const existing = trades.get(outTradeNo);
    if (existing) {
      if (existing.trade_state === 'CLOSED') return error(res, 400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.trade_state !== 'NOTPAY') return error(res, 400, 'ORDERPAID', '该订单已支付');
      if (existing.request !== raw) return error(res, 403, 'OUT_TRADE_NO_USED', '商户订单号重复');
    }
    const trade: FakeWechatTrade = existing ?? {
      out_trade_no: outTradeNo,
      appid: body.appid as string,
      trade_type: type,
      request: raw,
      description: body.description as string,
      amount_total: (body.amount as { total: number }).total,
      notify_url: body.notify_url as string,
      time_expire: body.time_expire as string,
      payer_openid: type === 'JSAPI' ? (body.payer as { openid: string }).openid : null,
      payer_client_ip: ((body.scene_info as { payer_client_ip?: string } | undefined)?.payer_client_ip ?? null),
      trade_state: 'NOTPAY',
      transaction_id: null,
      success_time: null,
      prepay_id: `wx${Date.now()}${String(++sequence).padStart(6, '0')}`,
      code_url: null,
    };
    trades.set(outTradeNo, trade);
    if (type === 'NATIVE') {
      trade.code_url ??= `weixin://wxpay/bizpayurl?pr=${trade.prepay_id.slice(-10)}`;
      return send(res, 200, { code_url: trade.code_url });
    }
    if (type === 'MWEB') return send(res, 200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepay_id}&package=${sequence}` });
    return send(res, 200, { prepay_id: trade.prepay_id });
  }

  function route(method: string, url: URL, raw: string, res: ServerResponse): void {
    const path = url.pathname;
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(res, 400, 'PARAM_ERROR', '请求体不是合法的JSON');
      }
    }
    const create = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(path);
    if (method === 'POST' && create) {
      const type = ({ native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI' } as const)[create[1] as 'native' | 'h5' | 'jsapi'];
      return createTrade(res, type, raw, body);
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== keys.mchId) return error(res, 400, 'PARAM_ERROR', 'mchid 不匹配');
      const trade = trades.get(decodeURIComponent(query[1]!));
      if (!trade) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return send(res, 200, tradeView(trade));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (method === 'POST' && close) {
      if (body.mchid !== keys.mchId) return error(res, 400, 'PARAM_ERROR', 'mchid 不匹配');
      const trade = trades.get(decodeURIComponent(close[1]!));
      if (!trade) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (trade.trade_state === 'SUCCESS' || trade.trade_state === 'REFUND') return error(res, 400, 'ORDERPAID', '订单已支付');
      trade.trade_state = 'CLOSED';
      return send(res, 204, undefined);
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const outRefundNo = body.out_refund_no;
      const amount = body.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
      if (typeof outRefundNo !== 'string' || !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(outRefundNo)) return error(res, 400, 'PARAM_ERROR', 'out_refund_no 格式错误');
      if (!amount || !Number.isInteger(amount.refund) || !Number.isInteger(amount.total) || amount.currency !== 'CNY') return error(res, 400, 'PARAM_ERROR', 'amount 格式错误');
      const existing = refunds.get(outRefundNo);
      // "同一退款单号多次请求只退一笔": the same number answers the same refund.
      if (existing) return send(res, 200, refundView(existing));
      const trade = trades.get(String(body.out_trade_no));
      if (!trade || !trade.transaction_id) return error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      // A trade refunded in part is 转入退款 (REFUND) and can still be refunded up to what is left.
      if (trade.trade_state !== 'SUCCESS' && trade.trade_state !== 'REFUND') return error(res, 403, 'INVALID_REQUEST', '订单状态不正确');
      if (amount.total !== trade.amount_total || (amount.refund as number) > trade.amount_total || (amount.refund as number) <= 0) return error(res, 400, 'PARAM_ERROR', '退款金额不正确');
      // What earlier refunds of the trade took (a CLOSED one returned nothing); WeChat refuses more than is left.
      const refundedBefore = refundedTotal(trade.out_trade_no);
      if (refundedBefore >= trade.amount_total) return error(res, 400, 'INVALID_REQUEST', '订单已全额退款');
      if ((amount.refund as number) > trade.amount_total - refundedBefore) return error(res, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      const refund: FakeWechatRefund = {
        out_refund_no: outRefundNo,
        out_trade_no: trade.out_trade_no,
        refund_id: `50300${Date.now()}${String(++sequence).padStart(6, '0')}`,
        transaction_id: trade.transaction_id,
        amount_refund: amount.refund as number,
        amount_total: trade.amount_total,
        status: gateway.nextRefundStatus,
        create_time: beijingRfc3339(now()),
        success_time: gateway.nextRefundStatus === 'SUCCESS' ? beijingRfc3339(now()) : null,
        notify_url: typeof body.notify_url === 'string' ? body.notify_url : null,
      };
      refunds.set(outRefundNo, refund);
      trade.trade_state = 'REFUND';
      return send(res, 200, refundView(refund));
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundQuery) {
      const refund = refunds.get(decodeURIComponent(refundQuery[1]!));
      if (!refund) return error(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return send(res, 200, refundView(refund));
    }
    const complaint = /^\/v3\/merchant-service\/complaints-v2\/([^/]+)(?:\/(negotiation-historys|response|complete|update-refund-progress))?$/.exec(path);
    if (complaint) return complaintRoute(res, method, decodeURIComponent(complaint[1]!), complaint[2], url, body);
    if (method === 'GET' && path === '/v3/bill/tradebill') return tradeBill(res, url);
    if (method === 'GET' && path === '/v3/billdownload/file') {
      const file = billFiles.get(url.searchParams.get('token') ?? '');
      if (!file) return error(res, 400, 'INVALID_REQUEST', '下载链接已失效');
      // Unsigned, as WeChat says of this answer: the SHA1 in the signed tradebill answer vouches for it.
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'request-id': randomUUID() });
      res.end(file);
      return;
    }
    return error(res, 404, 'NOT_FOUND', '接口不存在');
  }

  /** The merchant complaint API v2: detail, negotiation history, reply, completion, refund progress. */
  function complaintRoute(res: ServerResponse, method: string, complaintId: string, action: string | undefined, url: URL, body: Record<string, unknown>): void {
    const found = complaints.get(complaintId);
    if (!found) return error(res, 404, 'RESOURCE_NOT_EXISTS', '投诉单不存在');
    if (method === 'GET' && action === undefined) {
      return send(res, 200, {
        complaint_id: found.complaint_id,
        complaint_time: found.complaint_time,
        complaint_detail: found.complaint_detail,
        complaint_state: found.complaint_state,
        complainted_mchid: keys.mchId,
        payer_phone: 'Uy5Hb0c5Se/orEbrWze/ROHu9EPAs/CigDlJ2fnyzC1ppJNBrqcBszhYQUlu5zn6o2uZpBhAsQwd3QAjw==',
        complaint_order_info: [{ transaction_id: found.transaction_id, out_trade_no: found.out_trade_no, amount: found.amount }],
        complaint_full_refunded: false,
        incoming_user_response: found.incoming_user_response,
        problem_description: found.problem_description,
        user_complaint_times: found.user_complaint_times,
        complaint_media_list: [],
        problem_type: found.problem_type,
        ...(found.apply_refund_amount !== null ? { apply_refund_amount: found.apply_refund_amount } : {}),
        user_tag_list: [],
      });
    }
    if (method === 'GET' && action === 'negotiation-historys') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 300 || !Number.isInteger(offset) || offset < 0) return error(res, 400, 'PARAM_ERROR', 'limit/offset 不合法');
      return send(res, 200, { data: found.history.slice(offset, offset + limit).map((h) => ({ ...h, image_list: [], complaint_media_list: null })), limit, offset, total_count: found.history.length });
    }
    if (method === 'POST' && action === 'update-refund-progress') {
      // 更新退款审批结果: only for a 申请退款 complaint, once, APPROVE with a day count or REJECT with a reason.
      if (found.problem_type !== 'REFUND') return error(res, 400, 'INVALID_REQUEST', '非申请退款类型的投诉单');
      if (found.complaint_state === 'PROCESSED') return error(res, 400, 'INVALID_REQUEST', '投诉单已处理完成');
      const at = beijingRfc3339(now());
      if (body.action === 'APPROVE') {
        const days = body.launch_refund_day;
        if (days !== undefined && (typeof days !== 'number' || !Number.isInteger(days) || days < 0)) return error(res, 400, 'PARAM_ERROR', 'launch_refund_day 不合法');
        found.history.push({ log_id: `log-${++sequence}`, operator: '商户', operate_time: at, operate_type: 'MERCHANT_APPROVE_REFUND', operate_details: `预计${typeof days === 'number' ? days : 0}个工作日内发起退款` });
        if (found.complaint_state === 'PENDING') found.complaint_state = 'PROCESSING';
      } else if (body.action === 'REJECT') {
        const reason = body.reject_reason;
        if (typeof reason !== 'string' || reason.length === 0 || [...reason].length > 200) return error(res, 400, 'PARAM_ERROR', 'reject_reason 长度不合法');
        // WeChat spells this operate_type so in the negotiation history.
        found.history.push({ log_id: `log-${++sequence}`, operator: '商户', operate_time: at, operate_type: 'MERCHANT_REFUSE_RERUND', operate_details: reason });
        found.complaint_state = 'PROCESSED';
      } else {
        return error(res, 400, 'PARAM_ERROR', 'action 不合法');
      }
      return send(res, 204, undefined);
    }
    if (method === 'POST' && (action === 'response' || action === 'complete')) {
      if (body.complainted_mchid !== keys.mchId) return error(res, 400, 'PARAM_ERROR', 'complainted_mchid 不匹配');
      if (found.complaint_state === 'PROCESSED') return error(res, 400, 'INVALID_REQUEST', '投诉单已处理完成');
      if (action === 'response') {
        const content = body.response_content;
        if (typeof content !== 'string' || content.length === 0 || [...content].length > 200) return error(res, 400, 'PARAM_ERROR', 'response_content 长度不合法');
        found.history.push({ log_id: `log-${++sequence}`, operator: '商户', operate_time: beijingRfc3339(now()), operate_type: 'MERCHANT_RESPONSE', operate_details: content });
        found.incoming_user_response = false;
        if (found.complaint_state === 'PENDING') found.complaint_state = 'PROCESSING';
      } else {
        found.history.push({ log_id: `log-${++sequence}`, operator: '商户', operate_time: beijingRfc3339(now()), operate_type: 'MERCHANT_CONFIRM_COMPLETE', operate_details: '' });
        found.complaint_state = 'PROCESSED';
      }
      return send(res, 204, undefined);
    }
    return error(res, 404, 'NOT_FOUND', '接口不存在');
  }

  /** `GET /v3/bill/tradebill`: the day's ALL bill, gzip, its SHA1 (of the text) and a download address. */
  function tradeBill(res: ServerResponse, url: URL): void {
    const date = url.searchParams.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return error(res, 400, 'PARAM_ERROR', 'bill_date 格式错误');
    if ((url.searchParams.get('bill_type') ?? 'ALL') !== 'ALL') return error(res, 400, 'PARAM_ERROR', '仅支持 ALL');
    const rows = adjustedRows(date, billRows(date), bill);
    if (rows.length === 0) return error(res, 400, 'NO_STATEMENT_EXIST', '账单文件不存在');
    const text = Buffer.from(wechatpayTradeBillText(rows, keys), 'utf8');
    const hash = createHash('sha1').update(text).digest('hex');
    const served = gateway.tamperNextBill ? Buffer.from(text.toString('utf8').replace(/`\d+\.\d{2}/, '`0.01'), 'utf8') : text;
    gateway.tamperNextBill = false;
    const token = randomBytes(16).toString('hex');
    billFiles.set(token, url.searchParams.get('tar_type') === 'GZIP' ? gzipSync(served) : served);
    return send(res, 200, { hash_type: 'SHA1', hash_value: hash, download_url: `http://127.0.0.1:${port}/v3/billdownload/file?token=${token}` });
  }

  /** The day's paid trades (by success_time) and refunds (by create_time), Beijing dates. */
  function billRows(date: string): FakeBillRow[] {
    const wall = (rfc3339: string) => rfc3339.slice(0, 19).replace('T', ' ');
    const rows: FakeBillRow[] = [];
    for (const trade of trades.values()) {
      if (!trade.transaction_id || !trade.success_time?.startsWith(date)) continue;
      rows.push({ kind: 'payment', time: wall(trade.success_time), outTradeNo: trade.out_trade_no, providerTxnId: trade.transaction_id, orderFen: trade.amount_total, description: trade.description, tradeType: trade.trade_type, appId: trade.appid, ...(trade.payer_openid ? { openid: trade.payer_openid } : {}) });
    }
    for (const refund of refunds.values()) {
      if (!refund.create_time.startsWith(date)) continue;
      const trade = trades.get(refund.out_trade_no);
      rows.push({
        kind: 'refund',
        ...(trade ? { appId: trade.appid } : {}),
        time: wall(refund.create_time),
        outTradeNo: refund.out_trade_no,
        providerTxnId: refund.transaction_id,
        orderFen: refund.amount_total,
        description: trade?.description ?? '',
        outRefundNo: refund.out_refund_no,
        providerRefundId: refund.refund_id,
        refundFen: refund.amount_refund,
        refundStatus: refund.status,
      });
    }
    return rows.sort((a, b) => a.time.localeCompare(b.time));
  }

  /** Verifies Authorization the way WeChat does: fields, mchid, serial, fresh timestamp, RSA over the exact bytes. */
  function verifyRequest(req: IncomingMessage, url: URL, raw: string): boolean {
    const fields = parseAuthorization(req.headers.authorization);
    if (!fields) return false;
    const { mchid, serial_no: serial, timestamp, nonce_str: nonce, signature } = fields;
    if (mchid !== keys.mchId || serial !== keys.merchantSerial || !timestamp || !nonce || !signature) return false;
    if (!/^\d+$/.test(timestamp) || Math.abs(unixNow() - Number(timestamp)) > 300) return false;
    return verifySha256WithRsa(wechatRequestSigningText(req.method ?? 'GET', `${url.pathname}${url.search}`, timestamp, nonce, raw), signature, keys.merchantPublicKey);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/__fake/pay') {
        // Test control, not WeChat's API: the payer scans a code_url (or pays a trade) in WeChat.
        void payFromControl(raw, res);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/__fake/keys') {
        // Test control: the merchant's public ids (which appid is which app's).
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ mchId: keys.mchId, appId: keys.appId, miniProgramAppId: keys.miniProgramAppId }));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/__fake/complaint') {
        // Test control: a customer complains about a trade in WeChat Pay; WeChat notifies `notify_url`.
        void complainFromControl(raw, res);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/__fake/refund') {
        // Test control: WeChat finishes a trade's PROCESSING refunds and notifies each refund's notify_url.
        void settleFromControl(raw, res);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/__fake/bill') {
        // Test control: plant differences in the trade bills (see FakeBillAdjustments).
        plantFromControl(raw, res);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/connect/oauth2/authorize') {
        // The official account's silent authorization (snsapi_base): straight back with a code of this browser's pretend account.
        authorize(req, url, res);
        return;
      }
      if (req.method === 'GET' && (url.pathname === '/sns/jscode2session' || url.pathname === '/sns/oauth2/access_token')) {
        // WeChat's login (api.weixin.qq.com): not signed like the pay API, answered as JSON with errcode on failure.
        login(url, res);
        return;
      }
      const record: RecordedRequest = { method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body: raw, verified: false, status: 0 };
      requests.push(record);
      res.on('finish', () => {
        record.status = res.statusCode;
      });
      const index = failures.findIndex((f) => !f.path || f.path.test(url.pathname));
      const failure = index >= 0 ? failures.splice(index, 1)[0] : undefined;
      if (failure?.kind === 'timeout') {
        // Never answer; the client's timeout fires. close() ends it.
        held.add(res);
        return;
      }
      if (failure?.kind === 'http500') return error(res, 500, 'SYSTEM_ERROR', '系统错误');
      record.verified = verifyRequest(req, url, raw);
      if (!record.verified) return error(res, 401, 'SIGN_ERROR', '签名错误');
      // Otherwise answer normally, but with a broken signature, a stale timestamp or an unknown serial.
      if (failure) answerFailures.set(res, failure);
      return route(req.method ?? 'GET', url, raw, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /**
   * jscode2session (mini-program) and oauth2/access_token (official account): the code is
   * `<account>.<nonce>` (a pretend WeChat account, single use); the openid is that account's in the app.
   */
  function login(url: URL, res: ServerResponse): void {
    const answer = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const miniProgram = url.pathname === '/sns/jscode2session';
    const appId = url.searchParams.get('appid') ?? '';
    const code = url.searchParams.get(miniProgram ? 'js_code' : 'code') ?? '';
    const secret = miniProgram ? keys.miniProgramSecret : keys.officialAccountSecret;
    if (appId !== (miniProgram ? keys.miniProgramAppId : keys.appId)) return answer({ errcode: 40013, errmsg: 'invalid appid' });
    if (url.searchParams.get('secret') !== secret) return answer({ errcode: 40125, errmsg: 'invalid appsecret' });
    const account = /^([A-Za-z0-9_-]{1,64})\.[A-Za-z0-9_-]{4,64}$/.exec(code)?.[1];
    if (!account) return answer({ errcode: 40029, errmsg: 'invalid code' });
    if (usedLoginCodes.has(`${appId}:${code}`)) return answer({ errcode: 40163, errmsg: 'code been used' });
    usedLoginCodes.add(`${appId}:${code}`);
    const openid = issueOpenid(appId, account);
    if (miniProgram) return answer({ openid, session_key: randomBytes(16).toString('base64') });
    return answer({ access_token: randomBytes(24).toString('base64url'), expires_in: 7200, refresh_token: randomBytes(24).toString('base64url'), openid, scope: 'snsapi_base' });
  }

  function authorize(req: IncomingMessage, url: URL, res: ServerResponse): void {
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('appid') !== keys.appId || !/^https?:\/\//.test(redirect)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('redirect_uri 参数错误');
      return;
    }
    const cookie = /(?:^|;\s*)fake_wechat_account=([A-Za-z0-9_-]{1,64})/.exec(req.headers.cookie ?? '')?.[1];
    const account = cookie ?? `visitor-${randomBytes(6).toString('hex')}`;
    const target = new URL(redirect);
    target.searchParams.set('code', `${account}.${randomBytes(9).toString('base64url')}`);
    target.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: target.toString(), 'set-cookie': `fake_wechat_account=${account}; Path=/; HttpOnly` });
    res.end();
  }

  async function complainFromControl(raw: string, res: ServerResponse): Promise<void> {
    const wanted = JSON.parse(raw || '{}') as { out_trade_no?: string; detail?: string; problem_type?: FakeWechatComplaint['problem_type']; notify_url?: string };
    res.setHeader('content-type', 'application/json');
    if (!wanted.out_trade_no || !wanted.notify_url) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'out_trade_no and notify_url are required' }));
      return;
    }
    const filed = gateway.fileComplaint(wanted.out_trade_no, { ...(wanted.detail ? { detail: wanted.detail } : {}), ...(wanted.problem_type ? { problemType: wanted.problem_type } : {}) });
    const notified = await gateway.deliver(gateway.complaintNotification(filed.complaint_id, 'CREATE_COMPLAINT'), wanted.notify_url).catch(() => 0);
    res.end(JSON.stringify({ complaint_id: filed.complaint_id, notified }));
  }

  async function settleFromControl(raw: string, res: ServerResponse): Promise<void> {
    const wanted = JSON.parse(raw || '{}') as { out_trade_no?: string; status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' };
    const settled = [...refunds.values()].filter((r) => r.out_trade_no === wanted.out_trade_no && r.status === 'PROCESSING');
    const notified: number[] = [];
    for (const refund of settled) {
      gateway.settleRefund(refund.out_refund_no, wanted.status ?? 'SUCCESS');
      notified.push(refund.notify_url ? await gateway.deliver(gateway.refundNotification(refund.out_refund_no), refund.notify_url).catch(() => 0) : 0);
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ out_refund_nos: settled.map((r) => r.out_refund_no), notified }));
  }

  function plantFromControl(raw: string, res: ServerResponse): void {
    const wanted = JSON.parse(raw || '{}') as { extra?: FakeBillAdjustments['extra']; omit?: string[]; amounts?: Record<string, number> };
    bill.extra.push(...(wanted.extra ?? []));
    for (const key of wanted.omit ?? []) bill.omit.add(key);
    for (const [key, fen] of Object.entries(wanted.amounts ?? {})) bill.amounts.set(key, fen);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ extra: bill.extra.length, omit: bill.omit.size, amounts: bill.amounts.size }));
  }

  async function payFromControl(raw: string, res: ServerResponse): Promise<void> {
    let wanted: { code_url?: unknown; out_trade_no?: unknown; prepay_id?: unknown; notify?: unknown } = {};
    try {
      wanted = JSON.parse(raw || '{}') as typeof wanted;
    } catch {
      // answered below
    }
    // By its number, its QR code's code_url, or the prepay_id of a jsapi trade (what wx.requestPayment / the bridge is given).
    const trade = [...trades.values()].find((t) => t.out_trade_no === wanted.out_trade_no || (t.code_url !== null && t.code_url === wanted.code_url) || t.prepay_id === wanted.prepay_id);
    res.setHeader('content-type', 'application/json');
    if (!trade) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'no such trade' }));
      return;
    }
    gateway.pay(trade.out_trade_no);
    // `notify: false`: a notification that never reached us (the merchant's side stays unpaid).
    if (wanted.notify === false) {
      res.end(JSON.stringify({ out_trade_no: trade.out_trade_no, notified: 0 }));
      return;
    }
    const delivered = await gateway.deliver(gateway.paymentNotification(trade.out_trade_no), trade.notify_url).catch(() => 0);
    res.end(JSON.stringify({ out_trade_no: trade.out_trade_no, notified: delivered }));
  }

  /** Builds a notification like WeChat's, signed and encrypted with the plugin's helpers. */
  function buildNotification(eventType: string, originalType: 'transaction' | 'refund' | 'complaint', summary: string, resource: object, opts: NotificationOptions): FakeNotification {
    const nonce12 = Formatter.nonce(12);
    const plaintext = JSON.stringify(resource);
    const body = JSON.stringify({
      id: opts.eventId ?? randomUUID(),
      create_time: beijingRfc3339(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(plaintext, keys.apiV3Key, nonce12, originalType),
        associated_data: originalType,
        nonce: nonce12,
      },
    });
    const timestamp = String(opts.timestamp ?? clockSeconds());
    const nonce = Formatter.nonce(32);
    let signature = Rsa.sign(Formatter.response(timestamp, nonce, body), platformKey);
    if (opts.signature === 'forged') signature = Rsa.sign(Formatter.response(timestamp, nonce, `${body} `), platformKey);
    if (opts.signature === 'probe') signature = `WECHATPAY/SIGNTEST/${randomBytes(64).toString('base64')}`;
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': opts.serial ?? keys.publicKeyId,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
    };
  }

  const gateway: FakeWechatpayGateway = {
    url: `http://127.0.0.1:${port}/`,
    keys,
    trades,
    refunds,
    refundedFen: refundedTotal,
    requests,
    openids,
    issueOpenid,
    bill,
    complaints,
    tamperNextBill: false,
    nextRefundStatus: 'PROCESSING',

    env() {
      return {
        WECHATPAY_MCH_ID: keys.mchId,
        WECHATPAY_APP_ID: keys.appId,
        WECHATPAY_MERCHANT_SERIAL: keys.merchantSerial,
        WECHATPAY_MERCHANT_PRIVATE_KEY: keys.merchantPrivateKeyPem,
        WECHATPAY_API_V3_KEY: keys.apiV3Key,
        WECHATPAY_PUBLIC_KEY_ID: keys.publicKeyId,
        WECHATPAY_PUBLIC_KEY: keys.platformPublicKeyPem,
        WECHATPAY_BASE_URL: `http://127.0.0.1:${port}/`,
        WECHATPAY_TIMEOUT_MS: '1500',
        WECHATPAY_MP_APP_ID: keys.miniProgramAppId,
        WECHAT_OA_APP_ID: keys.appId,
        WECHAT_OA_APP_SECRET: keys.officialAccountSecret,
        WECHAT_MP_APP_ID: keys.miniProgramAppId,
        WECHAT_MP_APP_SECRET: keys.miniProgramSecret,
      };
    },

    loginEnv() {
      return { WECHAT_AUTH_PROVIDER: 'wechat', WECHAT_API_BASE_URL: `http://127.0.0.1:${port}`, WECHAT_OAUTH_AUTHORIZE_URL: `http://127.0.0.1:${port}/connect/oauth2/authorize` };
    },

    pay(outTradeNo, payOptions = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake wechatpay: no trade ${outTradeNo}`);
      if (trade.trade_state === 'NOTPAY' || (trade.trade_state === 'CLOSED' && payOptions.evenIfClosed)) {
        trade.trade_state = 'SUCCESS';
        trade.transaction_id = `4200${Date.now()}${String(++sequence).padStart(8, '0')}`;
        trade.success_time = beijingRfc3339(now());
      }
      return trade;
    },

    settleRefund(outRefundNo, status) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`fake wechatpay: no refund ${outRefundNo}`);
      refund.status = status;
      refund.success_time = status === 'SUCCESS' ? beijingRfc3339(now()) : null;
      return refund;
    },

    paymentNotification(outTradeNo, opts = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade || !trade.transaction_id) throw new Error(`fake wechatpay: trade ${outTradeNo} is not paid`);
      const view = tradeView(trade, opts.mchid, opts.appid);
      const resource = { ...view, trade_state: 'SUCCESS', amount: { ...view.amount, total: opts.amountTotal ?? trade.amount_total, currency: opts.currency ?? 'CNY' } };
      return buildNotification('TRANSACTION.SUCCESS', 'transaction', '支付成功', resource, opts);
    },

    refundNotification(outRefundNo, opts = {}) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`fake wechatpay: no refund ${outRefundNo}`);
      const resource = {
        mchid: opts.mchid ?? keys.mchId,
        out_trade_no: refund.out_trade_no,
        transaction_id: refund.transaction_id,
        out_refund_no: refund.out_refund_no,
        refund_id: refund.refund_id,
        refund_status: refund.status,
        success_time: refund.success_time ?? undefined,
        user_received_account: '支付用户零钱',
        amount: { total: refund.amount_total, refund: opts.amountTotal ?? refund.amount_refund, payer_total: refund.amount_total, payer_refund: refund.amount_refund },
      };
      return buildNotification(`REFUND.${refund.status}`, 'refund', { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭', PROCESSING: '退款处理中' }[refund.status], resource, opts);
    },

    failNext(failure) {
      failures.push(failure);
    },

    fileComplaint(outTradeNo, complaintOptions = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade || !trade.transaction_id) throw new Error(`fake wechatpay: trade ${outTradeNo} is not paid`);
      const at = beijingRfc3339(now());
      const problemType = complaintOptions.problemType ?? 'REFUND';
      const complaintId = `2002${at.slice(0, 10).replaceAll('-', '')}${String(++sequence).padStart(8, '0')}`;
      const detail = complaintOptions.detail ?? '付款后一直没人联系我，要求退款';
      const filed: FakeWechatComplaint = {
        complaint_id: complaintId,
        complaint_time: at,
        complaint_detail: detail,
        complaint_state: 'PENDING',
        out_trade_no: outTradeNo,
        transaction_id: trade.transaction_id,
        amount: trade.amount_total,
        problem_type: problemType,
        problem_description: { REFUND: '申请退款', SERVICE_NOT_WORK: '服务权益未生效', OTHERS: '其他' }[problemType],
        apply_refund_amount: problemType === 'REFUND' ? trade.amount_total : null,
        user_complaint_times: [...complaints.values()].filter((c) => c.transaction_id === trade.transaction_id).length + 1,
        incoming_user_response: false,
        history: [{ log_id: `log-${++sequence}`, operator: '投诉人', operate_time: at, operate_type: 'USER_CREATE_COMPLAINT', operate_details: detail }],
      };
      complaints.set(complaintId, filed);
      return filed;
    },

    complaintNotification(complaintId, actionType, opts = {}) {
      if (!complaints.has(complaintId)) throw new Error(`fake wechatpay: no complaint ${complaintId}`);
      const eventType = actionType === 'CREATE_COMPLAINT' ? 'COMPLAINT.CREATE' : 'COMPLAINT.STATE_CHANGE';
      return buildNotification(eventType, 'complaint', '投诉单状态变更', { complaint_id: complaintId, action_type: actionType }, opts);
    },

    deliver: async (notification, notifyUrl) => {
      const response = await fetch(notifyUrl, { method: 'POST', headers: notification.headers, body: notification.body });
      return response.status;
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
