import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { ConfigError, DEV_DEFAULTS, loadConfig } from '../config.ts';
import { buildTestApp, signedInject, validOrderForm, type TestApp } from '../test/helper.ts';
import { rawHttp } from '../test/raw-http.ts';
import { isLocalHost } from './visitor-context.ts';
import { PRODUCTION_SETTINGS } from '../test/production-settings.ts';

/** Production settings with every public development key replaced (and a real SMS provider). */
const PROD_KEYS: Record<string, string> = { ...PRODUCTION_SETTINGS };

function configFailure(env: Record<string, string>): string {
  let failure: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    failure = error;
  }
  expect(failure).toBeInstanceOf(ConfigError);
  return (failure as Error).message;
}

describe('production refuses what lets anyone in (docs/security.md, the payment forger)', () => {
  it('refuses the sandbox gateway, the default, with one line naming PAYMENT_PROVIDERS', () => {
    const message = configFailure(PROD_KEYS);
    expect(message).toBe('Invalid configuration: PAYMENT_PROVIDERS: sandbox lets anyone mark an order paid without paying; not allowed in production (use wechatpay and/or alipay)');
    expect(configFailure({ ...PROD_KEYS, PAYMENT_PROVIDERS: 'alipay,sandbox' })).toContain('PAYMENT_PROVIDERS: sandbox');
  });

  it('refuses the mock WeChat login, an unsigned API and a missing PUBLIC_BASE_URL', () => {
    expect(configFailure({ ...PROD_KEYS, WECHAT_AUTH_PROVIDER: 'mock' })).toContain('WECHAT_AUTH_PROVIDER: mock logs anyone in as anyone');
    expect(configFailure({ ...PROD_KEYS, SIGNATURE_REQUIRED: 'false' })).toContain('SIGNATURE_REQUIRED');
    const { PUBLIC_BASE_URL: _unset, ...withoutOrigin } = PROD_KEYS;
    expect(configFailure(withoutOrigin)).toContain('PUBLIC_BASE_URL: required in production');
  });

  it('refuses a raised phone-lookup limit (the API bench lifts it; a scraper would walk phone numbers)', () => {
    expect(loadConfig({}).phoneLookupLimit).toBe(30);
    expect(configFailure({ ...PROD_KEYS, PAYMENT_PROVIDERS: 'alipay', PHONE_LOOKUP_LIMIT: '31' })).toContain('PHONE_LOOKUP_LIMIT: above 30');
    expect(loadConfig({ APP_ENV: 'dev', PHONE_LOOKUP_LIMIT: '1000000000' }).phoneLookupLimit).toBe(1_000_000_000);
  });

  it('still names every public development key', () => {
    expect(configFailure({ APP_ENV: 'prod', PUBLIC_BASE_URL: 'https://kuaibao.example' })).toContain(Object.keys(DEV_DEFAULTS).join(', '));
  });

  it('keeps the sandbox and the mock outside production', () => {
    expect(loadConfig({ APP_ENV: 'dev' }).payment.providers).toEqual(['sandbox']);
    expect(loadConfig({ APP_ENV: 'dev' }).wechatAuth.provider).toBe('mock');
  });
});

describe('production refuses weak settings, naming every one at once (docs/security.md)', () => {
  /** A production that would start but for the settings each test spoils (alipay's keys are made once). */
  let startable: Record<string, string>;
  beforeAll(() => {
    const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
    startable = {
      ...PROD_KEYS,
      PAYMENT_PROVIDERS: 'alipay',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_APP_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      CONSOLE_ADMIN_PASSWORD: 'console-admin-2026',
    };
  });
  const problemLines = (env: Record<string, string>) => configFailure(env).split('\n').slice(1).map((line) => line.trim());

  it('starts with strong keys, https, a real SMS provider and a password the console accepts', () => {
    expect(loadConfig(startable).env).toBe('prod');
  });

  it('refuses every weak setting of a careless .env in one message, one line each', () => {
    const lines = problemLines({
      ...startable,
      ID_ENCRYPTION_KEY: '0'.repeat(64),
      ID_HASH_KEY: 'aaaaaaaaaaaaaaaa',
      SIGN_SECRET: '12345678',
      RESPONSE_AES_KEY: DEV_DEFAULTS.RESPONSE_AES_KEY.toUpperCase(),
      CONSOLE_ADMIN_PASSWORD: '1111111111',
      PUBLIC_BASE_URL: 'http://kuaibao.example',
      SMS_PROVIDER: 'console',
    });
    expect(lines).toEqual([
      'RESPONSE_AES_KEY: must be set in production (the development default is public)',
      expect.stringMatching(/^SIGN_SECRET: too weak for production \(about \d+ bits estimated, at least 128; make one with openssl rand -hex 24\)$/),
      expect.stringMatching(/^ID_ENCRYPTION_KEY: too weak for production .*openssl rand -hex 32\)$/),
      expect.stringMatching(/^ID_HASH_KEY: too weak for production/),
      expect.stringMatching(/^PUBLIC_BASE_URL: must be https in production/),
      expect.stringMatching(/^SMS_PROVIDER: console only writes each SMS to the log/),
      expect.stringMatching(/^CONSOLE_ADMIN_PASSWORD: breaks the console's own password rule \(at least 10 characters with a letter and a digit\)/),
      // The notify origin falls back to PUBLIC_BASE_URL, so the payment section says it too.
      'NOTIFY_BASE_URL: must be https in production',
    ]);
  });

  it('knows the development keys in any case, and the ID key written in capitals', () => {
    for (const key of Object.keys(DEV_DEFAULTS) as Array<keyof typeof DEV_DEFAULTS>) {
      expect(configFailure({ ...startable, [key]: DEV_DEFAULTS[key].toUpperCase() })).toBe(`Invalid configuration: ${key}: must be set in production (the development default is public)`);
    }
  });

  it('names schema errors, refusals and missing provider settings together, not one stage at a time', () => {
    const lines = problemLines({ ...startable, PORT: 'eighty', SIGN_SECRET: 'short', SMS_PROVIDER: 'tencent', ALIPAY_APP_ID: undefined as unknown as string });
    expect(lines).toContain('PORT: Invalid input: expected number, received NaN');
    expect(lines.some((line) => line.startsWith('SIGN_SECRET: '))).toBe(true);
    // The refused SIGN_SECRET is not reported a second time as the public default standing in for it.
    expect(lines.filter((line) => line.includes('SIGN_SECRET'))).toHaveLength(1);
    expect(lines).toContain('ALIPAY_APP_ID: required when PAYMENT_PROVIDERS lists alipay');
    expect(lines).toContain('SMS_TENCENT_SECRET_ID: required when SMS_PROVIDER=tencent');
  });

  it('leaves development and test alone: weak keys and the console SMS still start there', () => {
    expect(loadConfig({ APP_ENV: 'test', SIGN_SECRET: '12345678', SMS_PROVIDER: 'console', PUBLIC_BASE_URL: 'http://127.0.0.1:3000', CONSOLE_ADMIN_PASSWORD: '1111111111' }).env).toBe('test');
  });
});

