import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64Json, navigateMiniProgram, postToMiniProgram, reLaunchMiniProgram, type BridgeWindow } from './wechat-bridge.ts';

type Call = { name: string; params: unknown };

/** A window whose WeixinJSBridge records calls and answers with the given err_msg. */
function bridgeWindow(errMsg = 'invokeMiniProgramAPI:ok'): { win: BridgeWindow; calls: Call[] } {
  const calls: Call[] = [];
  const win = Object.create(window) as BridgeWindow;
  Object.defineProperty(win, 'WeixinJSBridge', {
    value: {
      invoke(name: string, params: unknown, callback?: (r: { err_msg: string }) => void) {
        calls.push({ name, params });
        callback?.({ err_msg: errMsg });
      },
    },
  });
  return { win, calls };
}

describe('mini-program bridge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts a message and navigates through WeixinJSBridge the way the JS-SDK does', async () => {
    const { win, calls } = bridgeWindow();
    await expect(postToMiniProgram({ token: 't1' }, { win })).resolves.toBe(true);
    await expect(navigateMiniProgram('/pages/pay/index?data=abc', { win })).resolves.toBe(true);
    expect(calls).toEqual([
      { name: 'invokeMiniProgramAPI', params: { name: 'postMessage', arg: { token: 't1' } } },
      { name: 'invokeMiniProgramAPI', params: { name: 'navigateTo', arg: { url: '/pages/pay/index?data=abc' } } },
    ]);
  });

  it('relaunches the host page through the bridge, as the SDK does, to log in again', async () => {
    const { win, calls } = bridgeWindow();
    await expect(reLaunchMiniProgram('/pages/index/index', { win })).resolves.toBe(true);
    expect(calls).toEqual([{ name: 'invokeMiniProgramAPI', params: { name: 'reLaunch', arg: { url: '/pages/index/index' } } }]);
    await expect(reLaunchMiniProgram('/pages/index/index', { win: bridgeWindow('invokeMiniProgramAPI:fail').win })).resolves.toBe(false);
  });

  it('reports a refused navigation', async () => {
    const { win } = bridgeWindow('invokeMiniProgramAPI:fail');
    await expect(navigateMiniProgram('/pages/pay/index', { win })).resolves.toBe(false);
  });

  it('uses window.wx.miniProgram when the host page provides the SDK', async () => {
    const seen: unknown[] = [];
    const win = Object.create(window) as BridgeWindow;
    Object.defineProperty(win, 'wx', {
      value: {
        miniProgram: {
          postMessage: (options: unknown) => seen.push(['postMessage', options]),
          navigateTo: (options: { url: string; success?: () => void }) => {
            seen.push(['navigateTo', options.url]);
            options.success?.();
          },
        },
      },
    });
    await expect(postToMiniProgram({ token: 't2' }, { win })).resolves.toBe(true);
    await expect(navigateMiniProgram('/pages/pay/index?data=x', { win })).resolves.toBe(true);
    expect(seen).toEqual([
      ['postMessage', { data: { token: 't2' } }],
      ['navigateTo', '/pages/pay/index?data=x'],
    ]);
  });

  it('waits for WeixinJSBridgeReady, and gives up without a bridge', async () => {
    vi.useFakeTimers();
    const win = Object.create(window) as BridgeWindow & { WeixinJSBridge?: unknown };
    const calls: string[] = [];
    void postToMiniProgram({ a: 1 }, { win, timeoutMs: 1000 });
    // The bridge comes a moment before the wait would end: the call is made on it.
    await vi.advanceTimersByTimeAsync(999);
    (win as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke: (name: string) => calls.push(name) };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    // No callback from this bridge: the call is still made.
    await vi.waitFor(() => expect(calls).toEqual(['invokeMiniProgramAPI']));

    let answer: boolean | undefined;
    void navigateMiniProgram('/x', { win: Object.create(window) as BridgeWindow, timeoutMs: 10 }).then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(9);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
  });

  it('encodes JSON as base64 of UTF-8', () => {
    const text = base64Json({ name: '北京字节跳动科技有限公司', fee: 19900 });
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ name: '北京字节跳动科技有限公司', fee: 19900 });
  });
});
