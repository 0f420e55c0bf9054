import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';
import { EnvSchema } from './schema.ts';

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
    expect([active.SIGN_SECRET, active.RESPONSE_AES_KEY, active.ID_ENCRYPTION_KEY, active.ID_HASH_KEY]).toEqual(['', '', '', '']);
  });
});
