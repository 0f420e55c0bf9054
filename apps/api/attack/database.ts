import { DatabaseSync } from 'node:sqlite';

/**
 * Read-only looks into a self-started target's SQLite file while it runs (WAL: a reader sees
 * every committed write). The suite never writes to the target's database.
 */
export function readDatabase<T>(file: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** The bytes the database holds (pages in use, WAL included), not the files' sizes. */
export function databaseBytes(file: string): number {
  return readDatabase(file, (db) => {
    const pages = Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    const free = Number((db.prepare('PRAGMA freelist_count').get() as { freelist_count: number }).freelist_count);
    const size = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
    return (pages - free) * size;
  });
}
