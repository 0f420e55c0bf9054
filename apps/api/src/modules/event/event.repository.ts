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

  /** Distinct devices per key since a moment. */
  async countDevicesByKey(db: Db, keys: readonly string[], since: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('events')
      .select((eb) => ['key', eb.fn.count<number>('device_id').distinct().as('devices')])
      .where('key', 'in', keys)
      .where('created_at', '>=', since)
      .groupBy('key')
      .execute();
    return new Map(rows.map((row) => [row.key, Number(row.devices)]));
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
