import { SHANGHAI_UTC_OFFSET_MS, type ConsoleTimeSort } from '@kuaibao/domain';
import type { Kysely, SelectQueryBuilder, StringReference, Transaction } from 'kysely';
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
 * A list applies it once, in its filter builder, which its rows and its total both read (timeListPage).
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

/**
 * One page of a time-based list and its total, read from one filtered query: the list's filters
 * are written once, so the total counts exactly the rows the pages show. `filtered` holds the
 * list's joins and filters and no columns yet; `select` picks a row's columns; `id` is the list's
 * id column, which is its time order (rows are appended, and the id is indexed). With `afterId`
 * (an export's next batch) the rows come after it; with `uncounted` the total is -1, not counted.
 */
export async function timeListPage<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, {}>,
  query: { page: number; page_size: number; sort?: ConsoleTimeSort | undefined } & ExportWindow,
  id: StringReference<DB, TB>,
  select: (from: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; total: number }> {
  const { limit, offset } = pageWindow(query.page, query.page_size);
  const { direction, after } = timeListOrder(query);
  const page = after ? filtered.where(id, after.op, after.id as never) : filtered;
  const [rows, total] = await Promise.all([
    select(page).orderBy(id, direction).limit(limit).offset(after ? 0 : offset).execute(),
    // PostgreSQL answers a count as text (bigint).
    query.uncounted ? -1 : filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow().then((row) => Number((row as { n: number | string }).n)),
  ]);
  return { rows: rows as O[], total };
}
