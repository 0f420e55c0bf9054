import type { ConsoleTimeWindow, FeedbackStatus } from '@kuaibao/domain';
import type { FeedbackRow } from '../../db/schema.ts';
import { dayWindow, pageWindow, type Db } from '../../db/query-helpers.ts';

/** SQL for visitors' feedback (platform reports) and its handling. */
export const feedbackRepository = {
  async insert(db: Db, row: { type: string; content: string; contact: string; deviceId: string; at: string }): Promise<void> {
    await db.insertInto('feedback').values({ type: row.type, content: row.content, contact: row.contact, device_id: row.deviceId, created_at: row.at }).execute();
  },

  async list(db: Db, query: { page: number; page_size: number; status?: FeedbackStatus | undefined } & ConsoleTimeWindow): Promise<{ rows: FeedbackRow[]; total: number }> {
    let rows = db.selectFrom('feedback').selectAll();
    let count = db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n'));
    if (query.status) {
      rows = rows.where('status', '=', query.status);
      count = count.where('status', '=', query.status);
    }
    const { since, until } = dayWindow(query.from, query.to);
    if (since) {
      rows = rows.where('created_at', '>=', since);
      count = count.where('created_at', '>=', since);
    }
    if (until) {
      rows = rows.where('created_at', '<', until);
      count = count.where('created_at', '<', until);
    }
    const { limit, offset } = pageWindow(query.page, query.page_size);
    const [items, total] = await Promise.all([rows.orderBy('id', query.sort === 'created_at_asc' ? 'asc' : 'desc').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
    return { rows: items, total: Number(total.n) };
  },

  findById(db: Db, id: number): Promise<FeedbackRow | undefined> {
    return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async setHandling(db: Db, id: number, change: { status: FeedbackStatus; reply: string; handledBy: number | null; handledByName: string; handledAt: string | null }): Promise<void> {
    await db
      .updateTable('feedback')
      .set({ status: change.status, reply: change.reply, handled_by: change.handledBy, handled_by_name: change.handledByName, handled_at: change.handledAt })
      .where('id', '=', id)
      .execute();
  },

  async countOpen(db: Db): Promise<number> {
    const row = await db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
