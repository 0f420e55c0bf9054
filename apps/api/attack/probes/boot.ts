import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DEV_DEFAULTS } from '../../src/config.ts';
import { bootOnce, linesOf, stackLines, type BootOutcome } from '../boot.ts';
import { describe, send, Visitor } from '../client.ts';
import type { AttackTarget, ProbeResult } from '../probe.ts';

/** Every key of DEV_DEFAULTS with a random valid value (config.ts refuses the public defaults in production). */
export function randomSecrets(): Record<keyof typeof DEV_DEFAULTS, string> {
  return {
    SIGN_SECRET: randomBytes(16).toString('hex'),
    RESPONSE_AES_KEY: randomBytes(16).toString('hex'),
    ID_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ID_HASH_KEY: randomBytes(16).toString('hex'),
    SANDBOX_NOTIFY_KEY: randomBytes(16).toString('hex'),
  };
}

/** Alipay settings that pass config.ts (a fresh RSA pair), so a production boot has a real payment provider. */
function alipaySettings(): Record<string, string> {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    PAYMENT_PROVIDERS: 'alipay',
    ALIPAY_APP_ID: '2021000000000000',
    ALIPAY_APP_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    PAYMENT_SWEEP_INTERVAL_SECONDS: '0',
  };
}

function refusal(outcome: BootOutcome, variable: string, options: { oneLine: boolean }): { held: boolean; figure: string } {
  const lines = linesOf(outcome.stderr);
  const naming = lines.filter((line) => line.includes(variable));
  const problems: string[] = [];
  if (outcome.exitCode === null) problems.push(`still running after ${Math.round(outcome.ms / 1000)} s`);
  else if (outcome.exitCode === 0) problems.push('exited 0');
  if (outcome.listened) problems.push('listened');
  if (naming.length === 0) problems.push(`stderr does not name ${variable}: ${JSON.stringify(lines.slice(0, 3).join(' | ').slice(0, 160))}`);
  if (options.oneLine && lines.length !== 1) problems.push(`stderr has ${lines.length} lines`);
  if (stackLines(outcome.stderr + outcome.stdout).length > 0) problems.push('prints a stack trace');
  const figure = problems.length === 0 ? `exit ${outcome.exitCode} after ${(outcome.ms / 1000).toFixed(1)} s, never listened: "${naming[0]!.slice(0, 110)}"` : problems.join('; ');
  return { held: problems.length === 0, figure };
}

/**
 * Finding 1: the sandbox cashier (anyone marks an order paid) and the mock WeChat login (anyone is
 * anyone) must not start in production. Needs no target: it starts servers of its own.
 */
