import type { FormFactor, OperatingSystem, Platform } from '@kuaibao/domain';
import { readString } from '../storage.ts';
import { basePathFor } from './base-path.ts';

/** Where the page runs (ARCHITECTURE.md#the-parts): a plain browser, the official-account browser (corp mode), or a mini-program web-view. */
export type RuntimeHost = 'h5' | 'wx-oa' | 'wx-mp';

/** Narrower than this is a phone whatever the user agent says. */
export const PHONE_MAX_WIDTH = 768;

export interface RuntimeFacts {
  host: RuntimeHost;
  /** The wire value of the host (docs/product/data.md#local-storage storage `platform`; headers x-platform / x-channel; order `source`). */
  platform: Platform;
  formFactor: FormFactor;
  os: OperatingSystem;
  /** Inside WeChat as a host we pay through (mini-program or official account): decides jsapi payments. */
  inMessenger: boolean;
}

export interface DetectInput {
  userAgent: string;
  viewportWidth: number;
  /** `navigator.maxTouchPoints`: iPadOS reports a Mac user agent. */
  maxTouchPoints?: number;
  /** The app's base path, taken from the address at start: '/corp' is the official-account variant (docs/product/overview.md, docs/product/screens.md). */
  basePath?: string;
  /** The stored `platform` value of an earlier page in this host. */
  storedPlatform?: string | null;
  /** `window.__wxjs_environment`, set by WeChat inside a mini-program web-view. */
  wxEnvironment?: string | undefined;
}

export function detectOs(userAgent: string, maxTouchPoints = 0): OperatingSystem {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android|Harmony/i.test(userAgent)) return 'android';
  return 'other';
}

export function isMobileUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Mobi|Android|iPhone|iPod|iPad|Harmony|Windows Phone|webOS|BlackBerry/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function detectHost(input: DetectInput): RuntimeHost {
  if ((input.basePath ?? '/').replace(/\/+$/, '') === '/corp') return 'wx-oa';
  if (input.wxEnvironment === 'miniprogram' || /miniProgram/i.test(input.userAgent)) return 'wx-mp';
  if (input.storedPlatform === 'wx-mp') return 'wx-mp';
  return 'h5';
}

/** Pure: every fact the app branches on, from what the browser tells us. Computed once at start. */
export function detectRuntime(input: DetectInput): RuntimeFacts {
  const host = detectHost(input);
  const os = detectOs(input.userAgent, input.maxTouchPoints);
  // Inside WeChat (even its desktop client) the pages are the phone ones: /my, /order and in-app payment have no desktop layout.
  const phone = host !== 'h5' || isMobileUserAgent(input.userAgent, input.maxTouchPoints) || input.viewportWidth < PHONE_MAX_WIDTH;
  return {
    host,
    platform: host === 'h5' ? 'web' : host,
    formFactor: phone ? 'phone' : 'desktop',
    os,
    inMessenger: host !== 'h5',
  };
}

/** Reads the live browser once. */
export function detectBrowserRuntime(): RuntimeFacts {
  const win = globalThis as typeof globalThis & { __wxjs_environment?: string };
  return detectRuntime({
    userAgent: navigator.userAgent,
    viewportWidth: window.innerWidth || document.documentElement.clientWidth,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    basePath: basePathFor(location.pathname),
    storedPlatform: readString('platform'),
    wxEnvironment: win.__wxjs_environment,
  });
}

/** WeChat's own browser (its in-app webview), the only place the official account's jsapi payment can open. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}
