import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type PostgresAppDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { PREPARED_PER_CONNECTION, prepareStatements } from './pg-prepared.ts';
import { describeDialects } from '../test/dialects.ts';
import { testDatabaseUrl } from '../test/test-servers.ts';

describe('prepareStatements on a connection (no server)', () => {
  it('names a text once per connection, leaves value-less and callback calls alone, and stops at the bound', async () => {
    const calls: unknown[] = [];
    let onConnect: ((client: unknown) => void) | undefined;
    const pool = { on: (event: string, listener: (client: unknown) => void) => event === 'connect' && (onConnect = listener) };
    const client = { query: (config: unknown, values?: unknown) => (calls.push(values === undefined ? config : [config, values]), Promise.resolve({ rows: [] })) };
    prepareStatements(pool as unknown as Parameters<typeof prepareStatements>[0]);
    onConnect!(client);
    await client.query('SELECT $1::int', [1]);
    await client.query('SELECT $1::int', [2]);
    await client.query('SELECT 1');
    const [first, second, plain] = calls as Array<{ name: string; text: string; values: unknown[] } | string>;
    expect(first).toMatchObject({ text: 'SELECT $1::int', values: [1] });
    expect(second).toMatchObject({ name: (first as { name: string }).name, values: [2] });
    expect(plain).toBe('SELECT 1');
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) await client.query(`SELECT $1::int + ${i}`, [i]);
    const named = new Set(calls.filter((c): c is { name: string } => typeof c === 'object' && c !== null && 'name' in c).map((c) => c.name));
    expect(named.size).toBe(PREPARED_PER_CONNECTION);
    expect(calls.at(-1)).toEqual([`SELECT $1::int + ${PREPARED_PER_CONNECTION + 4}`, [PREPARED_PER_CONNECTION + 4]]);
  });
});

describeDialects('prepared statements on %s (db/pg-prepared.ts)', { only: ['postgres'] }, () => {
  let database: PostgresAppDatabase;
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  beforeAll(async () => {
    // One connection, so that what it prepared can be read back on it.
    database = (await createDatabase({ kind: 'postgres', url: testDatabaseUrl(), schema, max: 1 })) as PostgresAppDatabase;
    await migrate(database);
  });
  afterAll(async () => {
    await database.raw.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await database.close();
  });

  const preparedLike = async (pattern: string) =>
    (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE ${pattern} AND statement NOT LIKE '%pg_prepared_statements%'`.execute(database.db)).rows;

  it('prepares a statement with parameters once per connection and reuses it', async () => {
    for (let i = 0; i < 3; i += 1) await database.db.selectFrom('goods').select('id').where('id', '=', i).execute();
    expect(await preparedLike('select "id" from "goods" where "id" = $1')).toHaveLength(1);
  });

  it('prepares a statement again when a migration changed its table under it (a rolling restart)', async () => {
    await sql`CREATE TABLE plan_change (id int PRIMARY KEY)`.execute(database.db);
    await sql`INSERT INTO plan_change VALUES (1)`.execute(database.db);
    const read = () => sql<Record<string, unknown>>`SELECT * FROM plan_change WHERE id = ${1}`.execute(database.db);
    expect((await read()).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE plan_change ADD COLUMN note text DEFAULT 'added'`.execute(database.db);
    expect((await read()).rows).toEqual([{ id: 1, note: 'added' }]);
  });

  it('names at most PREPARED_PER_CONNECTION texts on a connection; the rest still run, unnamed', async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i += 1) {
      const { rows } = await sql<{ n: number; p: string }>`SELECT ${sql.lit(i)}::int AS n, ${'a parameter'}::text AS p`.execute(database.db);
      expect(rows[0]).toEqual({ n: i, p: 'a parameter' });
    }
    const all = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(database.db)).rows[0]!.n;
    expect(all).toBeLessThanOrEqual(PREPARED_PER_CONNECTION + 1);
  });
});