export async function productionBootProbe(): Promise<ProbeResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-attack-prod-'));
  try {
    // Production also refuses SMS written to the log: a real provider whose endpoint is a closed local port, outbox off.
    const sms = { SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-attack', SMS_ALIYUN_ACCESS_KEY_SECRET: randomBytes(16).toString('hex'), SMS_ALIYUN_ENDPOINT: 'http://127.0.0.1:9', SMS_ALIYUN_TEMPLATES: 'payment_succeeded=SMS_1,order_completed=SMS_2,refund_succeeded=SMS_3,deletion_code=SMS_4,customer_request=SMS_5,lookup_code=SMS_6,invoice_issued=SMS_7,season_reminder=SMS_8', SMS_REPLY_TOKEN: randomBytes(24).toString('hex'), SMS_OUTBOX_INTERVAL_MS: '0', EMAIL_FROM: 'invoice@attack.example' };
    const base = { APP_ENV: 'prod', ...randomSecrets(), ...sms, PUBLIC_BASE_URL: 'https://kuaibao.example', SQLITE_FILE: path.join(dir, 'prod.sqlite'), CONSOLE_ADMIN_PASSWORD: 'attack-admin-pass-1' };
    const alipay = alipaySettings();
    // One at a time: each boot's 30 s are its own, not shared with the others on a small machine.
    const sandbox = await bootOnce({ ...base, PAYMENT_PROVIDERS: 'sandbox' }, { stopWhenListening: true });
    const mock = await bootOnce({ ...base, ...alipay, WECHAT_AUTH_PROVIDER: 'mock', SQLITE_FILE: path.join(dir, 'mock.sqlite') }, { stopWhenListening: true });
    // The same production settings with a real provider and no mock must start: the refusals are specific.
    const control = await bootOnce({ ...base, ...alipay, WECHAT_AUTH_PROVIDER: 'none', SQLITE_FILE: path.join(dir, 'control.sqlite') }, { stopWhenListening: true });
    const results: ProbeResult[] = [];
    const sandboxRefusal = refusal(sandbox, 'PAYMENT_PROVIDERS', { oneLine: true });
    results.push({ name: 'production boot with PAYMENT_PROVIDERS=sandbox is refused', ...sandboxRefusal });
    const mockRefusal = refusal(mock, 'WECHAT_AUTH_PROVIDER', { oneLine: true });
    const controlOk = control.listened;
    results.push({
      name: 'production boot with WECHAT_AUTH_PROVIDER=mock is refused',
      held: mockRefusal.held && controlOk,
      figure: `${mockRefusal.figure}${controlOk ? '; the same settings with WECHAT_AUTH_PROVIDER=none start' : `; control: the same settings with WECHAT_AUTH_PROVIDER=none did not start either (${linesOf(control.stderr)[0] ?? `exit ${control.exitCode}`})`}`,
    });
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Finding 1 on the target itself: when it runs in production, /sandbox/ is not routed. */
export async function sandboxInProductionProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const env = await new Visitor(target).data<{ env: string; payment_providers: string[] }>({ path: '/env' });
  if (env.env !== 'prod') {
    return [{ name: 'production target has no sandbox cashier', held: true, figure: `target runs env=${env.env} (payments: ${env.payment_providers.join(', ')}): the sandbox is allowed outside production, nothing to check` }];
  }
  const pay = await send(target.baseUrl, { method: 'POST', path: '/sandbox/cashier/x/pay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  return [{ name: 'production target has no sandbox cashier', held: pay.status === 404, figure: `POST /sandbox/cashier/x/pay answered ${describe(pay)}` }];
}

/** Finding 13: a healthy target is ready. */
export async function readinessProbe(target: AttackTarget): Promise<ProbeResult[]> {
  const ready = await send(target.baseUrl, { path: '/readyz' });
  return [{ name: 'GET /readyz answers 200 with the envelope', held: ready.status === 200 && describe(ready) === '200 ok', figure: `answered ${describe(ready)}` }];
}

/** Finding 13: a broken database stops the boot with one line, no stack trace and no new admin password. Starts servers of its own. */
export async function brokenDatabaseBootProbe(): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-attack-db-'));
  try {
    const empty = path.join(dir, 'empty.sqlite');
    writeFileSync(empty, '');
    const garbage = path.join(dir, 'garbage.sqlite');
    writeFileSync(garbage, randomBytes(64 * 1024));
    const emptyBoot = await bootOnce({ APP_ENV: 'dev', SQLITE_FILE: empty }, { stopWhenListening: true });
    const garbageBoot = await bootOnce({ APP_ENV: 'dev', SQLITE_FILE: garbage }, { stopWhenListening: true });
    for (const [label, outcome] of [['an existing 0-byte SQLite file', emptyBoot], ['a SQLite file of random bytes', garbageBoot]] as const) {
      const lines = linesOf(outcome.stderr);
      const problems: string[] = [];
      if (outcome.exitCode === null) problems.push(outcome.listened ? 'started and listened' : `still running after ${Math.round(outcome.ms / 1000)} s`);
      else if (outcome.exitCode === 0) problems.push('exited 0');
      if (outcome.exitCode !== null && outcome.listened) problems.push('listened before exiting');
      if (lines.length !== 1) problems.push(`stderr has ${lines.length} lines`);
      const stack = stackLines(outcome.stderr + outcome.stdout);
      if (stack.length > 0) problems.push(`prints a stack trace (${stack.length} "    at " lines)`);
      if (/first console login: \S+ \/ \S+/.test(outcome.stdout + outcome.stderr)) problems.push('printed a new admin password');
      results.push({
        name: `boot on ${label} stops with one line`,
        held: problems.length === 0,
        figure: problems.length === 0 ? `exit ${outcome.exitCode}: "${lines[0]!.slice(0, 120)}"` : `${problems.join('; ')}${lines[0] ? ` — first line: "${lines[0].slice(0, 100)}"` : ''}`,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
