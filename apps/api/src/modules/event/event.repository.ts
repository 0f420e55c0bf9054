import { sql } from 'kysely';
import type { Db } from '../../db/query-helpers.ts';

/** SQL for analytics events. */
export const eventRepository = {
  /** Whether this device already sent this key and value since a moment. */
  async seenSince(db: Db, input: { deviceId: string; key: string; value: string; since: string }): Promise<boolean> {
    const row = await db
      .selectFrom('events')
      .select('id')
      .where('device_id', '=', input.deviceId)
      .where('key', '=', input.key)
      .where('created_at', '>=', input.since)
      .where('value', '=', input.value)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(db: Db, row: { key: string; value: string; extra: string; type: string; source: string; deviceId: string; platform: string; at: string }): Promise<void> {
    await db
      .insertInto('events')
      .values({ key: row.key, value: row.value, extra: row.extra, type: row.type, source: row.source, device_id: row.deviceId, platform: row.platform, created_at: row.at })
      .execute();
  },

  /**
   * The funnel since a moment, nested (decision 045): `reached[i]` counts the devices that sent
   * `keys[0]` … `keys[i]` (each at least once, in any order), and `paid` those of the last step that
   * also paid an order in the window (the orders table is read here, once, so the two sets are
   * intersected in the database). Devices without an id are not devices and not counted.
   */
  async countFunnel(db: Db, input: { keys: readonly string[]; since: string; paidStatuses: readonly string[] }): Promise<{ reached: number[]; paid: number }> {
    const { keys, since } = input;
    const flag = (i: number) => sql.ref(`d.s${i}`);
    const flags = sql.join(keys.map((key, i) => sql`max(case when ${sql.ref('e.key')} = ${key} then 1 else 0 end) as ${sql.id(`s${i}`)}`));
    const upTo = (i: number) => sql.join(keys.slice(0, i + 1).map((_, j) => sql`${flag(j)} = 1`), sql` and `);
    const reached = sql.join(keys.map((_, i) => sql`sum(case when ${upTo(i)} then 1 else 0 end) as ${sql.id(`r${i}`)}`));
    const paidInWindow = sql`exists (select 1 from orders o where o.device_id = d.device_id and o.pay_time >= ${since} and o.status in (${sql.join([...input.paidStatuses])}))`;
    const result = await sql<Record<string, number | string | null>>`
      select ${reached}, sum(case when ${upTo(keys.length - 1)} and ${paidInWindow} then 1 else 0 end) as paid
      from (
        select e.device_id, ${flags} from events e
        where ${sql.ref('e.key')} in (${sql.join([...keys])}) and e.created_at >= ${since} and e.device_id <> ''
        group by e.device_id
      ) d`.execute(db);
    const row = result.rows[0] ?? {};
    return { reached: keys.map((_, i) => Number(row[`r${i}`] ?? 0)), paid: Number(row.paid ?? 0) };
  },

  /** Deletes up to `limit` events created before `before` (the retention sweep, decision 031); returns how many. */
  async deleteBefore(db: Db, input: { before: string; limit: number }): Promise<number> {
    const result = await db
      .deleteFrom('events')
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('created_at', '<', input.before).orderBy('created_at').limit(input.limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
