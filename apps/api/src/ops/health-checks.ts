import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { Redis } from 'ioredis';
import { userInfo } from 'node:os';
import { Client, defaults as pgDefaults } from 'pg';
import type { Config } from '../config.ts';
import { assertUsableDatabaseFile, describeDatabaseFailure } from '../db/database-health.ts';
import { getMigrations } from '../db/migrations/index.ts';
import { verifySmtpLogin } from '../providers/email/smtp.provider.ts';

/**
 * The checks `npm run check-config -- --connect` and `npm run doctor` share (docs/operations.md):
 * each answers one line, ok / warn / fail, and never changes anything (no migration, no write, a
 * SQLite file that does not exist yet is not created).
 */

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckLine {
  name: string;
  status: CheckStatus;
  detail: string;
}

const CONNECT_TIMEOUT_MS = 5000;

/** `ok    数据库      PostgreSQL 可连接，迁移 27/27`: the status padded so the names line up. */
export function formatCheckLine(line: CheckLine): string {
  return `${line.status.padEnd(5)} ${line.name}：${line.detail}`;
}

/** Exit code for a list of checks: 1 when any failed, else 0 (a warning is for the operator to read). */
export function exitCodeOf(lines: readonly CheckLine[]): number {
  return lines.some((line) => line.status === 'fail') ? 1 : 0;
}

/** The database answers, and its applied migrations are exactly the code's. */
export async function checkDatabase(database: Config['database']): Promise<CheckLine> {
  const name = '数据库';
  const expected = Object.keys(getMigrations(database.kind));
  let applied: string[] | 'fresh';
  try {
    applied = database.kind === 'sqlite' ? readSqliteMigrations(database.file) : await readPostgresMigrations(database.url);
  } catch (error) {
    const where = database.kind === 'sqlite' ? database.file : '(DATABASE_URL)';
    return { name, status: 'fail', detail: describeDatabaseFailure(error, where) };
  }
  const label = database.kind === 'sqlite' ? `SQLite ${database.file}` : 'PostgreSQL';
  if (applied === 'fresh') return { name, status: 'warn', detail: `${label} 还是空的（首次启动时建表，${expected.length} 个迁移）` };
  return migrationLine(name, label, expected, applied);
}

function migrationLine(name: string, label: string, expected: readonly string[], applied: readonly string[]): CheckLine {
  const pending = expected.filter((migration) => !applied.includes(migration));
  const unknown = applied.filter((migration) => !expected.includes(migration));
  if (unknown.length > 0) return { name, status: 'warn', detail: `${label} 可连接，但有本版本代码不认识的迁移 ${unknown.join(', ')}（数据库比代码新：是否回滚过版本？）` };
  if (pending.length > 0) return { name, status: 'warn', detail: `${label} 可连接，${pending.length} 个迁移待执行（${pending.join(', ')}；下次启动时执行）` };
  return { name, status: 'ok', detail: `${label} 可连接，迁移 ${applied.length}/${expected.length} 已是最新` };
}

/** Applied migration names, read only; 'fresh' when there is no database yet. */
function readSqliteMigrations(file: string): string[] | 'fresh' {
  if (!existsSync(file)) return 'fresh';
  assertUsableDatabaseFile({ kind: 'sqlite', file });
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!table) return 'fresh';
    return (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    db.close();
  }
}

async function readPostgresMigrations(url: string): Promise<string[] | 'fresh'> {
  // Like the server (db/database.ts): the OS user when neither the URL nor PGUSER names a role.
  pgDefaults.user ??= userInfo().username;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statement_timeout: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  await client.connect();
  try {
    const table = await client.query<{ found: string | null }>("SELECT to_regclass('kysely_migration')::text AS found");
    if (!table.rows[0]?.found) return 'fresh';
    return (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map((row) => row.name);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Redis answers PING, and says whether it keeps its data across a restart (AOF, docs/deploy.md). */
export async function checkRedis(redisUrl: string | undefined): Promise<CheckLine> {
  const name = 'Redis';
  if (!redisUrl) return { name, status: 'ok', detail: '未设 REDIS_URL（单实例：限流和一次性状态留在本进程）' };
  const where = redactedUrl(redisUrl);
  const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, commandTimeout: CONNECT_TIMEOUT_MS, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // ioredis rejects connect() with "Connection is closed."; the socket's own error says why.
  let socketError: NodeJS.ErrnoException | undefined;
  client.on('error', (error: NodeJS.ErrnoException) => {
    socketError ??= error;
  });
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') return { name, status: 'fail', detail: `${where} 对 PING 答 ${pong}` };
    const persistence = await client.info('persistence').catch(() => '');
    const aof = /aof_enabled:1/.test(persistence);
    return aof ? { name, status: 'ok', detail: `${where} 可连接（AOF 已开）` } : { name, status: 'warn', detail: `${where} 可连接，但未开 AOF：Redis 重启会丢掉限流计数（docs/deploy.md）` };
  } catch (error) {
    const cause = socketError ?? (error as NodeJS.ErrnoException);
    return { name, status: 'fail', detail: `${where} 连不上（${cause.code ?? cause.message}）` };
  } finally {
    client.disconnect();
  }
}

/** With EMAIL_PROVIDER=smtp: the mail server answers, upgrades to TLS and accepts the login (nothing is sent). */
export async function checkSmtp(email: Config['email']): Promise<CheckLine | undefined> {
  if (email.provider !== 'smtp' || !email.smtp) return undefined;
  const name = '邮件 SMTP';
  const where = `${email.smtp.host}:${email.smtp.port}`;
  const result = await verifySmtpLogin(email.smtp);
  if (result.ok) return { name, status: 'ok', detail: `${where} 可连接，${email.smtp.auth ? `${email.smtp.auth.user} 登录成功` : '未设登录'}` };
  return { name, status: 'fail', detail: `${where} 不可用（${result.code}: ${result.message}）` };
}

/** The URL without its password, for a line an operator may paste somewhere. */
function redactedUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(REDIS_URL)';
  }
}
