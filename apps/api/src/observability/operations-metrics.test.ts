import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeAndPay } from '../modules/console/console.test-support.ts';
import { APP_VERSION } from '../modules/system/index.ts';
import { describeDialects } from '../test/dialects.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { buildCommit } from './build-info.ts';
import { instrumentGateway } from './gateway-metrics.ts';
import { createMetrics } from './metrics.ts';

/**
 * The metrics the alert rules (deploy/prometheus/kuaibao.rules.yml) are written on: when each sweep
 * and reconciliation last succeeded, the outbox's oldest waiting row, gateway latency and errors,
 * the newest backup, build info, and the Redis fallbacks as a counter.
 */

/** The value of one sample in the text exposition, or undefined when the series does not exist. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = line.includes('{') ? line.slice(line.indexOf('{') + 1, line.indexOf('}')) : '';
    const parts = inside.split(',');
    if (wanted.every((w) => parts.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describeDialects('operations metrics (%s)', (dialect) => {
  let test: TestApp;
  let backupDir: string;
  const text = async () => (await test.app.metrics.render()).body;

  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), 'kuaibao-metrics-backups-'));
    test = await buildTestApp({ dialect, now: new Date('2026-11-24T02:00:00Z'), env: { SMS_OUTBOX_INTERVAL_MS: '0', BACKUP_DIR: backupDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('gives the age of the oldest waiting outbox row per family, from the database, 0 once it is done', async () => {
    let body = await text();
    expect(sample(body, 'kuaibao_outbox_oldest_pending_age_seconds', { family: 'sms' })).toBe(0);
    expect(sample(body, 'kuaibao_outbox_oldest_pending_age_seconds', { family: 'payment' })).toBe(0);
    await placeAndPay(test); // queues the "paid" SMS
    test.clock.advance(150_000);
    body = await text();
    expect(sample(body, 'kuaibao_outbox_oldest_pending_age_seconds', { family: 'sms' })).toBeCloseTo(150, 0);
    await test.app.services.smsOutbox.runOnce();
    expect(sample(await text(), 'kuaibao_outbox_oldest_pending_age_seconds', { family: 'sms' })).toBe(0);
  });

  it('times each gateway call by provider and operation (the sandbox payment, the console SMS)', async () => {
    const body = await text();
    expect(sample(body, 'kuaibao_gateway_call_duration_seconds_count', { gateway: 'payment', provider: 'sandbox', operation: 'createPayment' })).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'kuaibao_gateway_call_duration_seconds_count', { gateway: 'sms', provider: 'console', operation: 'send' })).toBeGreaterThanOrEqual(1);
    // Parsing a notification is not a call to the outside.
    expect(body).not.toContain('operation="parseNotification"');
  });

  it('stamps the last successful round of each sweep with the app clock', async () => {
    expect(sample(await text(), 'kuaibao_sweep_last_success_timestamp_seconds', { sweep: 'attempts' })).toBeUndefined();
    test.clock.advance(60_000);
    await test.app.services.paymentSweeps.runOnce();
    await test.app.services.retention.runOnce();
    await test.app.services.smsOutbox.runOnce();
    const body = await text();
    const at = test.clock.now.getTime() / 1000;
    for (const sweep of ['refund-outbox', 'attempts', 'refunds', 'retention', 'sms-outbox']) {
      expect(sample(body, 'kuaibao_sweep_last_success_timestamp_seconds', { sweep }), sweep).toBe(at);
    }
  });

  it('gives the last finished reconciliation per provider from the database (DONE and NO_BILL count, FAILED does not)', async () => {
    const db = test.database.db;
    const run = (provider: string, status: 'DONE' | 'NO_BILL' | 'FAILED', finishedAt: string) =>
      db.insertInto('reconciliation_runs').values({ provider, bill_date: finishedAt.slice(0, 10), status, started_at: finishedAt, finished_at: finishedAt }).execute();
    await run('wechatpay', 'DONE', '2026-11-22T10:05:00.000Z');
    await run('wechatpay', 'FAILED', '2026-11-23T10:05:00.000Z');
    await run('alipay', 'NO_BILL', '2026-11-23T10:06:00.000Z');
    const body = await text();
    expect(sample(body, 'kuaibao_reconciliation_last_success_timestamp_seconds', { provider: 'wechatpay' })).toBe(Date.parse('2026-11-22T10:05:00Z') / 1000);
    expect(sample(body, 'kuaibao_reconciliation_last_success_timestamp_seconds', { provider: 'alipay' })).toBe(Date.parse('2026-11-23T10:06:00Z') / 1000);
  });

  it('gives the newest complete backup in BACKUP_DIR (0 before there is one)', async () => {
    expect(sample(await text(), 'kuaibao_backup_last_success_timestamp_seconds')).toBe(0);
    const folder = path.join(backupDir, '2026-11-24T03-10-00Z');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'manifest.json'), '{}');
    utimesSync(path.join(folder, 'manifest.json'), new Date('2026-11-24T03:11:40Z'), new Date('2026-11-24T03:11:40Z'));
    mkdirSync(path.join(backupDir, '2026-11-25T03-10-00Z')); // interrupted: no manifest
    expect(sample(await text(), 'kuaibao_backup_last_success_timestamp_seconds')).toBe(Date.parse('2026-11-24T03:11:40Z') / 1000);
  });

  it('counts Redis fallbacks as a counter (a rate an alert can take), and says which build runs', async () => {
    const counters = test.app.services.sharedState.counters;
    let body = await text();
    expect(body).toContain('# TYPE kuaibao_redis_fallback_total counter');
    const before = sample(body, 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' })!;
    counters.rateLimitPerInstance += 3;
    body = await text();
    expect(sample(body, 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' })).toBe(before + 3);
    expect(body).not.toContain('kuaibao_shared_state_fallbacks');
    expect(sample(body, 'kuaibao_build_info', { version: APP_VERSION, commit: buildCommit(), node: process.versions.node })).toBe(1);
  });
});

describe('instrumentGateway', () => {
  it('counts a call that threw or answered "unreachable" as an error, times every named call, and leaves other members alone', async () => {
    const metrics = createMetrics({ processMetrics: false });
    let calls = 0;
    const port = {
      id: 'qichacha' as const,
      async search(keyword: string) {
        calls += 1;
        if (keyword === 'throw') throw new Error('socket hang up');
        return keyword === 'down' ? { kind: 'unreachable' } : { kind: 'ok', keyword };
      },
      parse(text: string) {
        return text.length;
      },
    };
    const wrapped = instrumentGateway(port, { metrics, gateway: 'directory', provider: 'qichacha', operations: ['search'], failed: (result) => (result as { kind: string }).kind === 'unreachable' });
    expect(wrapped.id).toBe('qichacha');
    expect(await wrapped.search('华为')).toEqual({ kind: 'ok', keyword: '华为' });
    expect(await wrapped.search('down')).toEqual({ kind: 'unreachable' });
    await expect(wrapped.search('throw')).rejects.toThrow('socket hang up');
    expect(wrapped.parse('abc')).toBe(3);
    expect(calls).toBe(3);
    const body = (await metrics.render()).body;
    const labels = { gateway: 'directory', provider: 'qichacha', operation: 'search' };
    expect(sample(body, 'kuaibao_gateway_call_duration_seconds_count', labels)).toBe(3);
    expect(sample(body, 'kuaibao_gateway_call_errors_total', labels)).toBe(2);
    expect(body).not.toContain('operation="parse"');
  });
});

describe('buildCommit', () => {
  const commit = 'a'.repeat(40);
  function checkout(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'kuaibao-build-'));
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), content);
    }
    return root;
  }

  it('reads a release’s REVISION, a branch’s loose or packed ref, a detached HEAD; else unknown', () => {
    const roots = [
      checkout({ REVISION: `${commit}\n` }),
      checkout({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${commit}\n` }),
      checkout({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/packed-refs': `# pack-refs\n${commit} refs/heads/main\n` }),
      checkout({ '.git/HEAD': `${commit}\n` }),
    ];
    try {
      for (const root of roots) expect(buildCommit(root), root).toBe(commit);
      expect(buildCommit(checkout({ REVISION: 'not a commit; rm -rf' }))).toBe('unknown');
      expect(buildCommit(checkout({}))).toBe('unknown');
    } finally {
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    }
  });
});
