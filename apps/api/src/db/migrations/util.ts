import { sql } from 'kysely';
import type { CreateTableBuilder, RawBuilder } from 'kysely';
import type { DatabaseKind } from '../database.ts';

/**
 * Default for timestamp columns: the current time as an ISO-8601 UTC string with milliseconds and
 * `Z`, identical to `new Date().toISOString()`, on both dialects.
 */
export function nowIso(kind: DatabaseKind): RawBuilder<string> {
  return kind === 'sqlite'
    ? sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql<string>`(to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

/** An auto-assigned integer primary key (`id`). */
export function withId<T extends string>(kind: DatabaseKind, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return kind === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}
