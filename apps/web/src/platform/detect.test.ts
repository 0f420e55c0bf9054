import { describe, expect, it } from 'vitest';
import { detectRuntime } from './detect.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  wechatMiniProgram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN miniProgram/wx1234567890',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2154A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
};

describe('detectRuntime', () => {
  it('an iPhone browser is an ios phone on h5', () => {
    expect(detectRuntime({ userAgent: UA.iphoneSafari, viewportWidth: 390 })).toEqual({
      host: 'h5',
      platform: 'web',
      formFactor: 'phone',
      os: 'ios',
      inMessenger: false,
    });
  });

  it('an Android browser is an android phone', () => {
    const facts = detectRuntime({ userAgent: UA.androidChrome, viewportWidth: 412 });
    expect(facts).toMatchObject({ host: 'h5', os: 'android', formFactor: 'phone' });
  });

  it('a mobile UA is a phone even on a wide viewport (landscape tablet)', () => {
    expect(detectRuntime({ userAgent: UA.androidChrome, viewportWidth: 1024 }).formFactor).toBe('phone');
  });

  it('a desktop browser is a desktop at 768 px and wider, a phone when narrower', () => {
    expect(detectRuntime({ userAgent: UA.desktopChrome, viewportWidth: 1280 })).toEqual({
      host: 'h5',
      platform: 'web',
      formFactor: 'desktop',
      os: 'other',
      inMessenger: false,
    });
    expect(detectRuntime({ userAgent: UA.desktopChrome, viewportWidth: 768 }).formFactor).toBe('desktop');
    expect(detectRuntime({ userAgent: UA.desktopChrome, viewportWidth: 767 }).formFactor).toBe('phone');
  });

  it('iPadOS (a Mac UA with touch points) is an ios phone-class device; a real Mac is not', () => {
    expect(detectRuntime({ userAgent: UA.macSafari, viewportWidth: 1180, maxTouchPoints: 5 })).toMatchObject({
      os: 'ios',
      formFactor: 'phone',
    });
    expect(detectRuntime({ userAgent: UA.macSafari, viewportWidth: 1440, maxTouchPoints: 0 })).toMatchObject({
      os: 'other',
      formFactor: 'desktop',
    });
  });

  it('a mini-program web-view is wx-mp, by UA, by the WeChat environment flag or by the stored platform', () => {
    expect(detectRuntime({ userAgent: UA.wechatMiniProgram, viewportWidth: 390 })).toMatchObject({
      host: 'wx-mp',
      platform: 'wx-mp',
      inMessenger: true,
      os: 'ios',
    });
    expect(detectRuntime({ userAgent: UA.wechatAndroid, viewportWidth: 390, wxEnvironment: 'miniprogram' }).host).toBe('wx-mp');
    expect(detectRuntime({ userAgent: UA.wechatAndroid, viewportWidth: 390, storedPlatform: 'wx-mp' }).host).toBe('wx-mp');
  });

  it('the WeChat browser outside corp mode stays h5; the /corp build is wx-oa', () => {
    expect(detectRuntime({ userAgent: UA.wechatAndroid, viewportWidth: 390 })).toMatchObject({ host: 'h5', os: 'android' });
    expect(detectRuntime({ userAgent: UA.wechatAndroid, viewportWidth: 390, basePath: '/corp/' })).toMatchObject({
      host: 'wx-oa',
      platform: 'wx-oa',
      inMessenger: true,
    });
  });

  it('inside WeChat the layout is the phone one, even in the desktop client', () => {
    const windowsWechat = 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)';
    expect(detectRuntime({ userAgent: windowsWechat, viewportWidth: 1280, basePath: '/corp' })).toMatchObject({ host: 'wx-oa', formFactor: 'phone' });
    expect(detectRuntime({ userAgent: windowsWechat, viewportWidth: 1280 })).toMatchObject({ host: 'h5', formFactor: 'desktop' });
  });

  it('HarmonyOS phones count as android-class phones', () => {
    expect(detectRuntime({ userAgent: UA.harmony, viewportWidth: 360 })).toMatchObject({ os: 'android', formFactor: 'phone' });
  });
});
