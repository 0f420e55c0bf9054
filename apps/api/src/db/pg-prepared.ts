import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';

/**
 * Prepared statements on PostgreSQL. Kysely sends every query as an unnamed statement, which the
 * server parses and plans each time; node-postgres prepares a statement once per connection when
 * the query has a name. So each pooled connection's `query(text, values)` is given a name derived
 * from the text: the hot statements (the nonce upsert, order lookups) are parsed once per
 * connection (docs/decisions/029-catalog-in-memory-and-hot-path.md). At most PREPARED_PER_CONNECTION texts are named per connection,
 * so statements whose text varies (IN lists of any length, multi-row inserts) cannot grow the
 * server's memory without bound; past it, they go unnamed as before. Statements without parameters
 * (BEGIN, COMMIT, DDL) are never named. A migration applied by another instance while this one runs
 * (a rolling restart) can change a table under a prepared `SELECT *`; PostgreSQL then refuses it
 * with 0A000, and the text is prepared again under a new name.
 */
export const PREPARED_PER_CONNECTION = 200;

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** PostgreSQL's answer when a prepared statement's result columns changed under it (a migration). */
const PLAN_CHANGED = '0A000';

export function prepareStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as QueryFunction;
    /** Names prepared on this connection, by text hash; a changed plan moves the text to a new name. */
    const names = new Map<string, string>();
    let prepared = 0;
    const nameFor = (hash: string, fresh: boolean): string | undefined => {
      const known = names.get(hash);
      if (known && !fresh) return known;
      if (prepared >= PREPARED_PER_CONNECTION) return undefined;
      prepared += 1;
      const name = `k${hash}_${prepared}`;
      names.set(hash, name);
      return name;
    };
    (client as unknown as { query: QueryFunction }).query = (config, values, callback) => {
      // Kysely calls query(text, values) and uses the promise; anything else is left as it was.
      if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query(config, values, callback);
      const hash = createHash('sha1').update(config).digest('base64url').slice(0, 20);
      const name = nameFor(hash, false);
      if (!name) return query(config, values);
      return (query({ name, text: config, values } satisfies QueryConfig) as Promise<unknown>).catch((error: { code?: string }) => {
        // A migration changed a table under a prepared SELECT *: prepare the text again, once.
        if (error?.code !== PLAN_CHANGED) throw error;
        const again = nameFor(hash, true);
        return again ? query({ name: again, text: config, values } satisfies QueryConfig) : query(config, values);
      });
    };
  });
}
