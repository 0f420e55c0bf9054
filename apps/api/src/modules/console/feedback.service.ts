import type { Kysely } from 'kysely';
import { AppError, type ConsoleFeedback, type ConsolePage, type FeedbackStatus } from '@kuaibao/domain';
import type { Database, FeedbackRow } from '../../db/schema.ts';
import { assertCan, pageWindow, type Actor } from './actor.ts';
import { writeAudit } from './audit.ts';

/** The complaint inbox: platform reports from visitors (spec §2 report screen). */
export interface FeedbackService {
  list(actor: Actor, query: { page: number; page_size: number; status?: FeedbackStatus | undefined }): Promise<ConsolePage<ConsoleFeedback>>;
  update(actor: Actor, id: number, input: { status: FeedbackStatus; reply: string }): Promise<ConsoleFeedback>;
}

function toFeedback(row: FeedbackRow): ConsoleFeedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contact: row.contact,
    status: row.status === 'handled' ? 'handled' : 'open',
    reply: row.reply,
    handled_by_name: row.handled_by_name,
    handled_at: row.handled_at,
    created_at: row.created_at,
  };
}

export function createFeedbackInboxService(deps: { db: Kysely<Database>; now: () => Date }): FeedbackService {
  const { db, now } = deps;
  return {
    async list(actor, query) {
      assertCan(actor, 'feedback.handle');
      let rows = db.selectFrom('feedback').selectAll();
      let count = db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n'));
      if (query.status) {
        rows = rows.where('status', '=', query.status);
        count = count.where('status', '=', query.status);
      }
      const { limit, offset } = pageWindow(query.page, query.page_size);
      const [items, total] = await Promise.all([rows.orderBy('id', 'desc').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
      return { items: items.map(toFeedback), total: Number(total.n), page: query.page, page_size: query.page_size };
    },

    async update(actor, id, input) {
      assertCan(actor, 'feedback.handle');
      if (input.status === 'handled' && input.reply === '') throw new AppError('CONSOLE_NOTE_REQUIRED', 'reply');
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw new AppError('CONSOLE_FEEDBACK_NOT_FOUND');
        const handled = input.status === 'handled';
        await trx
          .updateTable('feedback')
          .set({
            status: input.status,
            reply: input.reply,
            handled_by: handled ? actor.id : null,
            handled_by_name: handled ? actor.displayName : '',
            handled_at: handled ? at.toISOString() : null,
          })
          .where('id', '=', id)
          .execute();
        const after = await trx.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await writeAudit(trx, actor, { action: 'feedback.update', targetType: 'feedback', targetId: id, before: { status: before.status, reply: before.reply }, after: { status: after.status, reply: after.reply } }, at);
        return toFeedback(after);
      });
    },
  };
}
