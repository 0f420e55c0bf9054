import { userInfo } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { defaults as pgDefaults, Pool, types as pgTypes } from 'pg';
import type { Database } from './schema.ts';
import { createSqliteDialect, openSqliteFile } from './sqlite-dialect.ts';
import { startSqliteCheckpointer, type SqliteCheckpointer } from './sqlite-checkpointer.ts';
import { prepareStatements } from './pg-prepared.ts';

export type DatabaseOptions =
  | {
      kind: 'sqlite';
      file: string;
      busyTimeoutMs?: number;
      /** Checkpoint the write-ahead log on a worker thread, not in the commits of the main one (db/sqlite-checkpointer.ts). The server does. */
      backgroundCheckpoints?: boolean;
    }
  | {
      kind: 'postgres';
      url: string;
      /** pool size, default 10 */
      max?: number;
      /**
       * Put every table in this schema (created if missing) by setting the connections'
       * search_path to `<schema>, public`. Used by tests to isolate runs in one database.
       */
      schema?: string;
    };

export interface SqliteAppDatabase {
  kind: 'sqlite';
  db: Kysely<Database>;
  /** the underlying node:sqlite handle, for bulk loads and the FTS5 table */
  raw: DatabaseSync;
  /** present when the write-ahead log is checkpointed on a worker thread */
  checkpointer?: SqliteCheckpointer | undefined;
  close(): Promise<void>;
}

export interface PostgresAppDatabase {
  kind: 'postgres';
  db: Kysely<Database>;
  /** the underlying pg pool */
  raw: Pool;
  schema: string | undefined;
  close(): Promise<void>;
}

export type AppDatabase = SqliteAppDatabase | PostgresAppDatabase;

export type DatabaseKind = AppDatabase['kind'];

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the database. Does not migrate: call `migrate(database)` afterwards (server start does).
 *
 * PostgreSQL: ensures the `pg_trgm` extension and refuses to start when `show_trgm('北京')` is
 * empty, which happens when the database's LC_CTYPE is not UTF-8 (e.g. `C`): pg_trgm then treats
 * every Chinese character as a non-word character and search indexes silently stay empty.
 */
export async function createDatabase(opts: DatabaseOptions): Promise<AppDatabase> {
  if (opts.kind === 'sqlite') {
    const raw = openSqliteFile(opts.file, opts.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: opts.busyTimeoutMs });
    const db = new Kysely<Database>({ dialect: createSqliteDialect(raw) });
    const memory = opts.file === ':memory:' || opts.file === '';
    const checkpointer = opts.backgroundCheckpoints && !memory ? startSqliteCheckpointer(raw, opts.file) : undefined;
    return {
      kind: 'sqlite',
      db,
      raw,
      checkpointer,
      async close() {
        await checkpointer?.stop();
        await db.destroy();
        if (raw.isOpen) raw.close();
      },
    };
  }

  if (opts.schema !== undefined && !SCHEMA_NAME.test(opts.schema)) {
    throw new Error(`invalid PostgreSQL schema name: ${JSON.stringify(opts.schema)}`);
  }
  // Like libpq, default the role to the OS user when neither the URL nor PGUSER names one
  // (pg only looks at $USER, which is unset in some containers and services).
  pgDefaults.user ??= userInfo().username;
  const pool = new Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    ...(opts.schema ? { options: `-c search_path=${opts.schema},public` } : {}),
    types: {
      // int8 (count(*), sums) as numbers rather than strings; our ids are int4 anyway.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pgTypes.getTypeParser(oid, format as 'text')) as typeof pgTypes.getTypeParser,
    },
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one checked out when its connection ends (a restart mid-request): node-postgres emits
  // 'error' on it with no listener of the pool's. Its queries fail all the same (answered 503,
  // http/error-handler.ts) and the pool drops it on release (docs/decisions/052-degraded-not-down.md).
  pool.on('connect', (client) => void client.on('error', () => {}));
  prepareStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const database: PostgresAppDatabase = {
    kind: 'postgres',
    db,
    raw: pool,
    schema: opts.schema,
    async close() {
      await db.destroy();
    },
  };
  try {
    if (opts.schema) await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`).execute(db);
    await ensurePgTrgm(db, opts.schema ? 'public' : undefined);
    await assertUtf8Ctype(db);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function ensurePgTrgm(db: Kysely<Database>, inSchema: string | undefined): Promise<void> {
  const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db);
  if ((exists.rows[0]?.n ?? 0) > 0) return;
  try {
    await sql.raw(`CREATE EXTENSION IF NOT EXISTS pg_trgm${inSchema ? ` SCHEMA ${inSchema}` : ''}`).execute(db);
  } catch (err) {
    const code = (err as { code?: string }).code;
    // Two processes creating it at once: the loser sees a unique violation; the extension exists.
    if (code === '23505') return;
    throw new Error(
      `PostgreSQL: cannot create the pg_trgm extension (${(err as Error).message}). ` +
        'Run "CREATE EXTENSION pg_trgm" as a superuser in this database, or connect as its owner.',
      { cause: err },
    );
  }
}

async function assertUtf8Ctype(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ trgm: string[] | null; ctype: string; db: string; enc: string }>`
    SELECT show_trgm('北京') AS trgm, d.datctype AS ctype, d.datname AS db, pg_encoding_to_char(d.encoding) AS enc
    FROM pg_database d WHERE d.datname = current_database()`.execute(db);
  const row = rows[0];
  if (!row || !row.trgm || row.trgm.length === 0) {
    throw new Error(
      `PostgreSQL database "${row?.db ?? '?'}" has LC_CTYPE "${row?.ctype ?? '?'}" (encoding ${row?.enc ?? '?'}): ` +
        "pg_trgm sees no word characters in Chinese text (show_trgm('北京') is empty), so company search cannot be indexed. " +
        'Refusing to start. Recreate the database with a UTF-8 ctype, e.g. ' +
        `CREATE DATABASE ${row?.db ?? 'kuaibao'} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'.`,
    );
  }
}
