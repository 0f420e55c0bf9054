import type { AuditLogRow } from '../../db/schema.ts';
import { pageWindow, type Db } from '../../db/query-helpers.ts';

export interface NewAuditRow {
  staffId: number | null;
  staffName: string;
  action: string;
  targetType: string;
  targetId: string;
  before: string | null;
  after: string | null;
  ip: string;
  at: string;
}

export interface AuditQuery {
  page: number;
  page_size: number;
  action?: string | undefined;
  staff_id?: number | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
}

/** SQL for the audit log: append and list, nothing else (rows are never changed). */
export const auditRepository = {
  async insert(db: Db, row: NewAuditRow): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({ staff_id: row.staffId, staff_name: row.staffName, action: row.action, target_type: row.targetType, target_id: row.targetId, before: row.before, after: row.after, ip: row.ip, created_at: row.at })
      .execute();
  },

  async list(db: Db, query: AuditQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
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
    return { rows: items, total: Number(total.n) };
  },
};
