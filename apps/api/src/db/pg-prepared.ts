import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';

/**
 * Prepared statements on PostgreSQL. Kysely sends every query as an unnamed statement, which the
 * server parses and plans each time; node-postgres prepares a statement once per connection when
 * the query has a name. So each pooled connection's `query(text, values)` is given a name derived
 * from the text: the hot statements (the nonce upsert, order lookups) are parsed once per
 * connection (docs/decisions/029). At most PREPARED_PER_CONNECTION texts are named per connection,
 * so statements whose text varies (IN lists of any length, multi-row inserts) cannot grow the
 * server's memory without bound; past it, they go unnamed as before. Statements without parameters
 * (BEGIN, COMMIT, DDL) are never named.
 */
export const PREPARED_PER_CONNECTION = 200;

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

export function prepareStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as QueryFunction;
    const named = new Set<string>();
    (client as unknown as { query: QueryFunction }).query = (config, values, callback) => {
      if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0) return query(config, values, callback);
      const name = `k${createHash('sha1').update(config).digest('base64url').slice(0, 20)}`;
      if (!named.has(name)) {
        if (named.size >= PREPARED_PER_CONNECTION) return query(config, values, callback);
        named.add(name);
      }
      return query({ name, text: config, values } satisfies QueryConfig, callback);
    };
  });
}
