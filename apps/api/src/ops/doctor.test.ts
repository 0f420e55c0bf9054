import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlipayGateway, startFakeWechatpayGateway, type FakeAlipayGateway, type FakeWechatpayGateway } from '@kuaibao/testing';
import { loadConfig, readEnv, useShanghaiTimezone } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { PRODUCTION_SETTINGS } from '../test/production-settings.ts';
import { backupFolderName } from './backup-folder.ts';
import { MANIFEST_FILE } from './backup.ts';
import { runDoctor, type DoctorOptions } from './doctor.ts';
import type { CheckLine } from './health-checks.ts';

const HOUR = 3_600_000;

/** A self-signed certificate for localhost valid `days` days (openssl, as an operator's test would make one). */
function selfSignedCertificate(dir: string, days: number): { key: string; cert: string } {
  const key = path.join(dir, `key-${days}.pem`);
  const cert = path.join(dir, `cert-${days}.pem`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', String(days), '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return (server.address() as AddressInfo).port;
}

const lineOf = (lines: CheckLine[], name: string) => {
  const line = lines.find((candidate) => candidate.name === name);
  expect(line, `a "${name}" line`).toBeDefined();
  return line!;
};

describe('npm run doctor, against the fake gateways (docs/operations.md)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-doctor-'));
  const sqliteFile = path.join(dir, 'data', 'kuaibao.sqlite');
  const backupsDir = path.join(dir, 'backups');
  let wechat: FakeWechatpayGateway;
  let alipay: FakeAlipayGateway;
  let tls: Server;
  let soonTls: Server;
  let ca: string;
  let env: Record<string, string>;
  const now = new Date();
  const plenty: DoctorOptions['freeSpace'] = async () => ({ freeBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 });

  beforeAll(async () => {
    useShanghaiTimezone();
    wechat = await startFakeWechatpayGateway();
    alipay = await startFakeAlipayGateway();
    const year = selfSignedCertificate(dir, 365);
    const soon = selfSignedCertificate(dir, 10);
    ca = `${year.cert}${soon.cert}`;
    tls = createServer(year, (socket) => socket.end());
    soonTls = createServer(soon, (socket) => socket.end());
    const port = await listen(tls);
    await listen(soonTls);
    const database = await createDatabase({ kind: 'sqlite', file: sqliteFile });
    await migrate(database);
    await database.close();
    // Last night's backup folder (finished 2 h ago), and an older one beside it.
    for (const hoursAgo of [2, 50]) {
      const at = new Date(now.getTime() - hoursAgo * HOUR);
      const folder = path.join(backupsDir, backupFolderName(at));
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify({ createdAt: at.toISOString() }));
      utimesSync(path.join(folder, MANIFEST_FILE), at, at);
    }
    env = {
      ...PRODUCTION_SETTINGS,
      PUBLIC_BASE_URL: `https://localhost:${port}`,
      NOTIFY_BASE_URL: 'https://kuaibao.test',
      SQLITE_FILE: sqliteFile,
      PAYMENT_PROVIDERS: 'wechatpay,alipay',
      ...wechat.env(),
      ...alipay.env(),
    };
  });

  afterAll(async () => {
    tls?.close();
    soonTls?.close();
    await wechat?.close();
    await alipay?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers ok on every line for a healthy production, after signed queries both gateways accepted', async () => {
    const lines = await runDoctor({ config: loadConfig(env), now, backupsDir, tlsCa: ca, freeSpace: plenty });
    expect(lines.map((line) => line.name)).toEqual(['数据库', 'Redis', '密钥强度', '微信支付', '支付宝', '短信', '企查查', '磁盘（数据库）', '磁盘（上传文件）', '备份', 'TLS 证书']);
    expect(lines.filter((line) => line.status !== 'ok')).toEqual([]);
    expect(lineOf(lines, '微信支付').detail).toContain('签名被接受');
    expect(lineOf(lines, '备份').detail).toBe(`最新 ${backupFolderName(new Date(now.getTime() - 2 * HOUR))}，2.0 小时前`);
    expect(lineOf(lines, 'TLS 证书').detail).toMatch(/还有 36[45] 天/);
    // The queries reached the fakes, signed, for a number no trade has.
    expect(wechat.requests.filter((request) => request.path.includes('/v3/pay/transactions/out-trade-no/DOCTOR')).map((request) => [request.verified, request.status])).toEqual([[true, 404]]);
  });

  it('fails the WeChat Pay line when our merchant key is not the one WeChat Pay knows, and the Alipay line likewise', async () => {
    const other = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const lines = await runDoctor({ config: loadConfig({ ...env, WECHATPAY_MERCHANT_PRIVATE_KEY: other(), ALIPAY_APP_PRIVATE_KEY: other() }), now, backupsDir, tlsCa: ca, freeSpace: plenty });
    expect(lineOf(lines, '微信支付')).toMatchObject({ status: 'fail', detail: expect.stringContaining('SIGN_ERROR') });
    expect(lineOf(lines, '支付宝')).toMatchObject({ status: 'fail', detail: expect.stringContaining('invalid-signature') });
    expect(lineOf(lines, '数据库').status).toBe('ok');
  });

  it('warns of a certificate with less than 21 days left, and fails one nobody trusts', async () => {
    const soonUrl = `https://localhost:${(soonTls.address() as AddressInfo).port}`;
    const soon = await runDoctor({ config: loadConfig({ ...env, PUBLIC_BASE_URL: soonUrl }), now, backupsDir, tlsCa: ca, freeSpace: plenty });
    expect(lineOf(soon, 'TLS 证书')).toMatchObject({ status: 'warn', detail: expect.stringMatching(/还有 (9|10) 天）：该续期了/) });
    const untrusted = await runDoctor({ config: loadConfig(env), now, backupsDir, freeSpace: plenty });
    expect(lineOf(untrusted, 'TLS 证书')).toMatchObject({ status: 'fail', detail: expect.stringContaining('不受信任') });
  });

  it('fails a backup older than three days, a nearly full disk and weak keys outside production', async () => {
    const later = new Date(now.getTime() + 4 * 24 * HOUR);
    const full: DoctorOptions['freeSpace'] = async () => ({ freeBytes: 0.5 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 });
    const { APP_ENV: _prod, ...settings } = env;
    const lines = await runDoctor({ config: loadConfig({ ...settings, APP_ENV: 'test', ID_HASH_KEY: 'aaaaaaaaaaaaaaaa' }), now: later, backupsDir, tlsCa: ca, freeSpace: full });
    expect(lineOf(lines, '备份')).toMatchObject({ status: 'fail', detail: expect.stringContaining('备份停了') });
    expect(lineOf(lines, '磁盘（数据库）').status).toBe('fail');
    expect(lineOf(lines, '密钥强度')).toMatchObject({ status: 'fail', detail: expect.stringContaining('ID_HASH_KEY: too weak') });
  });
});

describe('the npm run doctor command', () => {
  it('with settings production refuses, prints one fail line per problem and exits 1 without checking further', async () => {
    const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(import.meta.dirname, 'doctor.cli.ts')], {
        env: { PATH: readEnv('PATH') ?? '', ...PRODUCTION_SETTINGS, SIGN_SECRET: '12345678', SMS_PROVIDER: 'console' },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.on('close', (status) => resolve({ status, stdout }));
    });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('fail  设置：')).map((line) => line.split('：')[1]!.split(':')[0])).toEqual(['SIGN_SECRET', 'PAYMENT_PROVIDERS', 'SMS_PROVIDER']);
    expect(lines.some((line) => line.includes('数据库'))).toBe(false);
  });
});
