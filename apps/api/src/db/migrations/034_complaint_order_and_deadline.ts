import { complaintDeadline } from '@kuaibao/domain';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A complaint is about the order its visitor picked, or a company they named
 * (docs/decisions/056-complaints-on-the-right-order.md), and is worked like an order:
 * - `feedback.company_name`: the company a visitor named without a verified order, kept as typed;
 * - `feedback.assignee_id` / `assignee_name`: who handles it (decision 041's rule);
 * - `feedback.due_at`: the end of the third working day after it arrived, the form's promise.
 *   Complaints already there get theirs from their arrival, so the overdue view is true for them too.
 */
export function complaintOrderAndDeadline(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('feedback').addColumn('company_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('feedback').addColumn('assignee_id', 'integer').execute();
      await db.schema.alterTable('feedback').addColumn('assignee_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('feedback').addColumn('due_at', 'text', (c) => c.notNull().defaultTo('')).execute();
      const rows = await sql<{ id: number; created_at: string }>`select id, created_at from feedback`.execute(db);
      for (const row of rows.rows) {
        // Old rows may hold the column default's 'YYYY-MM-DD HH:MM:SS' (UTC) rather than ISO.
        const arrived = new Date(/T/.test(row.created_at) ? row.created_at : `${row.created_at.replace(' ', 'T')}Z`);
        const due = Number.isNaN(arrived.getTime()) ? '' : complaintDeadline(arrived);
        await sql`update feedback set due_at = ${due} where id = ${row.id}`.execute(db);
      }
      await db.schema.createIndex('feedback_status_due_idx').on('feedback').columns(['status', 'due_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('feedback_status_due_idx').execute();
      await db.schema.alterTable('feedback').dropColumn('due_at').execute();
      await db.schema.alterTable('feedback').dropColumn('assignee_name').execute();
      await db.schema.alterTable('feedback').dropColumn('assignee_id').execute();
      await db.schema.alterTable('feedback').dropColumn('company_name').execute();
    },
  };
}
