import type { AuditLogRow } from '../../db/schema.ts';
import type { ConsoleTimeWindow } from '@kuaibao/domain';
import { timeListPage, whereWithinDays, type Db, type ExportWindow } from '../../db/query-helpers.ts';

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

export interface AuditQuery extends ConsoleTimeWindow, ExportWindow {
  page: number;
  page_size: number;
  action?: string | undefined;
  staff_id?: number | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
}

/** The audit list's filters, once for its rows and its total. */
function filteredAudit(db: Db, query: AuditQuery) {
  let filtered = db.selectFrom('audit_log');
  if (query.action) filtered = filtered.where('action', '=', query.action);
  if (query.staff_id) filtered = filtered.where('staff_id', '=', query.staff_id);
  if (query.target_type) filtered = filtered.where('target_type', '=', query.target_type);
  if (query.target_id) filtered = filtered.where('target_id', '=', query.target_id);
  return whereWithinDays(filtered, query, (q, op, at) => q.where('created_at', op, at));
}

/** SQL for the audit log: append and list, nothing else (rows are never changed). */
export const auditRepository = {
  /**
   * The first time each order got a handler in [since, until): a clerk's `order.take` or an admin's
   * `order.assign` (decision 041), whichever came first. Order id → ISO time.
   */
  async firstTakes(db: Db, since: string, until: string): Promise<Map<number, string>> {
    const rows = await db
      .selectFrom('audit_log')
      .select((eb) => ['target_id', eb.fn.min<string>('created_at').as('at')])
      .where('action', 'in', ['order.take', 'order.assign'])
      .where('target_type', '=', 'order')
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .groupBy('target_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.target_id), row.at]));
  },

  /** The KB numbers of some orders, by internal id (the log stores ids; staff know numbers). */
  async orderNumbers(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('orders').select(['id', 'out_trade_no']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.out_trade_no]));
  },

  /** Staff members' names for rows about them (the log keeps their id). */
  async staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('staff').select(['id', 'display_name', 'username']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, `${row.display_name}（${row.username}）`]));
  },

  async orderIdOf(db: Db, outTradeNo: string): Promise<number | undefined> {
    return (await db.selectFrom('orders').select('id').where('out_trade_no', '=', outTradeNo).executeTakeFirst())?.id;
  },

  /** How many rows of this action this staff member has written since an instant. */
  async countByStaff(db: Db, staffId: number, action: string, since: string): Promise<number> {
    const row = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('staff_id', '=', staffId)
      .where('action', '=', action)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(db: Db, row: NewAuditRow): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({ staff_id: row.staffId, staff_name: row.staffName, action: row.action, target_type: row.targetType, target_id: row.targetId, before: row.before, after: row.after, ip: row.ip, created_at: row.at })
      .execute();
  },

  list(db: Db, query: AuditQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
    return timeListPage(filteredAudit(db, query), query, 'id', (page) => page.selectAll());
  },
};
