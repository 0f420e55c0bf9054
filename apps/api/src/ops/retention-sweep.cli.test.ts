import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PROCESS_STATUS } from '@kuaibao/domain';
import { environmentWith } from '../config.ts';
import { insertOrder } from '../modules/console/console.test-support.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Runs the command with the server's settings pointed at the test's SQLite file; resolves with its exit and output. */
function runCommand(sqliteFile: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'retention-sweep.cli.ts')], {
      // DATABASE_URL empty counts as unset: the command opens the SQLite file whatever the caller's environment.
      env: environmentWith({ APP_ENV: 'test', SQLITE_FILE: sqliteFile, DATABASE_URL: '', LOG_LEVEL: 'silent' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `npm run retention:sweep`: one round now, on the configured database, with the counts printed. */
describe('npm run retention:sweep', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({ companies: 0 });
  });

  afterAll(async () => {
    await test.close();
  });

  it('purges what is due on the real clock, prints the counts, and purges nothing the second time', async () => {
    if (test.config.database.kind !== 'sqlite') throw new Error('the command test runs on the test app\'s SQLite file');
    const now = Date.now();
    const closed = await insertOrder(test, { status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended, update_time: new Date(now - 100 * DAY_MS).toISOString() });
    const recent = await insertOrder(test, { status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended, update_time: new Date(now - 10 * DAY_MS).toISOString() });

    const first = await runCommand(test.config.database.file);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('已结束订单的身份证号：1 单');
    expect(first.stdout).toContain('未支付订单的手机号、姓名和身份证号：0 单');
    const rows = await test.database.db.selectFrom('orders').select(['id', 'entity_idno_enc', 'idno_purged_at']).where('id', 'in', [closed, recent]).orderBy('id').execute();
    expect(rows[0]).toMatchObject({ id: closed, entity_idno_enc: null });
    expect(rows[0]!.idno_purged_at).not.toBeNull();
    expect(rows[1]!.entity_idno_enc).not.toBeNull();

    const second = await runCommand(test.config.database.file);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('已结束订单的身份证号：0 单');
  });
});
