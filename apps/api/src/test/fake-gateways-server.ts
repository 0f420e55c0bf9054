import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeAlipayGateway, startFakeWechatpayGateway } from '@kuaibao/testing';
import { environmentWith, readEnv } from '../config.ts';

/**
 * Runs the real server with PAYMENT_PROVIDERS=wechatpay,alipay against the two fake gateways, for
 * the Chromium journey (e2e/payments.config.ts) and for trying the real adapters offline:
 *
 *   PORT=3171 node apps/api/src/test/fake-gateways-server.ts
 *
 * The fakes listen on free ports of 127.0.0.1 and notify the server over HTTP; their addresses are
 * printed and, when FAKE_GATEWAYS_FILE is set, written there as JSON ({wechatpay, alipay}).
 * `POST <wechatpay>/__fake/pay {"code_url": "weixin://…"}` plays a payer scanning a WeChat QR
 * code (`"notify": false`: a notification that never reaches us); the Alipay fake serves its own
 * cashier page behind the wap.pay redirect. `POST <wechatpay>/__fake/bill {extra, omit, amounts}`
 * plants differences in the trade bills (decision 039); `POST <wechatpay>/__fake/complaint
 * {out_trade_no, detail, notify_url}` files a WeChat Pay complaint and notifies it (decision 040);
 * `POST <wechatpay>/__fake/refund {out_trade_no, status?}` finishes the trade's PROCESSING refunds
 * (SUCCESS unless told) and sends each its refund notification. `POST <wechatpay>/__fake/pay {"prepay_id": "wx…"}`
 * pays a jsapi trade, as the mini-program's `wx.requestPayment` does. The WeChat login goes to the same fake
 * (`/sns/jscode2session` for `?mpCode=<account>.<nonce>`, `/sns/oauth2/access_token` behind its own
 * `/connect/oauth2/authorize` page): its WeChat Pay accepts an openid only under the appid that issued it.
 */
const port = Number(readEnv('PORT') ?? 3171);
const wechat = await startFakeWechatpayGateway();
const alipay = await startFakeAlipayGateway();
const addressFile = readEnv('FAKE_GATEWAYS_FILE');
if (addressFile) {
  mkdirSync(path.dirname(path.resolve(addressFile)), { recursive: true });
  writeFileSync(addressFile, JSON.stringify({ wechatpay: wechat.url.replace(/\/$/, ''), alipay: alipay.url }));
}

const server = spawn(process.execPath, [fileURLToPath(new URL('../server.ts', import.meta.url))], {
  stdio: 'inherit',
  env: environmentWith({
    PORT: String(port),
    PAYMENT_PROVIDERS: 'wechatpay,alipay',
    NOTIFY_BASE_URL: `http://127.0.0.1:${port}`,
    ...wechat.env(),
    // WeChat's login too: the fake issues each openid for its app, and its WeChat Pay refuses one under another appid (docs/decisions/055-mini-program-payment-appid.md).
    ...wechat.loginEnv(),
    ...alipay.env(),
    WECHATPAY_TIMEOUT_MS: '5000',
    ALIPAY_TIMEOUT_MS: '5000',
    // No load balancer to warn: stop without the drain's grace (docs/decisions/026-cluster-run-and-graceful-shutdown.md).
    SHUTDOWN_GRACE_MS: '0',
  }),
});
console.log(`fake gateways: WeChat Pay ${wechat.url}  Alipay ${alipay.gatewayUrl}`);

const shutdown = () => {
  server.kill('SIGTERM');
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
server.once('exit', (code) => {
  void Promise.all([wechat.close(), alipay.close()]).finally(() => process.exit(code ?? 0));
});
