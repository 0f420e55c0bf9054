import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { CompiledQuery, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDatabase, SqliteDialectConfig, SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 shape (`prepare()` returning a statement with
 * `reader`, `all`, `run`, `iterate`). This adapter gives it a built-in `node:sqlite` DatabaseSync,
 * so the embedded database needs no native addon.
 *
 * - Prepared statements are cached per SQL text (LRU), because Kysely prepares on every query.
 *   `iterate()` uses a fresh statement so a half-consumed stream never shares one with `all()`.
 * - Parameters: integers are bound as INTEGER (node:sqlite binds every number as REAL), booleans
 *   as 1/0, Dates as ISO strings, undefined as NULL.
 */

type SqliteParam = SQLInputValue;

const STATEMENT_CACHE_SIZE = 256;

function toParam(value: unknown): SqliteParam {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (value instanceof Date) return value.toISOString();
  // node:sqlite binds every JS number as REAL, so 1 would be stored as '1.0' in a TEXT column;
  // integers go in as INTEGER (like better-sqlite3 does).
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (typeof value === 'bigint' || typeof value === 'string') return value;
  if (ArrayBuffer.isView(value)) return value as NodeJS.ArrayBufferView;
  throw new TypeError(`unsupported SQLite parameter of type ${typeof value}`);
}

function toParams(parameters: ReadonlyArray<unknown>): SqliteParam[] {
  return parameters.map(toParam);
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #db: DatabaseSync;
  readonly #stmt: StatementSync;
  readonly #sql: string;

  constructor(db: DatabaseSync, stmt: StatementSync, sql: string) {
    this.#db = db;
    this.#stmt = stmt;
    this.#sql = sql;
    // A statement that yields columns (SELECT, PRAGMA with output, … RETURNING) is a reader.
    this.reader = stmt.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#stmt.all(...toParams(parameters));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const { changes, lastInsertRowid } = this.#stmt.run(...toParams(parameters));
    return { changes, lastInsertRowid };
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#db.prepare(this.#sql).iterate(...toParams(parameters));
  }
}

/** Wraps a DatabaseSync in the interface Kysely's SqliteDialect expects. */
export function nodeSqliteDatabase(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, NodeSqliteStatement>();
  return {
    close() {
      cache.clear();
      if (db.isOpen) db.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = new NodeSqliteStatement(db, db.prepare(sql), sql);
      cache.set(sql, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return stmt;
    },
  };
}

/**
 * Opens (creating its directory if needed) a SQLite file with the pragmas the app relies on:
 * WAL journal (not for ':memory:'), foreign keys, a busy timeout, NORMAL sync under WAL.
 */
/**
 * What the write-ahead log may keep on disk once it has been checkpointed: SQLite reuses the log
 * file rather than shrinking it, so without a limit one burst of writes leaves a log of that size
 * for good (hundreds of megabytes were seen, docs/decisions/051-replay-in-process.md). About SQLite's
 * own automatic checkpoint size (1,000 pages of 4 KiB). The checkpoint worker also truncates the log
 * when it passes this (db/sqlite-checkpoint.worker.ts).
 */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

export function openSqliteFile(file: string, opts: { busyTimeoutMs?: number } = {}): DatabaseSync {
  const memory = file === ':memory:' || file === '';
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(memory ? ':memory:' : file);
  db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(opts.busyTimeoutMs ?? 5000))}`);
  if (!memory) db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA cache_size = -65536'); // 64 MiB page cache
  return db;
}

/**
 * Kysely begins a SQLite transaction with a deferred `BEGIN`: it takes the write lock only at its
 * first write. If another connection (a command-line tool, a second process, the e2e specs' own
 * writes) commits between the transaction's first read and its first write, SQLite cannot upgrade
 * the stale snapshot and fails at once with SQLITE_BUSY; the busy timeout never applies. Every
 * transaction here reads before it writes, so each begins IMMEDIATE: it waits (up to the busy
 * timeout) for the write lock up front. Within the process nothing changes, since Kysely already
 * runs one transaction at a time on the single connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function createSqliteDialect(db: DatabaseSync): SqliteDialect {
  return new NodeSqliteDialect({ database: nodeSqliteDatabase(db) });
}
