import { SHANGHAI_UTC_OFFSET_MS } from '@kuaibao/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A repository function runs on the database or inside a caller's transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Page arithmetic shared by every list. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** `%` and `_` are LIKE wildcards; a search for them means the characters themselves. */
/**
 * An export's batch of a list (keyset, newest first): the rows below an id, and no count. Each
 * batch costs the same however deep the export is, and rows added meanwhile do not shift it.
 */
export interface ExportWindow {
  beforeId?: number | undefined;
  uncounted?: boolean | undefined;
}

/**
 * A list's day range (Shanghai calendar days, both included) as ISO instants: at or after
 * `since`, before `until`. Compared as text, which holds for ISO-8601 UTC on both dialects.
 */
export function dayWindow(from: string | undefined, to: string | undefined): { since?: string; until?: string } {
  const start = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return Date.UTC(y!, m! - 1, d!) - SHANGHAI_UTC_OFFSET_MS;
  };
  return {
    ...(from ? { since: new Date(start(from)).toISOString() } : {}),
    ...(to ? { until: new Date(start(to) + 24 * 3600 * 1000).toISOString() } : {}),
  };
}

export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
