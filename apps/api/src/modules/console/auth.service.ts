import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError, isAcceptablePassword, isStaffRole, normalizeUsername, permissionsOf, type ConsoleSessionStaff } from '@kuaibao/domain';
import type { Database, StaffRow } from '../../db/schema.ts';
import type { Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { DUMMY_PASSWORD_HASH, generatePassword, hashPassword, verifyPassword } from './password.ts';

/**
 * Staff sign-in (docs/decisions/008-console-auth-and-roles.md). A session is a random 256-bit
 * token in an httpOnly, SameSite=Strict cookie; the database keeps only its SHA-256. Sessions
 * end after SESSION_IDLE_MS without a request, and SESSION_MAX_MS after sign-in at the latest.
 * Failed sign-ins are counted in the database, so throttling holds across API instances.
 */
export const SESSION_IDLE_MS = 4 * 3600 * 1000;
export const SESSION_MAX_MS = 12 * 3600 * 1000;
/** Sessions are extended at most this often, to keep the hot path read-only. */
const SESSION_TOUCH_MS = 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts on one username inside the window before it is locked for the window. */
export const LOGIN_MAX_FAILURES_PER_USER = 5;
/** Failed attempts from one address inside the window, across usernames. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;

export interface LoginResult {
  token: string;
  staff: ConsoleSessionStaff;
  expiresAt: Date;
}

export interface FirstAdminResult {
  created: boolean;
  username: string;
  /** set when the password was generated here (print it once) */
  generatedPassword: string | undefined;
}

export interface ConsoleAuthService {
  login(input: { username: string; password: string; ip: string; userAgent: string }): Promise<LoginResult>;
  logout(token: string, actor: Actor): Promise<void>;
  /** The staff member of a live session, or undefined (expired, unknown, disabled). */
  authenticate(token: string, ip: string): Promise<Actor | undefined>;
  changePassword(actor: Actor, input: { currentPassword: string; newPassword: string }, currentToken: string): Promise<void>;
  ensureFirstAdmin(input: { username: string; password: string | undefined }): Promise<FirstAdminResult>;
}

export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function toSessionStaff(row: Pick<StaffRow, 'id' | 'username' | 'display_name' | 'role' | 'must_change_password'>): ConsoleSessionStaff {
  const role = isStaffRole(row.role) ? row.role : 'clerk';
  return { id: row.id, username: row.username, display_name: row.display_name, role, permissions: permissionsOf(role), must_change_password: row.must_change_password === 1 };
}

