import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The SQLite checkpointer's thread (db/sqlite-checkpointer.ts): its own connection to the file,
 * copying the write-ahead log into the database every `intervalMs`. PASSIVE never waits for the
 * main connection's readers or writer; what it cannot copy now it copies next time.
 *
 * PASSIVE alone does not bound the log: SQLite starts the log over only when a writer finds every
 * frame copied, which never happens while writes keep coming, so a burst grew the log by hundreds
 * of megabytes (docs/decisions/051-replay-in-process.md). So the log is also truncated to zero
 * bytes (TRUNCATE) when nothing was written since the last round (idle), or when it is longer than
 * `sizeLimitBytes`. TRUNCATE takes the write lock for as long as it copies the last frames and waits
 * for readers to leave the log. Idle, it does not wait at all; past the limit it waits at most
 * TRUNCATE_WAIT_MS (the main thread's writes may wait that long, once); when something is in the way
 * it gives up (`busy`) and the next round tries again.
 */
const { file, intervalMs, sizeLimitBytes } = workerData as { file: string; intervalMs: number; sizeLimitBytes: number };
const db = new DatabaseSync(file);
const TRUNCATE_WAIT_MS = 100;
db.exec('PRAGMA busy_timeout = 0');
db.exec(`PRAGMA journal_size_limit = ${sizeLimitBytes}`);
const pageSize = (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
type Result = { busy: number; log: number; checkpointed: number };
/** The log's length in frames at the previous round (-1: none yet). */
let previousLog = -1;
const timer = setInterval(() => {
  try {
    const result = passive.get() as Result;
    const idle = result.log > 0 && result.checkpointed === result.log && result.log === previousLog;
    const tooLong = result.log * pageSize > sizeLimitBytes;
    previousLog = result.log;
    let truncated = false;
    if (idle || tooLong) {
      if (tooLong) db.exec(`PRAGMA busy_timeout = ${TRUNCATE_WAIT_MS}`);
      try {
        truncated = (truncate.get() as Result).busy === 0;
      } finally {
        if (tooLong) db.exec('PRAGMA busy_timeout = 0');
      }
      if (truncated) previousLog = 0;
    }
    parentPort?.postMessage({ kind: 'checkpoint', log: result.log, checkpointed: result.checkpointed, truncated });
  } catch (error) {
    parentPort?.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);
parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
