import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { E2E_DB_FILE } from './server-db.ts';

/** WeChat's in-app browser on an iPhone (the official-account variant runs here). */
export const WECHAT_IOS_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

/** A mini-program web-view on Android (the wx-mp variant runs here). */
export const WECHAT_MINI_PROGRAM_UA =
  'Mozilla/5.0 (Linux; Android 13; V2154A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 MiniProgramEnv/android';

export type PayOutcome = 'ok' | 'fail' | 'cancel';

export interface BridgeCall {
  name: string;
  params: Record<string, unknown>;
}

export interface BridgeStub {
  /** Every WeixinJSBridge.invoke the page made, across navigations, in order. */
  calls: BridgeCall[];
  /** What the next getBrandWCPayRequest answers. */
  setPayOutcome(outcome: PayOutcome): void;
}

/**
 * Stands in for WeChat inside the page (docs/product/payments.md#in-app-payment-jsapi): a `WeixinJSBridge` that records
 * each call and answers like WeChat. `getBrandWCPayRequest` with 'ok' first pays the attempt named
 * by the parameters (`package=prepay_id=SBX_<out_trade_no>`) in the sandbox cashier, so the order
 * really becomes paid through the sandbox's signed notification; then it answers
 * `get_brand_wcpay_request:ok`. `miniProgram` also sets `__wxjs_environment` as a web-view does.
 */
export async function stubWeChat(page: Page, options: { payOutcome?: PayOutcome; miniProgram?: boolean } = {}): Promise<BridgeStub> {
  const calls: BridgeCall[] = [];
  let outcome: PayOutcome = options.payOutcome ?? 'ok';
  await page.exposeBinding('__kbRecordBridge', (_source, name: string, params: Record<string, unknown>) => {
    calls.push({ name, params });
  });
  await page.exposeBinding('__kbPayOutcome', () => outcome);
  await page.addInitScript(
    ({ miniProgram }) => {
      type Callback = (result: { err_msg: string }) => void;
      const win = window as unknown as Record<string, unknown> & {
        __kbRecordBridge(name: string, params: unknown): Promise<void>;
        __kbPayOutcome(): Promise<string>;
      };
      if (miniProgram) win.__wxjs_environment = 'miniprogram';
      win.WeixinJSBridge = {
        invoke(name: string, params: Record<string, unknown>, callback?: Callback) {
          void win.__kbRecordBridge(name, params);
          if (name === 'getBrandWCPayRequest') {
            void win.__kbPayOutcome().then(async (answer) => {
              if (answer === 'ok') {
                const outTradeNo = /^prepay_id=SBX_(.+)$/.exec(String(params.package))?.[1] ?? '';
                await fetch(`/sandbox/cashier/${encodeURIComponent(outTradeNo)}/pay`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: '',
                }).catch(() => undefined);
              }
              callback?.({ err_msg: `get_brand_wcpay_request:${answer}` });
            });
            return;
          }
          setTimeout(() => callback?.({ err_msg: `${name}:ok` }), 10);
        },
      };
    },
    { miniProgram: options.miniProgram ?? false },
  );
  return {
    calls,
    setPayOutcome(next) {
      outcome = next;
    },
  };
}

/** Sets an order's handling status in the running server's database, as staff would in the console. */
export function setProcessStatus(publicId: string, status: string, name: string): void {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const changed = db.prepare('UPDATE orders SET process_status = ?, process_status_name = ? WHERE public_id = ?').run(status, name, publicId);
    if (Number(changed.changes) !== 1) throw new Error(`no order ${publicId} in ${E2E_DB_FILE}`);
  } finally {
    db.close();
  }
}
