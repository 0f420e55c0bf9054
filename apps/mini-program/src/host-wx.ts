/**
 * The part of WeChat's `wx` the host uses, callback style as `wx` itself takes it. The flows take
 * this instead of the global, so tests and the e2e run can hand them a fake; the pages hand them
 * the real `wx` (which the typecheck proves fits: see pages/*.ts).
 */
export interface WxError {
  errMsg: string;
}

export interface WxCallbacks<T> {
  success?: (result: T) => void;
  fail?: (error: WxError) => void;
}

/** What wx.requestPayment takes besides its callbacks (its appid is the mini-program's own). */
export interface RequestPaymentParams {
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA' | 'MD5' | 'HMAC-SHA256';
  paySign: string;
}

export interface WxRequestOptions extends WxCallbacks<{ statusCode: number; data: unknown }> {
  url: string;
  method?: 'GET' | 'POST';
  header?: Record<string, string>;
  data?: string;
  timeout?: number;
}

export interface HostWx {
  login(options: WxCallbacks<{ code: string }>): void;
  requestPayment(options: RequestPaymentParams & WxCallbacks<WxError>): void;
  request(options: WxRequestOptions): unknown;
  getStorageSync(key: string): unknown;
  setStorageSync(key: string, value: string): void;
}

/** wx's callback API as a promise; the failure rejects with WeChat's `{errMsg}`. */
export function call<T>(start: (callbacks: Required<WxCallbacks<T>>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      start({ success: resolve, fail: reject });
    } catch (error) {
      reject({ errMsg: error instanceof Error ? error.message : String(error) } satisfies WxError);
    }
  });
}

/** A stored text, or '' (wx.getStorageSync answers '' for a missing key). */
export function readStored(wx: HostWx, key: string): string {
  try {
    const value = wx.getStorageSync(key);
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
