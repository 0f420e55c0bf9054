import type { Kysely } from 'kysely';
import { AppError, USERNAME_PATTERN, isAcceptablePassword, isStaffRole, type ConsoleStaffRow, type StaffRole } from '@kuaibao/domain';
import type { Database, StaffRow } from '../../db/schema.ts';
import { assertCan, type Actor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { hashPassword } from './password.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

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
      const rows = await db.selectFrom('staff').selectAll().orderBy('id').execute();
      return rows.map(toRow);
    },

    async listHandlers(actor) {
      assertCan(actor, 'orders.view');
      return db.selectFrom('staff').select(['id', 'display_name']).where('active', '=', 1).orderBy('id').execute();
    },

    async create(actor, input) {
      assertCan(actor, 'staff.manage');
      if (!USERNAME_PATTERN.test(input.username)) throw new AppError('VALIDATION_FAILED', 'username: 3-32 lower-case letters, digits, . _ -');
      if (!isAcceptablePassword(input.password)) throw new AppError('CONSOLE_PASSWORD_WEAK');
      const taken = await db.selectFrom('staff').select('id').where('username', '=', input.username).executeTakeFirst();
      if (taken) throw new AppError('CONSOLE_USERNAME_TAKEN');
      const hash = await hashPassword(input.password);
      const at = now();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('staff')
            .values({ username: input.username, display_name: input.display_name, role: input.role, password_hash: hash, must_change_password: 1, created_at: at.toISOString(), updated_at: at.toISOString() })
            .returningAll()
            .executeTakeFirstOrThrow();
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
        const before = await trx.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
        const demotes = (input.role !== undefined && input.role !== before.role) || (input.active === false && before.active === 1);
        if (id === actor.id && demotes) throw new AppError('CONSOLE_CANNOT_CHANGE_SELF');
        if (demotes && before.role === 'admin' && before.active === 1) {
          const admins = await trx.selectFrom('staff').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').where('active', '=', 1).executeTakeFirstOrThrow();
          if (Number(admins.n) <= 1) throw new AppError('CONSOLE_LAST_ADMIN');
        }
        await trx
          .updateTable('staff')
          .set({
            ...(input.display_name !== undefined ? { display_name: input.display_name } : {}),
            ...(input.role !== undefined ? { role: input.role } : {}),
            ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
            // A password set by an admin is known to two people: the owner must replace it.
            ...(hash !== undefined ? { password_hash: hash, must_change_password: 1 } : {}),
            updated_at: at.toISOString(),
          })
          .where('id', '=', id)
          .execute();
        // A disabled account or a reset password ends that person's sessions at once.
        if (input.active === false || hash !== undefined || (input.role !== undefined && input.role !== before.role)) {
          await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
        }
        const after = await trx.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await writeAudit(trx, actor, { action: hash !== undefined ? 'staff.update_password_reset' : 'staff.update', targetType: 'staff', targetId: id, before: auditView(before), after: auditView(after) }, at);
        return toRow(after);
      });
    },
  };
}
