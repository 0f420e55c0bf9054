import { spawn } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { Client, defaults as pgDefaults } from 'pg';
import { environmentWith } from '../config.ts';

/**
 * pg_dump and pg_restore for `npm run backup` / `npm run restore` with DATABASE_URL
 * (docs/deploy.md#11-backups). The password goes to the tools in PGPASSWORD, never on their
 * command line (where `ps` would show it); the dump is written by us into a file opened 0600.
 */

/** The URL without its password (for the command line) and the environment carrying it. */
export function connectionFor(url: string): { dbname: string; env: Record<string, string | undefined> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: environmentWith(password ? { PGPASSWORD: password } : {}) };
}

function run(command: string, args: string[], options: { env: Record<string, string | undefined>; stdout?: number }): Promise<{ ok: true } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env, stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error) => {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      resolve({ ok: false, message: missing ? `没有找到 ${command}：请安装 PostgreSQL 客户端（apt-get install postgresql-client），版本不低于服务器` : `${command} 无法运行：${error.message}` });
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, message: `${command} 失败（${signal ? `信号 ${signal}` : `退出码 ${code}`}）：${stderr.trim() || '没有输出'}` });
    });
  });
}

/** `pg_dump --format=custom` of the whole database into `file`, created here with mode 0600 (it must not exist). */
export async function dumpPostgres(url: string, file: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const { dbname, env } = connectionFor(url);
  const handle = await open(file, 'wx', 0o600);
  let result: { ok: true } | { ok: false; message: string };
  try {
    result = await run('pg_dump', ['--format=custom', '--no-password', `--dbname=${dbname}`], { env, stdout: handle.fd });
  } finally {
    await handle.close();
  }
  if (!result.ok) await rm(file, { force: true });
  return result;
}

/** pg_restore into the database at `url`; `clean` drops what is there first (a forced restore). */
export function restorePostgres(url: string, file: string, options: { clean: boolean }): Promise<{ ok: true } | { ok: false; message: string }> {
  const { dbname, env } = connectionFor(url);
  // One transaction: a failed restore leaves the database as it was, not half filled.
  const args = ['--no-password', '--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (options.clean) args.push('--clean', '--if-exists');
  return run('pg_restore', [...args, file], { env });
}

/** A client for `url`; like libpq (and db/database.ts), the role defaults to the OS user when the URL names none. */
export function pgClient(url: string): Client {
  pgDefaults.user ??= userInfo().username;
  return new Client({ connectionString: url });
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = pgClient(url);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The migrations applied in the database (its schema level), and the server's version. */
export function describePostgres(url: string): Promise<{ migrations: string[]; serverVersion: string }> {
  return withClient(url, async (client) => {
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    const hasTable = await client.query("SELECT 1 FROM pg_catalog.pg_tables WHERE tablename = 'kysely_migration'");
    const rows = hasTable.rowCount ? await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name') : { rows: [] };
    return { migrations: rows.rows.map((row) => row.name), serverVersion: version.rows[0]?.server_version ?? 'unknown' };
  });
}

/** Up to five tables, views or sequences of the database outside PostgreSQL's own schemas: none means empty. */
export function userRelationsOf(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const found = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
       ORDER BY 1 LIMIT 5`,
    );
    return found.rows.map((row) => row.name);
  });
}
