import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { WAL_SIZE_LIMIT_BYTES } from './sqlite-dialect.ts';

/**
 * Checkpoints of the SQLite write-ahead log on a thread of their own. SQLite's automatic checkpoint
 * runs inside the commit that crosses 1,000 pages, on the connection that commits: here the main
 * thread, since node:sqlite is synchronous. A checkpoint fsyncs the database file, so every few
 * hundred signed requests (each stores its nonce) the whole server stopped for as long as the disk
 * took: the API bench's p99 went from a few to over 100 ms (docs/decisions/029-catalog-in-memory-and-hot-path.md). With this, the
 * main connection never checkpoints (wal_autocheckpoint = 0) and a worker thread does it every
 * second on its own connection, truncating the log when it is idle or longer than
 * WAL_SIZE_LIMIT_BYTES (db/sqlite-checkpoint.worker.ts). Should the worker fail, the main connection
 * checkpoints itself again (the log must not grow without bound).
 */
export interface SqliteCheckpointer {
  /** Checkpoints run, WAL frames they copied, and times the log was truncated, since the start (tests wait on these). */
  readonly stats: { checkpoints: number; framesCopied: number; truncations: number; failures: number };
  stop(): Promise<void>;
}

/** SQLite's own default, restored on the main connection if the worker fails. */
const AUTOCHECKPOINT_PAGES = 1000;

export function startSqliteCheckpointer(raw: DatabaseSync, file: string, options: { intervalMs?: number; sizeLimitBytes?: number } = {}): SqliteCheckpointer {
  const stats = { checkpoints: 0, framesCopied: 0, truncations: 0, failures: 0 };
  raw.exec('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./sqlite-checkpoint.worker.ts', import.meta.url), { workerData: { file, intervalMs: options.intervalMs ?? 1000, sizeLimitBytes: options.sizeLimitBytes ?? WAL_SIZE_LIMIT_BYTES } });
  // It must not keep a process alive that is otherwise done (tests, command-line tools).
  worker.unref();
  let stopping = false;
  const fallBack = () => {
    stats.failures += 1;
    if (raw.isOpen) raw.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { kind: 'checkpoint'; log: number; checkpointed: number; truncated: boolean } | { kind: 'error'; message: string }) => {
    if (message.kind === 'checkpoint') {
      stats.checkpoints += 1;
      stats.framesCopied += Math.max(0, message.checkpointed);
      if (message.truncated) stats.truncations += 1;
    } else {
      stats.failures += 1;
    }
  });
  worker.on('error', fallBack);
  worker.on('exit', () => {
    if (!stopping) fallBack();
  });
  return {
    stats,
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
    },
  };
}
