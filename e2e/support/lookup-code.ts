import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { E2E_DB_FILE } from './server-db.ts';

/** The code the visitor reads on their phone: the console SMS provider only logs it, so the test finds it from its salted hash. */
export function lookupCodeFromDatabase(file: string = E2E_DB_FILE): string {
  const db = new DatabaseSync(file);
  let stored: { code_hash: string };
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    stored = db.prepare("SELECT code_hash FROM lookup_codes WHERE status = 'code_sent' ORDER BY id DESC LIMIT 1").get() as { code_hash: string };
  } finally {
    db.close();
  }
  const [salt, digest] = stored.code_hash.split('$');
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, '0');
    if (createHash('sha256').update(`${salt}:${code}`).digest('hex') === digest) return code;
  }
  throw new Error('no code matches the stored hash');
}
