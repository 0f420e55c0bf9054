/**
 * The mini-program calls the wx-mp variant makes (docs/product/screens.md, docs/product/orders-and-statuses.md step 7): post the token to the
 * host, open the host's pay page, and relaunch its entry page to log in again. One small module, so tests can stub the page's bridge.
 *
 * When the host page provides WeChat's JS-SDK (`window.wx.miniProgram`), it is used. Otherwise the
 * same call goes straight to WeixinJSBridge, exactly as the SDK (jweixin 1.6) does it:
 * `invoke('invokeMiniProgramAPI', { name: 'postMessage', arg: data })` and
 * `invoke('invokeMiniProgramAPI', { name: 'navigateTo', arg: { url } })`, after WeixinJSBridgeReady.
 * That saves loading the 4 kB SDK for two calls (docs/decisions/009).
 */

interface MiniProgramSdk {
  postMessage(options: { data: unknown }): void;
  navigateTo(options: { url: string; success?: () => void; fail?: (error?: unknown) => void }): void;
  reLaunch?(options: { url: string; success?: () => void; fail?: (error?: unknown) => void }): void;
}

interface Bridge {
  invoke(name: string, params: unknown, callback?: (result?: { err_msg?: unknown }) => void): void;
}

export type BridgeWindow = Window & { wx?: { miniProgram?: MiniProgramSdk }; WeixinJSBridge?: Bridge };

/** How long to wait for WeChat to inject its bridge. */
export const MINI_PROGRAM_BRIDGE_TIMEOUT_MS = 5000;

function whenBridgeReady(win: BridgeWindow, timeoutMs: number): Promise<Bridge | undefined> {
  if (win.WeixinJSBridge) return Promise.resolve(win.WeixinJSBridge);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(win.WeixinJSBridge);
    };
    const timer = setTimeout(() => {
      win.document.removeEventListener('WeixinJSBridgeReady', onReady);
      resolve(undefined);
    }, timeoutMs);
    win.document.addEventListener('WeixinJSBridgeReady', onReady, { once: true });
  });
}

function invokeMiniProgram(win: BridgeWindow, name: string, arg: unknown, timeoutMs: number): Promise<boolean> {
  return whenBridgeReady(win, timeoutMs).then(
    (bridge) =>
      new Promise<boolean>((resolve) => {
        if (!bridge) return resolve(false);
        try {
          bridge.invoke('invokeMiniProgramAPI', { name, arg }, (result) => {
            const message = typeof result?.err_msg === 'string' ? result.err_msg : '';
            resolve(message === '' || message.endsWith(':ok'));
          });
        } catch {
          resolve(false);
        }
      }),
  );
}

export interface MiniProgramOptions {
  win?: BridgeWindow;
  timeoutMs?: number;
}

/** wx.miniProgram.postMessage({ data }): the host receives it when the web-view is left or shared. */
export function postToMiniProgram(data: Record<string, unknown>, options: MiniProgramOptions = {}): Promise<boolean> {
  const win = options.win ?? (window as BridgeWindow);
  const sdk = win.wx?.miniProgram;
  if (sdk) {
    try {
      sdk.postMessage({ data });
      return Promise.resolve(true);
    } catch {
      return Promise.resolve(false);
    }
  }
  return invokeMiniProgram(win, 'postMessage', data, options.timeoutMs ?? MINI_PROGRAM_BRIDGE_TIMEOUT_MS);
}

/** wx.miniProgram.navigateTo({ url }): opens a page of the host mini-program; resolves false when it could not. */
export function navigateMiniProgram(url: string, options: MiniProgramOptions = {}): Promise<boolean> {
  const win = options.win ?? (window as BridgeWindow);
  const sdk = win.wx?.miniProgram;
  if (sdk) {
    return new Promise((resolve) => {
      try {
        sdk.navigateTo({ url, success: () => resolve(true), fail: () => resolve(false) });
      } catch {
        resolve(false);
      }
    });
  }
  return invokeMiniProgram(win, 'navigateTo', { url }, options.timeoutMs ?? MINI_PROGRAM_BRIDGE_TIMEOUT_MS);
}

/** JSON as base64 of its UTF-8 bytes (company names are Chinese; btoa alone takes Latin-1 only). */
export function base64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * wx.miniProgram.reLaunch({ url }): closes the web-view and opens a host page afresh; resolves false
 * when it could not. Used to log in again: the host's entry page calls wx.login and reopens the
 * web-view with a new mpCode (docs/decisions/009-corp-and-mini-program.md).
 */
export function reLaunchMiniProgram(url: string, options: MiniProgramOptions = {}): Promise<boolean> {
  const win = options.win ?? (window as BridgeWindow);
  const sdk = win.wx?.miniProgram;
  if (sdk?.reLaunch) {
    const reLaunch = sdk.reLaunch.bind(sdk);
    return new Promise((resolve) => {
      try {
        reLaunch({ url, success: () => resolve(true), fail: () => resolve(false) });
      } catch {
        resolve(false);
      }
    });
  }
  return invokeMiniProgram(win, 'reLaunch', { url }, options.timeoutMs ?? MINI_PROGRAM_BRIDGE_TIMEOUT_MS);
}
