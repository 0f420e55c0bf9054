import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError, isAcceptablePassword, isStaffRole, normalizeUsername, permissionsOf, type ConsoleSessionStaff } from '@kuaibao/domain';
import type { Database, StaffRow } from '../../db/schema.ts';
import type { Db } from '../../db/query-helpers.ts';
import { createKeyedMac } from '../../security/keyed-mac.ts';
import { writeAudit } from '../audit/index.ts';
import type { Actor } from './actor.ts';
import { DUMMY_PASSWORD_HASH, generatePassword, hashPassword, verifyPassword } from './password.ts';
import { staffRepository } from './staff.repository.ts';

/**
 * Staff sign-in (docs/decisions/008-console-auth-and-roles.md). A session is a random 256-bit
 * token in an httpOnly, SameSite=Strict cookie; the database keeps only its SHA-256. Sessions
 * end after SESSION_IDLE_MS without a request, and SESSION_MAX_MS after sign-in at the latest.
 *
 * Throttling (docs/decisions/014-staff-sign-in-throttling.md) never locks the right password out
 * for someone who does not have it. Attempts are rows in `staff_login_attempts`, counted under:
 * - a device cookie: every successful sign-in hands the browser a signed cookie naming the account;
 *   an attempt that presents a valid one for the username typed is counted under that device only,
 *   so what strangers do never slows it; after LOGIN_MAX_FAILURES_PER_DEVICE failures in the window
 *   the cookie is no longer trusted;
 * - otherwise (untrusted): the address and account (locked after LOGIN_MAX_FAILURES_PER_IP_AND_USER
 *   in the window), the address across accounts (LOGIN_MAX_FAILURES_PER_IP), and the account from
 *   every untrusted client, which past LOGIN_SLOWDOWN_AFTER failures only waits a growing, capped
 *   delay (at most LOGIN_SLOWDOWN_MAX_MS) after the last failure: never a lockout.
 * Checking the counters and recording the attempt is one step under a row lock per username
 * (`staff_sign_in_throttle`), so parallel guesses cannot all pass the check, on any number of API
 * instances. A refused attempt checks no password and is not counted.
 */
export const SESSION_IDLE_MS = 4 * 3600 * 1000;
export const SESSION_MAX_MS = 12 * 3600 * 1000;
/** Sessions are extended at most this often, to keep the hot path read-only. */
const SESSION_TOUCH_MS = 60 * 1000;
/** The sliding window every sign-in counter looks back over. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Untrusted failures on one username from one address inside the window before that address is locked out of it. */
export const LOGIN_MAX_FAILURES_PER_IP_AND_USER = 5;
/** Untrusted failures from one address inside the window, across usernames (password spraying). */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/** Failures with one device cookie inside the window before it is no longer trusted. */
export const LOGIN_MAX_FAILURES_PER_DEVICE = 5;
/** Untrusted failures on one username inside the window from which each further attempt waits. */
export const LOGIN_SLOWDOWN_AFTER = 10;
/** The longest wait the slowdown asks for. */
export const LOGIN_SLOWDOWN_MAX_MS = 60 * 1000;
/** How long a device cookie lives (it is renewed at every sign-in). */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 3600 * 1000;
/** Refused attempts on one username are written to the audit log at most this often (the rest are counted). */
const REFUSAL_AUDIT_INTERVAL_MS = 60 * 1000;
/** Attempts and throttle rows are kept this long (for looking back), far beyond the window. */
const ATTEMPT_RETENTION_MS = 24 * 3600 * 1000;

/**
 * The wait after the last untrusted failure, given the untrusted failures on the account inside
 * the window: none below LOGIN_SLOWDOWN_AFTER, then 2 s, 4 s, 8 s … capped at LOGIN_SLOWDOWN_MAX_MS.
 */
export function slowdownMs(untrustedFailures: number): number {
  if (untrustedFailures < LOGIN_SLOWDOWN_AFTER) return 0;
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, 1000 * 2 ** Math.min(30, untrustedFailures - LOGIN_SLOWDOWN_AFTER + 1));
}

