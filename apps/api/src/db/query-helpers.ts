import { SHANGHAI_UTC_OFFSET_MS, type ConsoleTimeSort } from '@kuaibao/domain';
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
 * An export's batch of a list (keyset, in the list's order): the rows after the previous batch's
 * last id, and no count. Each batch costs the same however deep the export is, and rows added
 * meanwhile do not shift it.
 */
export interface ExportWindow {
  afterId?: number | undefined;
  uncounted?: boolean | undefined;
}

/**
 * The time-based lists' order (CONSOLE_TIME_SORTS): by id, which is the creation order (rows are
 * appended), newest first unless asked otherwise; with `afterId`, the rows that come after it in
 * that order (an export's next batch).
 */
export function timeListOrder(query: { sort?: ConsoleTimeSort | undefined; afterId?: number | undefined }): { direction: 'asc' | 'desc'; after?: { op: '>' | '<'; id: number } } {
  const direction = query.sort === 'created_at_asc' ? 'asc' : 'desc';
  return query.afterId === undefined ? { direction } : { direction, after: { op: direction === 'asc' ? '>' : '<', id: query.afterId } };
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

/**
 * A list's day range applied to one query: `where(query, op, instant)` adds the comparison on the
 * list's time column (`>=` the first instant, `<` the one after the last day); no range, no change.
 * Lists filter their rows and their count alike, so each calls this once per query.
 */
export function whereWithinDays<Q>(query: Q, range: { from?: string | undefined; to?: string | undefined }, where: (query: Q, op: '>=' | '<', instant: string) => Q): Q {
  const { since, until } = dayWindow(range.from, range.to);
  let within = query;
  if (since) within = where(within, '>=', since);
  if (until) within = where(within, '<', until);
  return within;
}

export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
