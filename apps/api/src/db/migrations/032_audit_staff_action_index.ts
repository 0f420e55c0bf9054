import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A staff member's rows of one action since an instant: the console counts a clerk's ID-number
 * reveals of the day before each new one (packages/domain/src/id-reveal.ts).
 */
export function auditStaffActionIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_staff_action_idx').on('audit_log').columns(['staff_id', 'action', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_log_staff_action_idx').execute();
    },
  };
}
