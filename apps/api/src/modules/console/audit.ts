import type { Kysely } from 'kysely';
import type { ConsoleAuditEntry, ConsolePage } from '@kuaibao/domain';
import type { AuditLogRow, Database } from '../../db/schema.ts';
import { assertCan, pageWindow, type Actor, type Db } from './actor.ts';

/** What an audit row says; written in the same transaction as the change it records. */
export interface AuditEvent {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Someone who is not signed in, at an address: a sign-in attempt (decision 014). */
export interface AnonymousActor {
  id: null;
  ip: string;
}

/** Shown as the "who" of a row written for someone not signed in. */
export const ANONYMOUS_STAFF_NAME = '未登录';

export async function writeAudit(db: Db, actor: Pick<Actor, 'id' | 'displayName' | 'username' | 'ip'> | AnonymousActor | null, event: AuditEvent, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: actor?.id ?? null,
      staff_name: !actor ? '系统' : actor.id === null ? ANONYMOUS_STAFF_NAME : `${actor.displayName}（${actor.username}）`,
      action: event.action,
      target_type: event.targetType,
      target_id: String(event.targetId),
      before: event.before === undefined ? null : JSON.stringify(event.before),
      after: event.after === undefined ? null : JSON.stringify(event.after),
      ip: actor?.ip ?? '',
      created_at: now.toISOString(),
    })
    .execute();
}

export function toAuditEntry(row: AuditLogRow): ConsoleAuditEntry {
  return {
    id: row.id,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    ip: row.ip,
    created_at: row.created_at,
  };
}

export interface AuditService {
  list(actor: Actor, query: { page: number; page_size: number; action?: string | undefined; staff_id?: number | undefined; target_type?: string | undefined; target_id?: string | undefined }): Promise<ConsolePage<ConsoleAuditEntry>>;
}

export function createAuditService(deps: { db: Kysely<Database> }): AuditService {
  const { db } = deps;
  return {
    async list(actor, query) {
      assertCan(actor, 'audit.view');
      let rows = db.selectFrom('audit_log').selectAll();
      let count = db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n'));
      if (query.action) {
        rows = rows.where('action', '=', query.action);
        count = count.where('action', '=', query.action);
      }
      if (query.staff_id) {
        rows = rows.where('staff_id', '=', query.staff_id);
        count = count.where('staff_id', '=', query.staff_id);
      }
      if (query.target_type) {
        rows = rows.where('target_type', '=', query.target_type);
        count = count.where('target_type', '=', query.target_type);
      }
      if (query.target_id) {
        rows = rows.where('target_id', '=', query.target_id);
        count = count.where('target_id', '=', query.target_id);
      }
      const { limit, offset } = pageWindow(query.page, query.page_size);
      const [items, total] = await Promise.all([rows.orderBy('id', 'desc').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
      return { items: items.map(toAuditEntry), total: Number(total.n), page: query.page, page_size: query.page_size };
    },
  };
}
