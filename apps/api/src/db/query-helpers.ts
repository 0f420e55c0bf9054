import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A repository function runs on the database or inside a caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Page arithmetic shared by every list. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** `%` and `_` are LIKE wildcards; a search for them means the characters themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
