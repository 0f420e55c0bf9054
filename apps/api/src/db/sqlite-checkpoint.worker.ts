import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The SQLite checkpointer's thread (db/sqlite-checkpointer.ts): its own connection to the file,
 * copying the write-ahead log into the database every `intervalMs`. PASSIVE never waits for the
 * main connection's readers or writer; what it cannot copy now it copies next time.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 5000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    const result = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    parentPort?.postMessage({ kind: 'checkpoint', log: result.log, checkpointed: result.checkpointed });
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
