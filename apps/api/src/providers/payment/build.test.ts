import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAlipayKeys } from '@kuaibao/testing';
import { environmentWith } from '../../config.ts';

/**
 * The process time zone Alipay's SDK needs is set where a process starts, never while building the
 * providers (decision 019). Each case runs in its own process started on UTC, because the time zone
 * is process-wide and another test file in this worker may already have moved it.
 */
describe('building Alipay and the process time zone', () => {
  const keys = generateAlipayKeys();
  const env = {
    APP_ENV: 'test',
    PAYMENT_PROVIDERS: 'alipay',
    NOTIFY_BASE_URL: 'https://kuaibao.test',
    ALIPAY_APP_ID: keys.appId,
    ALIPAY_APP_PRIVATE_KEY: keys.appPrivateKeyPem,
    ALIPAY_PUBLIC_KEY: keys.alipayPublicKeyPem,
  };
  let dir: string;
  let script: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-build-tz-'));
    script = path.join(dir, 'build-alipay.mjs');
    const url = (file: string) => pathToFileURL(path.resolve(import.meta.dirname, file)).href;
    writeFileSync(
      script,
      [
        `import { buildPaymentProviders } from '${url('build.ts')}';`,
        `import { loadConfig, useShanghaiTimezone } from '${url('../../config.ts')}';`,
        `const [env, startUp] = [JSON.parse(process.argv[2]), process.argv[3]];`,
        `const offsetBefore = new Date().getTimezoneOffset();`,
        `const config = loadConfig(env);`,
        `if (startUp === 'as-server-does') useShanghaiTimezone();`,
        `try {`,
        `  const built = buildPaymentProviders({ config, sandboxStore: undefined, now: () => new Date(), deliverSandboxNotification: async () => 200 });`,
        `  console.log(JSON.stringify({ built: built.providers.ids(), offsetBefore, offsetAfter: new Date().getTimezoneOffset() }));`,
        `} catch (error) {`,
        `  console.log(JSON.stringify({ refused: error.name + ': ' + error.message, offsetBefore, offsetAfter: new Date().getTimezoneOffset() }));`,
        `}`,
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (startUp: 'as-server-does' | 'forgotten') =>
    JSON.parse(execFileSync(process.execPath, [script, JSON.stringify(env), startUp], { env: environmentWith({ TZ: 'UTC' }), encoding: 'utf8', timeout: 20_000 })) as Record<string, unknown>;

  it('builds Alipay once the process start has moved it to Beijing time', () => {
    expect(run('as-server-does')).toEqual({ built: ['alipay'], offsetBefore: 0, offsetAfter: -480 });
  });

  it('refuses, and leaves the time zone alone, when the process start forgot', () => {
    expect(run('forgotten')).toEqual({
      refused: expect.stringMatching(/^ConfigError: Invalid configuration: PAYMENT_PROVIDERS lists alipay but the process does not run in Asia\/Shanghai time/),
      offsetBefore: 0,
      offsetAfter: 0,
    });
  });
});
