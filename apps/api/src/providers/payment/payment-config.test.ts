import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MOCK_WECHAT_APP_IDS } from '../../config.ts';
import { generateAlipayKeys, generateWechatpayKeys } from '@kuaibao/testing';
import { assertKnownPaymentProviders } from './index.ts';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';

/** PAYMENT_PROVIDERS and the WeChat Pay / Alipay variables (config.ts). */
describe('payment configuration', () => {
  const wechat = generateWechatpayKeys();
  const alipay = generateAlipayKeys();
  let dir: string;
  const wechatEnv = () => ({
    WECHATPAY_MCH_ID: wechat.mchId,
    WECHATPAY_APP_ID: wechat.appId,
    WECHATPAY_MERCHANT_SERIAL: wechat.merchantSerial,
    WECHATPAY_MERCHANT_PRIVATE_KEY: wechat.merchantPrivateKeyPem,
    WECHATPAY_API_V3_KEY: wechat.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: wechat.publicKeyId,
    WECHATPAY_PUBLIC_KEY: wechat.platformPublicKeyPem,
    // The mock login's mini-program is on outside production: its payments need its appid bound (docs/decisions/055-mini-program-payment-appid.md).
    WECHATPAY_MP_APP_ID: MOCK_WECHAT_APP_IDS.miniProgram,
  });
  const alipayEnv = () => ({ ALIPAY_APP_ID: alipay.appId, ALIPAY_APP_PRIVATE_KEY: alipay.appPrivateKeyPem, ALIPAY_PUBLIC_KEY: alipay.alipayPublicKeyPem });
  const load = (env: Record<string, string>) => loadConfig({ APP_ENV: 'test', ...env });
  const failure = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-pay-config-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('needs nothing for the sandbox default', () => {
    const config = load({});
    expect(config.payment).toMatchObject({ providers: ['sandbox'], wechatpay: undefined, alipay: undefined, sweepIntervalSeconds: 60 });
  });

  it('names every missing variable of a listed provider', () => {
    const message = failure({ PAYMENT_PROVIDERS: 'wechatpay,alipay' });
    for (const name of ['NOTIFY_BASE_URL', 'WECHATPAY_MCH_ID', 'WECHATPAY_APP_ID', 'WECHATPAY_MERCHANT_SERIAL', 'WECHATPAY_MERCHANT_PRIVATE_KEY', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_PUBLIC_KEY_ID', 'ALIPAY_APP_ID', 'ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']) {
      expect(message).toContain(name);
    }
    const { WECHATPAY_API_V3_KEY: _key, ...withoutKey } = wechatEnv();
    expect(failure({ PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...withoutKey })).toMatch(/WECHATPAY_API_V3_KEY: required when PAYMENT_PROVIDERS lists wechatpay/);
    expect(failure({ PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...wechatEnv(), WECHATPAY_PUBLIC_KEY: '' , WECHATPAY_PUBLIC_KEY_ID: '' })).toContain('WECHATPAY_PUBLIC_KEY_ID');
  });

  it('builds both providers, with keys inline, as files, or as bare base64', () => {
    const keyFile = path.join(dir, 'apiclient_key.pem');
    writeFileSync(keyFile, wechat.merchantPrivateKeyPem);
    const bareAlipayPublic = alipay.alipayPublicKeyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const config = load({
      PAYMENT_PROVIDERS: 'wechatpay,alipay,sandbox',
      NOTIFY_BASE_URL: 'https://kuaibao.example/',
      ...wechatEnv(),
      WECHATPAY_MERCHANT_PRIVATE_KEY: keyFile,
      ...alipayEnv(),
      ALIPAY_APP_PRIVATE_KEY: alipay.appPrivateKeyPem.replace(/\n/g, '\\n'),
      ALIPAY_PUBLIC_KEY: bareAlipayPublic,
    });
    expect(config.payment.notifyBaseUrl).toBe('https://kuaibao.example');
    expect(config.payment.wechatpay).toMatchObject({ mchId: wechat.mchId, baseUrl: 'https://api.mch.weixin.qq.com/', timeoutMs: 10_000 });
    expect(config.payment.wechatpay!.merchantPrivateKey).toContain('-----BEGIN PRIVATE KEY-----');
    expect(Object.keys(config.payment.wechatpay!.verificationKeys)).toEqual([wechat.publicKeyId]);
    // PKCS#1 from Alipay's key tool, normalised to PKCS#8 for the SDK.
    expect(config.payment.alipay!.appPrivateKey).toContain('-----BEGIN PRIVATE KEY-----');
    expect(config.payment.alipay!.alipayPublicKey).toBe(alipay.alipayPublicKeyPem);
    expect(config.payment.alipay).toMatchObject({ gatewayUrl: 'https://openapi.alipay.com/gateway.do', endpoint: 'https://openapi.alipay.com', desktopProduct: 'precreate' });
  });

  it('adds platform certificates to the serial → key map', () => {
    const certSerial = '7132D72A03E93CDDF8C03BBD1F37EEDF00000001';
    const config = load({
      PAYMENT_PROVIDERS: 'wechatpay',
      NOTIFY_BASE_URL: 'https://kuaibao.example',
      ...wechatEnv(),
      WECHATPAY_PLATFORM_CERTS: JSON.stringify({ [certSerial]: alipay.alipayPublicKeyPem }),
    });
    expect(Object.keys(config.payment.wechatpay!.verificationKeys).sort()).toEqual([certSerial, wechat.publicKeyId].sort());
    expect(failure({ PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...wechatEnv(), WECHATPAY_PLATFORM_CERTS: '[1]' })).toContain('WECHATPAY_PLATFORM_CERTS');
  });

  it('refuses unreadable keys, naming the variable', () => {
    expect(failure({ PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...alipayEnv(), ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----' })).toContain('ALIPAY_PUBLIC_KEY: not a readable');
    expect(failure({ PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...wechatEnv(), WECHATPAY_MERCHANT_PRIVATE_KEY: path.join(dir, 'missing.pem') })).toContain('WECHATPAY_MERCHANT_PRIVATE_KEY: neither a PEM key nor a readable file');
    expect(failure({ PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...wechatEnv(), WECHATPAY_API_V3_KEY: 'short' })).toContain('WECHATPAY_API_V3_KEY');
  });

  it('wants https notifications in production, without a query string; http only in test and dev', () => {
    expect(load({ PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'http://127.0.0.1:3000', ...alipayEnv() }).payment.notifyBaseUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ APP_ENV: 'dev', PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'http://127.0.0.1:3000', ...alipayEnv() }).payment.alipay).toBeDefined();
    // Production's keys and SMS provider (test/production-settings.ts): only the notify origin differs below.
    const { APP_ENV: _prod, ...prodKeys } = PRODUCTION_SETTINGS;
    expect(failure({ APP_ENV: 'prod', ...prodKeys, PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'http://kuaibao.example', ...alipayEnv() })).toContain('NOTIFY_BASE_URL: must be https in production');
    expect(loadConfig({ APP_ENV: 'prod', ...prodKeys, PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...alipayEnv() }).payment.alipay).toBeDefined();
    expect(failure({ PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'https://kuaibao.example/?a=1', ...alipayEnv() })).toContain('NOTIFY_BASE_URL: must have no query string');
    // PUBLIC_BASE_URL serves when NOTIFY_BASE_URL is not set.
    expect(load({ PAYMENT_PROVIDERS: 'alipay', PUBLIC_BASE_URL: 'https://kuaibao.example', ...alipayEnv() }).payment.notifyBaseUrl).toBe('https://kuaibao.example');
  });

  it("refuses WeChat Pay without the mini-program's appid while the mini-program login is on, in one line", () => {
    const base = { PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...wechatEnv() };
    const mp = { WECHAT_MP_APP_ID: wechat.miniProgramAppId, WECHAT_MP_APP_SECRET: wechat.miniProgramSecret, WECHAT_OA_APP_ID: wechat.appId, WECHAT_OA_APP_SECRET: wechat.officialAccountSecret };
    // The mock login (its own mini-program appid) and the real one (WECHAT_MP_APP_ID) alike.
    const missing = failure({ ...base, WECHATPAY_MP_APP_ID: '' });
    expect(missing).toMatch(/^Invalid configuration:\s+WECHATPAY_MP_APP_ID: must be the mini-program's appid wxmockminiprogram, bound to WECHATPAY_MCH_ID/);
    expect(missing.split('\n').filter((line) => line.includes('WECHATPAY_MP_APP_ID'))).toHaveLength(1);
    expect(failure({ ...base, ...mp, WECHAT_AUTH_PROVIDER: 'wechat', WECHATPAY_MP_APP_ID: '' })).toContain(`WECHATPAY_MP_APP_ID: must be the mini-program's appid ${wechat.miniProgramAppId}`);
    expect(failure({ ...base, ...mp, WECHAT_AUTH_PROVIDER: 'wechat', WECHATPAY_MP_APP_ID: 'wx5555555555555555' })).toContain('WECHATPAY_MP_APP_ID: must be');
    const bound = load({ ...base, ...mp, WECHAT_AUTH_PROVIDER: 'wechat', WECHATPAY_MP_APP_ID: wechat.miniProgramAppId });
    expect(bound.payment.wechatpay).toMatchObject({ appId: wechat.appId, miniProgramAppId: wechat.miniProgramAppId });
    // No mini-program login, nothing to bind; no WeChat Pay, nothing to refuse outside production.
    expect(load({ ...base, WECHAT_AUTH_PROVIDER: 'none', WECHATPAY_MP_APP_ID: '' }).payment.wechatpay?.miniProgramAppId).toBeUndefined();
    expect(load({ ...mp, WECHAT_AUTH_PROVIDER: 'wechat' }).wechatAuth.miniProgram?.appId).toBe(wechat.miniProgramAppId);
  });

  it('refuses in production a mini-program login whose payments have no bound appid, in one line', () => {
    const prodKeys = {
      ...PRODUCTION_SETTINGS,
      WECHAT_AUTH_PROVIDER: 'wechat',
      WECHAT_OA_APP_ID: wechat.appId,
      WECHAT_OA_APP_SECRET: wechat.officialAccountSecret,
      WECHAT_MP_APP_ID: wechat.miniProgramAppId,
      WECHAT_MP_APP_SECRET: wechat.miniProgramSecret,
    };
    const line = /WECHATPAY_MP_APP_ID: the mini-program login is on \(WECHAT_MP_APP_ID\), so PAYMENT_PROVIDERS must list wechatpay and WECHATPAY_MP_APP_ID must equal WECHAT_MP_APP_ID/;
    // Alipay alone cannot pay inside the mini-program (WeChat Pay only there).
    expect(failure({ ...prodKeys, PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...alipayEnv() })).toMatch(line);
    const withWechat = { ...prodKeys, PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.example', ...wechatEnv() };
    expect(failure({ ...withWechat, WECHATPAY_MP_APP_ID: '' })).toMatch(line);
    expect(failure({ ...withWechat, WECHATPAY_MP_APP_ID: 'wx5555555555555555' })).toMatch(line);
    expect(loadConfig({ ...withWechat, WECHATPAY_MP_APP_ID: wechat.miniProgramAppId }).payment.wechatpay?.miniProgramAppId).toBe(wechat.miniProgramAppId);
    // Without a mini-program login there is nothing to bind.
    expect(loadConfig({ ...withWechat, WECHAT_MP_APP_ID: '', WECHAT_MP_APP_SECRET: '', WECHATPAY_MP_APP_ID: '' }).payment.wechatpay?.miniProgramAppId).toBeUndefined();
  });

  it('refuses unknown provider names at boot and ignores repeats', () => {
    expect(() => assertKnownPaymentProviders(['sandbox', 'paypal'])).toThrow(/PAYMENT_PROVIDERS: unknown provider\(s\) paypal/);
    expect(assertKnownPaymentProviders(['alipay', 'sandbox', 'alipay'])).toEqual(['alipay', 'sandbox']);
  });
});
