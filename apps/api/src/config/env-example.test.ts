import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load.ts';
import { repoRoot } from './paths.ts';
import { EnvSchema } from './env-schema.ts';

/**
 * `.env.example` is the operator's list of every setting (docs/deploy.md): it must name each
 * variable of schema.ts, and nothing else, each with a comment, in the systemd EnvironmentFile
 * form that deploy/with-env.sh also reads.
 */

interface ExampleSetting {
  key: string;
  value: string;
  active: boolean;
  line: number;
  commentAbove: boolean;
}

const SETTING = /^(#?)([A-Z][A-Z0-9_]*)=(.*)$/;

function readExample(): { settings: ExampleSetting[]; strayLines: string[] } {
  const lines = readFileSync(path.join(repoRoot, '.env.example'), 'utf8').split('\n');
  const settings: ExampleSetting[] = [];
  const strayLines: string[] = [];
  lines.forEach((text, index) => {
    const setting = SETTING.exec(text);
    if (setting) {
      const above = lines[index - 1] ?? '';
      settings.push({ key: setting[2]!, value: setting[3]!, active: setting[1] === '', line: index + 1, commentAbove: /^# \S/.test(above) && !SETTING.test(above) });
    } else if (text !== '' && text !== '#' && !text.startsWith('# ')) {
      strayLines.push(`${index + 1}: ${text}`);
    }
  });
  return { settings, strayLines };
}

describe('.env.example', () => {
  const { settings, strayLines } = readExample();
  const schemaKeys = Object.keys(EnvSchema.shape).sort();

  it('lists every setting of schema.ts, once, and no other', () => {
    const keys = settings.map((setting) => setting.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(schemaKeys.filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !schemaKeys.includes(key))).toEqual([]);
  });

  it('explains each setting in a comment right above it', () => {
    expect(settings.filter((setting) => !setting.commentAbove).map((setting) => `${setting.line}: ${setting.key}`)).toEqual([]);
  });

  it('has only comments, blank lines and KEY=value lines (systemd reads it; no export, no spaces around =)', () => {
    expect(strayLines).toEqual([]);
    expect(settings.filter((setting) => /^["']|\s$/.test(setting.value)).map((setting) => setting.key)).toEqual([]);
  });

  it('gives values the schema accepts (an example that fails at boot teaches nothing)', () => {
    const shape = EnvSchema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
    const refused = settings.filter((setting) => setting.value !== '' && !shape[setting.key]?.safeParse(setting.value).success).map((setting) => `${setting.key}=${setting.value}`);
    expect(refused).toEqual([]);
  });

  it('is set up for production behind nginx: prod, local listener, the proxy trusted, PORT left to the systemd instance', () => {
    const active = Object.fromEntries(settings.filter((setting) => setting.active).map((setting) => [setting.key, setting.value]));
    expect(active).toMatchObject({ APP_ENV: 'prod', HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' });
    expect(active.PORT).toBeUndefined();
    expect(active.PAYMENT_PROVIDERS).not.toContain('sandbox');
    // The secrets production refuses to default are left empty, for the operator to generate.
    expect([active.SIGN_SECRET, active.RESPONSE_AES_KEY, active.ID_ENCRYPTION_KEY, active.ID_HASH_KEY, active.SANDBOX_NOTIFY_KEY]).toEqual(['', '', '', '', '']);
  });

  it('starts in production once the operator fills exactly the settings it leaves empty', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-env-'));
    try {
      const pemFile = (name: string, kind: 'private' | 'public') => {
        const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const file = path.join(dir, name);
        writeFileSync(file, kind === 'private' ? privateKey.export({ type: 'pkcs8', format: 'pem' }) : publicKey.export({ type: 'spki', format: 'pem' }));
        return file;
      };
      // What docs/deploy.md tells the operator to generate or copy from the merchant platforms.
      const filled: Record<string, string> = {
        SIGN_SECRET: randomBytes(24).toString('hex'),
        RESPONSE_AES_KEY: randomBytes(16).toString('hex'),
        ID_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        ID_HASH_KEY: randomBytes(24).toString('hex'),
        SANDBOX_NOTIFY_KEY: randomBytes(24).toString('hex'),
        WECHATPAY_MCH_ID: '1900000109',
        WECHATPAY_APP_ID: 'wx8888888888888888',
        WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        WECHATPAY_API_V3_KEY: randomBytes(16).toString('hex'),
        WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
        ALIPAY_APP_ID: '2021000000000000',
        SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
        SMS_ALIYUN_ACCESS_KEY_SECRET: 'exampleAccessKeySecret',
        SMS_REPLY_TOKEN: randomBytes(24).toString('hex'),
        WECHAT_OA_APP_ID: 'wx8888888888888888',
        WECHAT_OA_APP_SECRET: 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4',
        QICHACHA_KEY: 'example-qichacha-key',
        QICHACHA_SECRET_KEY: 'example-qichacha-secret',
      };
      const active = settings.filter((setting) => setting.active);
      expect(active.filter((setting) => setting.value === '').map((setting) => setting.key).sort()).toEqual(Object.keys(filled).sort());
      // The key files the example names under /etc/kuaibao, made here.
      const keyFiles: Record<string, string> = {
        WECHATPAY_MERCHANT_PRIVATE_KEY: pemFile('apiclient_key.pem', 'private'),
        WECHATPAY_PUBLIC_KEY: pemFile('pub_key.pem', 'public'),
        ALIPAY_APP_PRIVATE_KEY: pemFile('app_private_key.pem', 'private'),
        ALIPAY_PUBLIC_KEY: pemFile('alipay_public_key.pem', 'public'),
      };
      const environment = { ...Object.fromEntries(active.map((setting) => [setting.key, setting.value])), ...filled, ...keyFiles, PORT: '3001' };
      const config = loadConfig(environment);
      expect(config.env).toBe('prod');
      expect(config.trustProxy).toEqual(['127.0.0.1']);
      expect(config.payment.providers).toEqual(['wechatpay', 'alipay']);
      expect(config.database).toEqual({ kind: 'sqlite', file: '/var/lib/kuaibao/kuaibao.sqlite' });
      expect(config.storage.uploadsDir).toBe('/var/lib/kuaibao/uploads');
      // And an empty one is refused by name, as the comment at the top of the file promises.
      expect(() => loadConfig({ ...environment, ID_HASH_KEY: '' })).toThrow(/ID_HASH_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
