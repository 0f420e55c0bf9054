import type { StaffRow } from '../../db/schema.ts';
import type { Db } from '../../db/query-helpers.ts';

/** Failed sign-in attempts since a moment under one counting key, and the latest of them. */
export interface FailureCount {
  n: number;
  last: string | null;
}

/**
 * SQL for staff, their sessions, and sign-in attempts and throttling (docs/decisions/008 and 014).
 * No rules here; staff.service.ts and staff-auth.service.ts own them.
 */
export const staffRepository = {
  // ── staff ──────────────────────────────────────────────────────────────────────────────────
  async hold(db: Db, id: number): Promise<void> {
    // A non-key column set to itself: a row lock that does not hold up rows referring to this one.
    await db.updateTable('staff').set((eb) => ({ active: eb.ref('active') })).where('id', '=', id).execute();
  },

  listAll(db: Db): Promise<StaffRow[]> {
    return db.selectFrom('staff').selectAll().orderBy('id').execute();
  },

  listActiveHandlers(db: Db): Promise<Array<{ id: number; display_name: string }>> {
    return db.selectFrom('staff').select(['id', 'display_name']).where('active', '=', 1).orderBy('id').execute();
  },

  findById(db: Db, id: number): Promise<StaffRow | undefined> {
    return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByUsername(db: Db, username: string): Promise<StaffRow | undefined> {
    return db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
  },

  async anyExists(db: Db): Promise<boolean> {
    return (await db.selectFrom('staff').select('id').limit(1).executeTakeFirst()) !== undefined;
  },

  async countActiveAdmins(db: Db): Promise<number> {
    const row = await db.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').where('active', '=', 1).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert(db: Db, row: { username: string; displayName: string; role: string; passwordHash: string; mustChangePassword: boolean; at: string }): Promise<StaffRow> {
    return db
      .insertInto('staff')
      .values({ username: row.username, display_name: row.displayName, role: row.role, password_hash: row.passwordHash, must_change_password: row.mustChangePassword ? 1 : 0, created_at: row.at, updated_at: row.at })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async update(db: Db, id: number, changes: { displayName?: string | undefined; role?: string | undefined; active?: boolean | undefined; passwordHash?: string | undefined; mustChangePassword?: boolean | undefined; at: string }): Promise<void> {
    await db
      .updateTable('staff')
      .set({
        ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
        ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
        ...(changes.mustChangePassword !== undefined ? { must_change_password: changes.mustChangePassword ? 1 : 0 } : {}),
        updated_at: changes.at,
      })
      .where('id', '=', id)
      .execute();
  },

  async setLastLogin(db: Db, id: number, at: string): Promise<void> {
    await db.updateTable('staff').set({ last_login_at: at }).where('id', '=', id).execute();
  },

  // ── sessions ───────────────────────────────────────────────────────────────────────────────
  async insertSession(db: Db, session: { id: string; staffId: number; at: string; expiresAt: string; ip: string; userAgent: string }): Promise<void> {
    await db
      .insertInto('staff_sessions')
      .values({ id: session.id, staff_id: session.staffId, created_at: session.at, last_seen_at: session.at, expires_at: session.expiresAt, ip: session.ip, user_agent: session.userAgent })
      .execute();
  },

  /** A session with its staff member. */
  findSession(db: Db, sessionId: string) {
    return db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .select(['staff_sessions.id as session_id', 'staff_sessions.created_at as session_created', 'staff_sessions.last_seen_at', 'staff_sessions.expires_at', 'staff.id', 'staff.username', 'staff.display_name', 'staff.role', 'staff.active', 'staff.must_change_password'])
      .where('staff_sessions.id', '=', sessionId)
      .executeTakeFirst();
  },

  async touchSession(db: Db, sessionId: string, input: { lastSeenAt: string; expiresAt: string }): Promise<void> {
    await db.updateTable('staff_sessions').set({ last_seen_at: input.lastSeenAt, expires_at: input.expiresAt }).where('id', '=', sessionId).execute();
  },

  async deleteSession(db: Db, sessionId: string): Promise<void> {
    await db.deleteFrom('staff_sessions').where('id', '=', sessionId).execute();
  },

  /** Ends every session of a staff member, except one when given (the browser that asked). */
  async deleteSessionsOf(db: Db, staffId: number, exceptSessionId?: string): Promise<void> {
    let query = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
    if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  },

  // ── sign-in attempts and throttling ───────────────────────────────────────────────────────
  /**
   * Failed attempts since a moment, counted under a username and/or an address, on one device
   * ('' = no trusted device).
   */
  async countFailures(db: Db, input: { since: string; device: string; username?: string | undefined; ip?: string | undefined }): Promise<FailureCount> {
    let query = db
      .selectFrom('staff_login_attempts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .where('succeeded', '=', 0)
      .where('created_at', '>=', input.since);
    if (input.username !== undefined) query = query.where('username', '=', input.username);
    if (input.ip !== undefined) query = query.where('ip', '=', input.ip);
    const row = await query.where('device', '=', input.device).executeTakeFirstOrThrow();
    return { n: Number(row.n), last: row.last === null || row.last === undefined ? null : String(row.last) };
  },

  insertFailedAttempt(db: Db, attempt: { username: string; ip: string; device: string; at: string }): Promise<{ id: number }> {
    return db.insertInto('staff_login_attempts').values({ username: attempt.username, ip: attempt.ip, device: attempt.device, succeeded: 0, created_at: attempt.at }).returning('id').executeTakeFirstOrThrow();
  },

  async deleteAttemptsOf(db: Db, username: string): Promise<void> {
    await db.deleteFrom('staff_login_attempts').where('username', '=', username).execute();
  },

  async markAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
    await db.updateTable('staff_login_attempts').set({ succeeded: 1 }).where('id', '=', attemptId).execute();
  },

  /** The upsert takes the row's write lock until commit: one check-and-record per username at a time. */
  lockThrottle(db: Db, username: string, at: string) {
    return db
      .insertInto('staff_sign_in_throttle')
      .values({ username, updated_at: at })
      .onConflict((oc) => oc.column('username').doUpdateSet({ updated_at: at }))
      .returning(['refused_logged_at', 'refused_unlogged'])
      .executeTakeFirstOrThrow();
  },

  async noteRefusalLogged(db: Db, username: string, at: string): Promise<void> {
    await db.updateTable('staff_sign_in_throttle').set({ refused_logged_at: at, refused_unlogged: 0 }).where('username', '=', username).execute();
  },

  async countRefusalUnlogged(db: Db, username: string): Promise<void> {
    await db.updateTable('staff_sign_in_throttle').set((eb) => ({ refused_unlogged: eb('refused_unlogged', '+', 1) })).where('username', '=', username).execute();
  },

  /** Attempts and throttle rows older than a moment are no longer needed. */
  async pruneSignIn(db: Db, before: string): Promise<void> {
    await db.deleteFrom('staff_login_attempts').where('created_at', '<', before).execute();
    await db.deleteFrom('staff_sign_in_throttle').where('updated_at', '<', before).execute();
  },
};