export function createConsoleAuthService(deps: { db: Kysely<Database>; now: () => Date }): ConsoleAuthService {
  const { db, now } = deps;

  async function isLocked(username: string, ip: string, at: Date): Promise<boolean> {
    const since = new Date(at.getTime() - LOGIN_WINDOW_MS).toISOString();
    // Failures inside the window and after the last success count against the name.
    const lastSuccess = await db
      .selectFrom('staff_login_attempts')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('username', '=', username)
      .where('succeeded', '=', 1)
      .executeTakeFirst();
    const [byUser, byIp] = await Promise.all([
      db
        .selectFrom('staff_login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username', '=', username)
        .where('succeeded', '=', 0)
        .where('created_at', '>=', since)
        .where('id', '>', lastSuccess?.id ?? 0)
        .executeTakeFirstOrThrow(),
      db.selectFrom('staff_login_attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('ip', '=', ip).where('succeeded', '=', 0).where('created_at', '>=', since).executeTakeFirstOrThrow(),
    ]);
    return Number(byUser.n) >= LOGIN_MAX_FAILURES_PER_USER || Number(byIp.n) >= LOGIN_MAX_FAILURES_PER_IP;
  }

  async function recordAttempt(username: string, ip: string, succeeded: boolean, at: Date): Promise<void> {
    await db.insertInto('staff_login_attempts').values({ username: username.slice(0, 64), ip, succeeded: succeeded ? 1 : 0, created_at: at.toISOString() }).execute();
  }

  return {
    async login(input) {
      const at = now();
      const username = normalizeUsername(input.username);
      if (await isLocked(username, input.ip, at)) throw new AppError('CONSOLE_LOGIN_LOCKED');
      const staff = await db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
      const passwordOk = await verifyPassword(input.password, staff?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!staff || !passwordOk) {
        await recordAttempt(username, input.ip, false, at);
        throw new AppError('CONSOLE_LOGIN_FAILED');
      }
      // Only someone who knows the password learns that the account is disabled.
      if (staff.active !== 1) {
        await recordAttempt(username, input.ip, false, at);
        throw new AppError('CONSOLE_ACCOUNT_DISABLED');
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + SESSION_IDLE_MS);
      const actor: Actor = { id: staff.id, username: staff.username, displayName: staff.display_name, role: toSessionStaff(staff).role, mustChangePassword: staff.must_change_password === 1, ip: input.ip };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('staff_sessions')
          .values({ id: sessionIdOf(token), staff_id: staff.id, created_at: at.toISOString(), last_seen_at: at.toISOString(), expires_at: expiresAt.toISOString(), ip: input.ip, user_agent: input.userAgent.slice(0, 300) })
          .execute();
        await trx.updateTable('staff').set({ last_login_at: at.toISOString() }).where('id', '=', staff.id).execute();
        await trx.insertInto('staff_login_attempts').values({ username, ip: input.ip, succeeded: 1, created_at: at.toISOString() }).execute();
        await writeAudit(trx, actor, { action: 'auth.login', targetType: 'staff', targetId: staff.id }, at);
      });
      // Attempts are only needed for the window; a day's worth is plenty for looking back.
      await db.deleteFrom('staff_login_attempts').where('created_at', '<', new Date(at.getTime() - 24 * 3600 * 1000).toISOString()).execute();
      return { token, staff: toSessionStaff(staff), expiresAt: new Date(at.getTime() + SESSION_MAX_MS) };
    },

    async logout(token, actor) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('staff_sessions').where('id', '=', sessionIdOf(token)).execute();
        await writeAudit(trx, actor, { action: 'auth.logout', targetType: 'staff', targetId: actor.id }, now());
      });
    },

    async authenticate(token, ip) {
      if (token.length < 20 || token.length > 100) return undefined;
      const at = now();
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
        .select(['staff_sessions.id as session_id', 'staff_sessions.created_at as session_created', 'staff_sessions.last_seen_at', 'staff_sessions.expires_at', 'staff.id', 'staff.username', 'staff.display_name', 'staff.role', 'staff.active', 'staff.must_change_password'])
        .where('staff_sessions.id', '=', sessionIdOf(token))
        .executeTakeFirst();
      if (!row || row.active !== 1 || row.expires_at <= at.toISOString()) return undefined;
      if (at.getTime() - Date.parse(row.last_seen_at) > SESSION_TOUCH_MS) {
        const limit = Date.parse(row.session_created) + SESSION_MAX_MS;
        const expires = new Date(Math.min(at.getTime() + SESSION_IDLE_MS, limit)).toISOString();
        await db.updateTable('staff_sessions').set({ last_seen_at: at.toISOString(), expires_at: expires }).where('id', '=', row.session_id).execute();
      }
      return { id: row.id, username: row.username, displayName: row.display_name, role: toSessionStaff(row).role, mustChangePassword: row.must_change_password === 1, ip };
    },

    async changePassword(actor, input, currentToken) {
      const staff = await db.selectFrom('staff').select(['id', 'password_hash']).where('id', '=', actor.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(input.currentPassword, staff.password_hash))) throw new AppError('CONSOLE_CURRENT_PASSWORD_WRONG');
      if (!isAcceptablePassword(input.newPassword) || input.newPassword === input.currentPassword) throw new AppError('CONSOLE_PASSWORD_WEAK');
      const hash = await hashPassword(input.newPassword);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ password_hash: hash, must_change_password: 0, updated_at: at.toISOString() }).where('id', '=', actor.id).execute();
        // Other browsers signed in with the old password are signed out.
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', actor.id).where('id', '!=', sessionIdOf(currentToken)).execute();
        await writeAudit(trx, actor, { action: 'staff.password_change', targetType: 'staff', targetId: actor.id }, at);
      });
    },

    async ensureFirstAdmin(input) {
      const existing = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
      if (existing) return { created: false, username: input.username, generatedPassword: undefined };
      const generatedPassword = input.password ? undefined : generatePassword();
      const password = input.password ?? (generatedPassword as string);
      const at = now().toISOString();
      try {
        const row = await db
          .insertInto('staff')
          .values({
            username: input.username,
            display_name: '管理员',
            role: 'admin',
            password_hash: await hashPassword(password),
            // A printed password has been on a screen and in a log: it must be replaced at first sign-in.
            must_change_password: generatedPassword ? 1 : 0,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(db, null, { action: 'staff.create', targetType: 'staff', targetId: row.id, after: { username: input.username, role: 'admin', source: generatedPassword ? 'generated' : 'CONSOLE_ADMIN_PASSWORD' } }, new Date(at));
        return { created: true, username: input.username, generatedPassword };
      } catch (error) {
        // Another instance created it at the same moment.
        const again = await db.selectFrom('staff').select('id').where('username', '=', input.username).executeTakeFirst();
        if (again) return { created: false, username: input.username, generatedPassword: undefined };
        throw error;
      }
    },
  };
}
