import type { Kysely } from 'kysely';
import { AppError, USERNAME_PATTERN, isAcceptablePassword, isStaffRole, type ConsoleStaffRow, type StaffRole } from '@kuaibao/domain';
import type { Database, StaffRow } from '../../db/schema.ts';
import type { Db } from '../../db/query-helpers.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { writeAudit } from '../audit/index.ts';
import { assertCan, type Actor } from './actor.ts';
import { generatePassword, hashPassword } from './password.ts';
import { staffRepository } from './staff.repository.ts';

export interface StaffService {
  list(actor: Actor): Promise<ConsoleStaffRow[]>;
  /** Active staff who can take orders (for the handler filter). */
  listHandlers(actor: Actor): Promise<Array<{ id: number; display_name: string }>>;
  create(actor: Actor, input: { username: string; display_name: string; role: StaffRole; password: string }): Promise<ConsoleStaffRow>;
  update(actor: Actor, id: number, input: { display_name?: string | undefined; role?: StaffRole | undefined; active?: boolean | undefined; password?: string | undefined }): Promise<ConsoleStaffRow>;
}

function toRow(row: StaffRow): ConsoleStaffRow {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: isStaffRole(row.role) ? row.role : 'clerk',
    active: row.active === 1,
    must_change_password: row.must_change_password === 1,
    created_at: row.created_at,
    last_login_at: row.last_login_at,
  };
}

/** What the audit log keeps of a staff record: never the password hash. */
const auditView = (row: StaffRow) => ({ username: row.username, display_name: row.display_name, role: row.role, active: row.active === 1 });

export function createStaffService(deps: { db: Kysely<Database>; now: () => Date }): StaffService {
  const { db, now } = deps;
  return {
    async list(actor) {
      assertCan(actor, 'staff.manage');
      const rows = await staffRepository.listAll(db);
      return rows.map(toRow);
    },

    async listHandlers(actor) {
      assertCan(actor, 'orders.view');
      return staffRepository.listActiveHandlers(db);
    },

    async create(actor, input) {
      assertCan(actor, 'staff.manage');
      if (!USERNAME_PATTERN.test(input.username)) throw new AppError('VALIDATION_FAILED', 'username: 3-32 lower-case letters, digits, . _ -');
      if (!isAcceptablePassword(input.password)) throw new AppError('CONSOLE_PASSWORD_WEAK');
      const taken = await staffRepository.findByUsername(db, input.username);
      if (taken) throw new AppError('CONSOLE_USERNAME_TAKEN');
      const hash = await hashPassword(input.password);
      const at = now();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await staffRepository.insert(trx, { username: input.username, displayName: input.display_name, role: input.role, passwordHash: hash, mustChangePassword: true, at: at.toISOString() });
          await writeAudit(trx, actor, { action: 'staff.create', targetType: 'staff', targetId: row.id, after: auditView(row) }, at);
          return toRow(row);
        });
      } catch (error) {
        // Two admins creating the same name at once: both passed the check above while hashing.
        if (isUniqueViolation(error)) throw new AppError('CONSOLE_USERNAME_TAKEN', undefined, { cause: error });
        throw error;
      }
    },

    async update(actor, id, input) {
      assertCan(actor, 'staff.manage');
      if (input.password !== undefined && !isAcceptablePassword(input.password)) throw new AppError('CONSOLE_PASSWORD_WEAK');
      const hash = input.password === undefined ? undefined : await hashPassword(input.password);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await staffRepository.findById(trx, id);
        if (!before) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
        const demotes = (input.role !== undefined && input.role !== before.role) || (input.active === false && before.active === 1);
        if (id === actor.id && demotes) throw new AppError('CONSOLE_CANNOT_CHANGE_SELF');
        if (demotes && before.role === 'admin' && before.active === 1) {
          if ((await staffRepository.countActiveAdmins(trx)) <= 1) throw new AppError('CONSOLE_LAST_ADMIN');
        }
        await staffRepository.update(trx, id, {
          displayName: input.display_name,
          role: input.role,
          active: input.active,
          // A password set by an admin is known to two people: the owner must replace it.
          ...(hash !== undefined ? { passwordHash: hash, mustChangePassword: true } : {}),
          at: at.toISOString(),
        });
        // A disabled account or a reset password ends that person's sessions at once.
        if (input.active === false || hash !== undefined || (input.role !== undefined && input.role !== before.role)) {
          await staffRepository.deleteSessionsOf(trx, id);
        }
        const after = (await staffRepository.findById(trx, id))!;
        await writeAudit(trx, actor, { action: hash !== undefined ? 'staff.update_password_reset' : 'staff.update', targetType: 'staff', targetId: id, before: auditView(before), after: auditView(after) }, at);
        return toRow(after);
      });
    },
  };
}

/**
 * The command-line reset (console/reset-password.cli.ts): a new random password to be changed at
 * the next sign-in, the account enabled again, its sessions and failed attempts gone. Undefined
 * when there is no such account.
 */
export async function resetStaffPassword(db: Kysely<Database>, username: string, now: Date): Promise<{ username: string; role: string; password: string } | undefined> {
  const staff = await staffRepository.findByUsername(db, username);
  if (!staff) return undefined;
  const password = generatePassword();
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await staffRepository.update(trx, staff.id, { passwordHash: hash, mustChangePassword: true, active: true, at: now.toISOString() });
    await staffRepository.deleteSessionsOf(trx, staff.id);
    await staffRepository.deleteAttemptsOf(trx, staff.username);
    await writeAudit(trx, null, { action: 'staff.update_password_reset', targetType: 'staff', targetId: staff.id, after: { username: staff.username, source: 'command line' } }, now);
  });
  return { username: staff.username, role: staff.role, password };
}

/** An active staff member by id, read in the caller's transaction (an order's assignee, decision 041). */
/**
 * Holds a staff member's row until the caller's transaction ends, so that a per-staff number checked
 * and written in that transaction cannot be raced by the same staff member's other requests: the
 * no-op update takes the row's lock on PostgreSQL and the write lock on SQLite.
 */
export async function holdStaffRow(db: Db, id: number): Promise<void> {
  await staffRepository.hold(db, id);
}

export async function findActiveStaff(db: Db, id: number): Promise<{ id: number; display_name: string } | undefined> {
  const staff = await staffRepository.findById(db, id);
  return staff && staff.active === 1 ? { id: staff.id, display_name: staff.display_name } : undefined;
}