/** The slowdown's answer; the route turns `retryAfterSeconds` into a Retry-After header. */
export class SignInSlowDown extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('CONSOLE_LOGIN_SLOW_DOWN', `retry_after=${retryAfterSeconds}`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface LoginResult {
  token: string;
  staff: ConsoleSessionStaff;
  expiresAt: Date;
  /** the new device cookie's value (decision 014) */
  deviceCookie: string;
}

export interface FirstAdminResult {
  created: boolean;
  username: string;
  /** set when the password was generated here (print it once) */
  generatedPassword: string | undefined;
}

export interface ConsoleAuthService {
  /** `deviceCookie`: the device cookie the browser sent, if any. */
  login(input: { username: string; password: string; ip: string; userAgent: string; deviceCookie?: string | undefined }): Promise<LoginResult>;
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

/** Labels the device-cookie key apart from every other use of the secret it is derived from. */
const DEVICE_KEY_INFO = 'kuaibao console device cookie v1';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Device cookies (OWASP "slow down online guessing attacks with device cookies"):
 * `base64url(username).nonce.base64url(HMAC-SHA256(key, username LF nonce))`. The nonce names the
 * device in `staff_login_attempts.device`; the MAC means only this server can make one.
 */
export function createDeviceCookies(secret: string) {
  const mac = createKeyedMac(secret, DEVICE_KEY_INFO);
  return {
    issue(username: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${Buffer.from(username, 'utf8').toString('base64url')}.${nonce}.${mac.tag(`${username}\n${nonce}`)}`;
    },
    /** The device's nonce when `value` is a cookie this server issued for `username`; otherwise undefined. */
    deviceOf(value: string | undefined, username: string): string | undefined {
      if (!value || value.length > 200) return undefined;
      const parts = value.split('.');
      if (parts.length !== 3) return undefined;
      const [name, nonce, tag] = parts as [string, string, string];
      if (Buffer.from(name, 'base64url').toString('utf8') !== username || !NONCE_PATTERN.test(nonce)) return undefined;
      return mac.verify(`${username}\n${nonce}`, tag) ? nonce : undefined;
    },
  };
}

type FailureReason = 'unknown_user' | 'wrong_password' | 'disabled' | 'locked' | 'slowed';
type Refusal = { reason: 'locked'; limit: 'ip_and_account' | 'ip' } | { reason: 'slowed'; retryAfterSeconds: number };
type Admission = { attemptId: number; device: string } | { refusal: Refusal };

export function createConsoleAuthService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  /** a server secret the device-cookie key is derived from (under its own label) */
  deviceCookieSecret: string;
  /** APP_ENV=prod: CONSOLE_ADMIN_PASSWORD sits in a deployment file, so the first admin replaces it at first sign-in */
  production?: boolean;
}): ConsoleAuthService {
  const { db, now } = deps;
  const devices = createDeviceCookies(deps.deviceCookieSecret);

  /** What stops this attempt before its password is checked, if anything; `device` is the trusted device, or ''. */
  async function refusalOf(trx: Db, input: { username: string; ip: string; device: string | undefined; at: Date }): Promise<{ refusal: Refusal } | { device: string }> {
    const since = new Date(input.at.getTime() - LOGIN_WINDOW_MS).toISOString();
    if (input.device) {
      const byDevice = await staffRepository.countFailures(trx, { since, username: input.username, device: input.device });
      // A trusted device is counted on its own: nothing strangers did applies to it.
      if (Number(byDevice.n) < LOGIN_MAX_FAILURES_PER_DEVICE) return { device: input.device };
    }
    const [byIpAndUser, byIp, byUser] = await Promise.all([
      staffRepository.countFailures(trx, { since, username: input.username, ip: input.ip, device: '' }),
      staffRepository.countFailures(trx, { since, ip: input.ip, device: '' }),
      staffRepository.countFailures(trx, { since, username: input.username, device: '' }),
    ]);
    if (Number(byIpAndUser.n) >= LOGIN_MAX_FAILURES_PER_IP_AND_USER) return { refusal: { reason: 'locked', limit: 'ip_and_account' } };
    if (Number(byIp.n) >= LOGIN_MAX_FAILURES_PER_IP) return { refusal: { reason: 'locked', limit: 'ip' } };
    const wait = slowdownMs(Number(byUser.n));
    if (wait > 0 && byUser.last) {
      const until = Date.parse(String(byUser.last)) + wait;
      if (input.at.getTime() < until) return { refusal: { reason: 'slowed', retryAfterSeconds: Math.ceil((until - input.at.getTime()) / 1000) } };
    }
    return { device: '' };
  }

  /**
   * Checks the counters and, when the attempt may go on, records it as a failure (a success
   * rewrites it), all under the username's throttle row lock. A refusal is written to the audit
   * log at most once a minute per username; the ones in between are counted into the next row.
   */
  async function admit(input: { username: string; typed: string; ip: string; device: string | undefined; staffId: number | undefined; at: Date }): Promise<Admission> {
    const iso = input.at.toISOString();
    return db.transaction().execute(async (trx) => {
      // The upsert takes the row's write lock until commit: one check-and-record per username at a time.
      const throttle = await staffRepository.lockThrottle(trx, input.username, iso);
      const decision = await refusalOf(trx, input);
      if ('refusal' in decision) {
        const { refusal } = decision;
        const lastLogged = throttle.refused_logged_at ? Date.parse(throttle.refused_logged_at) : Number.NEGATIVE_INFINITY;
        if (input.at.getTime() - lastLogged >= REFUSAL_AUDIT_INTERVAL_MS) {
          await writeAudit(
            trx,
            { id: null, ip: input.ip },
            { action: 'staff.sign_in_failed', targetType: 'staff', targetId: input.staffId ?? '', after: { username: input.typed, ...refusal, device: input.device ? 'locked' : 'none', refused_since_previous_entry: Number(throttle.refused_unlogged) } },
            input.at,
          );
          await staffRepository.noteRefusalLogged(trx, input.username, iso);
        } else {
          await staffRepository.countRefusalUnlogged(trx, input.username);
        }
        return { refusal };
      }
      const row = await staffRepository.insertFailedAttempt(trx, { username: input.username, ip: input.ip, device: decision.device, at: iso });
      return { attemptId: row.id, device: decision.device };
    });
  }

  return {
    async login(input) {
      const at = now();
      const username = normalizeUsername(input.username).slice(0, 64);
      const typed = input.username.slice(0, 64);
      const staff = await staffRepository.findByUsername(db, username);
      const admission = await admit({ username, typed, ip: input.ip, device: devices.deviceOf(input.deviceCookie, username), staffId: staff?.id, at });
      if ('refusal' in admission) {
        const { refusal } = admission;
        throw refusal.reason === 'slowed' ? new SignInSlowDown(refusal.retryAfterSeconds) : new AppError('CONSOLE_LOGIN_LOCKED');
      }
      // An unknown username costs the same scrypt as a wrong password, and gets the same answer.
      const passwordOk = await verifyPassword(input.password, staff?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!staff || !passwordOk || staff.active !== 1) {
        // The attempt is already recorded as a failure; only someone who knows the password learns that the account is disabled.
        const reason: FailureReason = !staff ? 'unknown_user' : !passwordOk ? 'wrong_password' : 'disabled';
        await writeAudit(
          db,
          { id: null, ip: input.ip },
          { action: 'staff.sign_in_failed', targetType: 'staff', targetId: staff?.id ?? '', after: { username: typed, reason, device: admission.device ? 'trusted' : 'none' } },
          at,
        );
        throw new AppError(reason === 'disabled' ? 'CONSOLE_ACCOUNT_DISABLED' : 'CONSOLE_LOGIN_FAILED');
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + SESSION_IDLE_MS);
      const actor: Actor = { id: staff.id, username: staff.username, displayName: staff.display_name, role: toSessionStaff(staff).role, mustChangePassword: staff.must_change_password === 1, ip: input.ip };
      await db.transaction().execute(async (trx) => {
        await staffRepository.insertSession(trx, { id: sessionIdOf(token), staffId: staff.id, at: at.toISOString(), expiresAt: expiresAt.toISOString(), ip: input.ip, userAgent: input.userAgent.slice(0, 300) });
        await staffRepository.setLastLogin(trx, staff.id, at.toISOString());
        await staffRepository.markAttemptSucceeded(trx, admission.attemptId);
        await writeAudit(trx, actor, { action: 'auth.login', targetType: 'staff', targetId: staff.id, after: { device: admission.device ? 'trusted' : 'none' } }, at);
      });
      // Attempts are only needed for the window; a day's worth is plenty for looking back.
      const old = new Date(at.getTime() - ATTEMPT_RETENTION_MS).toISOString();
      await staffRepository.pruneSignIn(db, old);
      return { token, staff: toSessionStaff(staff), expiresAt: new Date(at.getTime() + SESSION_MAX_MS), deviceCookie: devices.issue(staff.username) };
    },

    async logout(token, actor) {
      await db.transaction().execute(async (trx) => {
        await staffRepository.deleteSession(trx, sessionIdOf(token));
        await writeAudit(trx, actor, { action: 'auth.logout', targetType: 'staff', targetId: actor.id }, now());
      });
    },

    async authenticate(token, ip) {
      if (token.length < 20 || token.length > 100) return undefined;
      const at = now();
      const row = await staffRepository.findSession(db, sessionIdOf(token));
      if (!row || row.active !== 1 || row.expires_at <= at.toISOString()) return undefined;
      if (at.getTime() - Date.parse(row.last_seen_at) > SESSION_TOUCH_MS) {
        const limit = Date.parse(row.session_created) + SESSION_MAX_MS;
        const expires = new Date(Math.min(at.getTime() + SESSION_IDLE_MS, limit)).toISOString();
        await staffRepository.touchSession(db, row.session_id, { lastSeenAt: at.toISOString(), expiresAt: expires });
      }
      return { id: row.id, username: row.username, displayName: row.display_name, role: toSessionStaff(row).role, mustChangePassword: row.must_change_password === 1, ip };
    },

    async changePassword(actor, input, currentToken) {
      const staff = await staffRepository.findById(db, actor.id);
      if (!staff) throw new AppError('INTERNAL', `staff ${actor.id} vanished`);
      if (!(await verifyPassword(input.currentPassword, staff.password_hash))) throw new AppError('CONSOLE_CURRENT_PASSWORD_WRONG');
      if (!isAcceptablePassword(input.newPassword) || input.newPassword === input.currentPassword) throw new AppError('CONSOLE_PASSWORD_WEAK');
      const hash = await hashPassword(input.newPassword);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await staffRepository.update(trx, actor.id, { passwordHash: hash, mustChangePassword: false, at: at.toISOString() });
        // Other browsers signed in with the old password are signed out.
        await staffRepository.deleteSessionsOf(trx, actor.id, sessionIdOf(currentToken));
        await writeAudit(trx, actor, { action: 'staff.password_change', targetType: 'staff', targetId: actor.id }, at);
      });
    },

    async ensureFirstAdmin(input) {
      if (await staffRepository.anyExists(db)) return { created: false, username: input.username, generatedPassword: undefined };
      const generatedPassword = input.password ? undefined : generatePassword();
      const password = input.password ?? (generatedPassword as string);
      const at = now().toISOString();
      try {
        const row = await staffRepository.insert(db, {
          username: input.username,
          displayName: '管理员',
          role: 'admin',
          passwordHash: await hashPassword(password),
          // A printed password has been on a screen and in a log, and in production CONSOLE_ADMIN_PASSWORD
          // sits in a deployment file others can read: either must be replaced at first sign-in.
          mustChangePassword: Boolean(generatedPassword) || deps.production === true,
          at,
        });
        await writeAudit(db, null, { action: 'staff.create', targetType: 'staff', targetId: row.id, after: { username: input.username, role: 'admin', source: generatedPassword ? 'generated' : 'CONSOLE_ADMIN_PASSWORD' } }, new Date(at));
        return { created: true, username: input.username, generatedPassword };
      } catch (error) {
        // Another instance created it at the same moment.
        const again = await staffRepository.findByUsername(db, input.username);
        if (again) return { created: false, username: input.username, generatedPassword: undefined };
        throw error;
      }
    },
  };
}
