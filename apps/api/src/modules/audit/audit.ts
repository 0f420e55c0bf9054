import type { ConsoleAuditEntry, ConsolePage } from '@kuaibao/domain';
import type { AuditLogRow } from '../../db/schema.ts';
import type { Db } from '../../db/query-helpers.ts';
import { auditRepository, type AuditQuery } from './audit.repository.ts';

export type { AuditQuery };

/** What an audit row says; written in the same transaction as the change it records. */
export interface AuditEvent {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * The signed-in staff member a row is written for, as the staff module's Actor carries them. Named
 * here rather than imported: the staff module writes audit rows, so it depends on this one.
 */
export interface AuditActor {
  id: number;
  username: string;
  displayName: string;
  ip: string;
}

/** Someone who is not signed in, at an address: a sign-in attempt (decision 014). */
export interface AnonymousActor {
  id: null;
  ip: string;
}

/** Shown as the "who" of a row written for someone not signed in. */
export const ANONYMOUS_STAFF_NAME = '未登录';

/** The audit module's one write, for every module that changes something staff did (in the caller's transaction). */
export async function writeAudit(db: Db, actor: AuditActor | AnonymousActor | null, event: AuditEvent, now: Date): Promise<void> {
  await auditRepository.insert(db, {
    staffId: actor?.id ?? null,
    staffName: !actor ? '系统' : actor.id === null ? ANONYMOUS_STAFF_NAME : `${actor.displayName}（${actor.username}）`,
    action: event.action,
    targetType: event.targetType,
    targetId: String(event.targetId),
    before: event.before === undefined ? null : JSON.stringify(event.before),
    after: event.after === undefined ? null : JSON.stringify(event.after),
    ip: actor?.ip ?? '',
    at: now.toISOString(),
  });
}

/** How often a staff member did something since an instant, by the rows written for it (a per-staff daily number). */
export function countStaffActions(db: Db, query: { staffId: number; action: string; since: string }): Promise<number> {
  return auditRepository.countByStaff(db, query.staffId, query.action, query.since);
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

/** One page of the audit log, newest first. */
export async function listAudit(db: Db, query: AuditQuery & { order_no?: string | undefined }): Promise<ConsolePage<ConsoleAuditEntry>> {
  let filter: AuditQuery = query;
  if (query.order_no) {
    // Staff search by the KB number they see; the log keeps the order's internal id.
    const orderId = await auditRepository.orderIdOf(db, query.order_no.replace(/\s+/g, '').toUpperCase());
    if (orderId === undefined) return { items: [], total: 0, page: query.page, page_size: query.page_size };
    filter = { ...query, target_type: 'order', target_id: String(orderId) };
  }
  const { rows, total } = await auditRepository.list(db, filter);
  const orderIds = [...new Set(rows.filter((row) => row.target_type === 'order' && /^\d+$/.test(row.target_id)).map((row) => Number(row.target_id)))];
  const staffIds = [...new Set(rows.filter((row) => row.target_type === 'staff' && /^\d+$/.test(row.target_id)).map((row) => Number(row.target_id)))];
  const [numbers, staffNames] = await Promise.all([auditRepository.orderNumbers(db, orderIds), auditRepository.staffNames(db, staffIds)]);
  const items = rows.map((row) => {
    const entry = toAuditEntry(row);
    const number = row.target_type === 'order' ? numbers.get(Number(row.target_id)) : undefined;
    // A staff member by name, not the row id (packages/domain/src/audit-text.ts auditTargetText).
    const name = row.target_type === 'staff' ? staffNames.get(Number(row.target_id)) : undefined;
    return { ...entry, ...(number ? { order_no: number } : {}), ...(name ? { target_name: name } : {}) };
  });
  return { items, total, page: query.page, page_size: query.page_size };
}

/**
 * When each order was first taken by a clerk, from the log (the orders table keeps no taken time):
 * for the dashboard's paid → taken turnaround, bounded by the period.
 */
export function firstOrderTakes(db: Db, since: string, until: string): Promise<Map<number, string>> {
  return auditRepository.firstTakes(db, since, until);
}