describe('TRUST_PROXY (docs/security.md, the limit walker)', () => {
  it('trusts no proxy by default and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(configFailure({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY: true would believe any X-Forwarded-For');
  });

  it('takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(configFailure({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY: not an address');
    expect(configFailure({ TRUST_PROXY: 'proxy.example' })).toContain('TRUST_PROXY: not an address');
    expect(configFailure({ TRUST_PROXY: '11' })).toContain('TRUST_PROXY: a hop count');
  });
});

describe('a forged X-Forwarded-For changes nothing unless the proxy is trusted', () => {
  const lookups = async (test: TestApp, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await signedInject(test, { url: '/api/h5/order/phone', query: { phone: '13812345678' }, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}` } });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('counts every forged address as the socket’s address with TRUST_PROXY unset', async () => {
    const test = await buildTestApp({ companies: 0 });
    try {
      const statuses = await lookups(test, 31);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(ERROR_CATALOG.RATE_LIMITED.status);
      const ip = await test.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(ip.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });

  it('believes the header from a trusted proxy (so a real proxy keeps per-client limits)', async () => {
    const test = await buildTestApp({ companies: 0, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const statuses = await lookups(test, 31);
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await test.close();
    }
  });
});

describe('origins and redirects come from configuration, not the Host header (finding 6)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ companies: 0 });
  });
  afterAll(async () => {
    await test.close();
  });

  it('knows which hosts are this machine or a private network', () => {
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000', '192.168.1.20:3000', '10.1.2.3', 'app.localhost']) expect(isLocalHost(host), host).toBe(true);
    for (const host of ['evil.example', 'evil.example:3000', '8.8.8.8', 'localhost.evil.example', '', '[::ffff:8.8.8.8]']) expect(isLocalHost(host), host).toBe(false);
  });

  it('never sends a visitor to a forged Host through the sandbox cashier', async () => {
    const created = await signedInject(test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ pay_source: 'h5', return_url: 'https://evil.example/phish' }),
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const h5Url = (created.json() as { data: { h5_url: string } }).data.h5_url;
    expect(h5Url).not.toContain('evil.example');
    const outTradeNo = decodeURIComponent(h5Url.split('/sandbox/cashier/')[1]!.split(/[/?#]/)[0]!);
    const cancel = await test.app.inject({ method: 'POST', url: `/sandbox/cashier/${encodeURIComponent(outTradeNo)}/cancel`, headers: { host: 'evil.example' } });
    expect(cancel.statusCode).toBe(303);
    expect(new URL(String(cancel.headers.location)).hostname).toBe('127.0.0.1');
  });
});

describe('the signature check decides on the matched route (finding 5)', () => {
  let test: TestApp;
  let port: number;
  beforeAll(async () => {
    test = await buildTestApp({ companies: 0 });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    port = (test.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await test.close();
  });

  it.each([
    'http://x/api/h5/order/phone?phone=13812345678',
    'http://127.0.0.1/env',
    '/env#x',
    '/env?#x',
    '//api/h5/order/phone?phone=13812345678',
    '/api/h5/order/phone/?phone=13812345678',
  ])('refuses %s without a signature', async (target) => {
    const answer = await rawHttp(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    // Either refused, or not the API at all (`//api/…` is a page path: the web app's HTML when it is built).
    expect(answer.body, answer.body).not.toContain('"code":0');
    // Refused with an error (the envelope, or the "not built yet" page of a checkout without a build).
    const refused = answer.status >= 400;
    const page = answer.status === 200 && answer.body.trimStart().startsWith('<!doctype html>');
    expect(refused || page, answer.body).toBe(true);
  });
});

describe('slow clients cannot hold a socket (finding 8)', () => {
  it('closes a connection whose body never finishes', async () => {
    const test = await buildTestApp({ companies: 0, env: { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000' } });
    try {
      expect(test.app.server.headersTimeout).toBe(1000);
      expect(test.app.server.requestTimeout).toBe(1000);
      expect(test.app.server.maxConnections).toBe(2000);
      await test.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = test.app.server.address() as AddressInfo;
      const answer = await rawHttp(port, 'POST /api/user/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"key":');
      // The server gave up on the request (408 or a plain close), rather than waiting for ever.
      expect([0, 408]).toContain(answer.status);
    } finally {
      await test.close();
    }
  });
});
