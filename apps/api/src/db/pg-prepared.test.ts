import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readEnv } from '../config.ts';
import { createDatabase, type PostgresAppDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { PREPARED_PER_CONNECTION } from './pg-prepared.ts';

const url = readEnv('TEST_DATABASE_URL');

describe.runIf(url)('prepared statements on PostgreSQL (db/pg-prepared.ts)', () => {
  let database: PostgresAppDatabase;
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  beforeAll(async () => {
    // One connection, so that what it prepared can be read back on it.
    database = (await createDatabase({ kind: 'postgres', url: url!, schema, max: 1 })) as PostgresAppDatabase;
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
