import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '@kuaibao/testing';
import { readEnv } from '../config.ts';
import { PRODUCTION_SETTINGS } from '../test/production-settings.ts';

/** Runs `npm run check-config` with exactly these settings (nothing from the caller's environment); resolves with its exit and output. */
function checkConfig(env: Record<string, string>, args: string[] = []): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'check-config.cli.ts'), ...args], { env: { PATH: readEnv('PATH') ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run check-config', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-check-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every problem of a careless production .env at once, one line each, and exits 1', async () => {
    const run = await checkConfig({ ...PRODUCTION_SETTINGS, ID_ENCRYPTION_KEY: '0'.repeat(64), SIGN_SECRET: '12345678', SMS_PROVIDER: 'console', PUBLIC_BASE_URL: 'http://kuaibao.example', PORT: 'eighty' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^设置有误（\d+ 处）：$/);
    for (const name of ['PORT', 'SIGN_SECRET', 'ID_ENCRYPTION_KEY', 'PUBLIC_BASE_URL', 'SMS_PROVIDER', 'PAYMENT_PROVIDERS']) {
      expect(lines.filter((line) => line.startsWith(`  ${name}: `))).toHaveLength(1);
    }
  });

  it('with --connect, fails a REDIS_URL whose port is wrong, and says the database is still to be created', async () => {
    const run = await checkConfig({ APP_ENV: 'test', SQLITE_FILE: path.join(dir, 'kuaibao.sqlite'), REDIS_URL: 'redis://127.0.0.1:9' }, ['--connect']);
    expect(run.stdout).toContain('设置无误（APP_ENV=test）');
    expect(run.stdout).toMatch(/^warn  数据库：SQLite .* 还是空的/m);
    expect(run.stdout).toMatch(/^fail  Redis：redis:\/\/127\.0\.0\.1:9 连不上（ECONNREFUSED）$/m);
    expect(run.status).toBe(1);
  });

  it('without --connect, opens nothing: the same settings pass', async () => {
    const run = await checkConfig({ APP_ENV: 'test', SQLITE_FILE: path.join(dir, 'kuaibao.sqlite'), REDIS_URL: 'redis://127.0.0.1:9' });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('Redis');
  });

  it('with --connect and EMAIL_PROVIDER=smtp, logs in to the mail server and sends nothing; a wrong password fails', async () => {
    const fake = await startFakeSmtpServer({ user: 'invoice@kuaibao.example', password: 'authorisation-code-1' });
    try {
      const env = { APP_ENV: 'test', SQLITE_FILE: path.join(dir, 'kuaibao.sqlite'), EMAIL_PROVIDER: 'smtp', SMTP_HOST: fake.host, SMTP_PORT: String(fake.port), SMTP_SECURE: 'false', SMTP_REQUIRE_TLS: 'false', SMTP_USER: 'invoice@kuaibao.example' };
      const right = await checkConfig({ ...env, SMTP_PASSWORD: 'authorisation-code-1' }, ['--connect']);
      expect(right.stdout).toMatch(/^ok {4}邮件 SMTP：127\.0\.0\.1:\d+ 可连接，invoice@kuaibao\.example 登录成功$/m);
      expect(right.status).toBe(0);
      const wrong = await checkConfig({ ...env, SMTP_PASSWORD: 'old-password' }, ['--connect']);
      expect(wrong.stdout).toMatch(/^fail  邮件 SMTP：127\.0\.0\.1:\d+ 不可用（SMTP_535: /m);
      expect(wrong.status).toBe(1);
      expect(fake.authFailures).toBe(1);
      expect(fake.messages).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
