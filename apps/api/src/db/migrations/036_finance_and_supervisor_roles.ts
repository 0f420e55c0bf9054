import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * `staff.role` accepts 财务 (`finance`) and 主管 (`supervisor`) besides `admin` and `clerk`
 * (docs/decisions/058-finance-and-supervisor-roles-and-commission.md). The values are written out
 * here, not read from the domain, so the migration stays what it was when it ran.
 *
 * PostgreSQL replaces the column's CHECK constraint. SQLite cannot alter a CHECK, and node:sqlite
 * refuses writes to its schema table, so the table is rebuilt the way SQLite's ALTER TABLE page
 * prescribes: with foreign keys off (outside a transaction; SQLite migrations run without one),
 * create the new table, copy, drop the old one, rename the new one, recreate its indexes, check the
 * foreign keys, commit. The other tables' references to `staff` stay as they are.
 *
 * `commission_rates`: the 提成 rate per service as a history (an order earns the rate in force at its
 * first completion), in basis points of the amount paid; who set it and when.
 */
const ROLES_BEFORE = `'admin', 'clerk'`;
const ROLES_AFTER = `'admin', 'clerk', 'finance', 'supervisor'`;

async function rebuildSqliteStaff(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'staff'`.execute(db);
  const create = table.rows[0]?.sql;
  if (!create) throw new Error('staff table not found');
  const check = new RegExp(`check\\s*\\(\\s*"?role"?\\s+in\\s*\\(\\s*${from.replace(/ /g, '\\s*')}\\s*\\)\\s*\\)`, 'i');
  if (!check.test(create)) throw new Error(`staff.role CHECK not as expected: ${create}`);
  const createNew = create.replace(check, `check (role in (${to}))`).replace(/^CREATE TABLE\s+("staff"|staff)/i, 'CREATE TABLE "staff_new"');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'staff' and sql is not null`.execute(db);

  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await sql.raw(createNew).execute(db);
      await sql`insert into staff_new select * from staff`.execute(db);
      await sql`drop table staff`.execute(db);
      await sql`alter table staff_new rename to staff`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the staff rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

async function replacePostgresCheck(db: Kysely<unknown>, roles: string): Promise<void> {
  await sql`alter table staff drop constraint if exists staff_role_check`.execute(db);
  await sql.raw(`alter table staff add constraint staff_role_check check (role in (${roles}))`).execute(db);
}

export function financeAndSupervisorRoles(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') await rebuildSqliteStaff(db, ROLES_BEFORE, ROLES_AFTER);
      else await replacePostgresCheck(db, ROLES_AFTER);
      await withId(kind, db.schema.createTable('commission_rates'))
        .addColumn('goods_type', 'text', (c) => c.notNull())
        .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql<boolean>`rate_bp >= 0 and rate_bp <= 10000`))
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
        .addColumn('staff_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(kind)))
        .execute();
      await db.schema.createIndex('commission_rates_goods_idx').on('commission_rates').columns(['goods_type', 'effective_from']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('commission_rates').execute();
      // Only once nobody holds a new role: the old CHECK would refuse them.
      if (kind === 'sqlite') await rebuildSqliteStaff(db, ROLES_AFTER, ROLES_BEFORE);
      else await replacePostgresCheck(db, ROLES_BEFORE);
    },
  };
}
