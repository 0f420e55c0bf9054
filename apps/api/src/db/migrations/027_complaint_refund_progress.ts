import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * What we told WeChat Pay about a REFUND complaint's refund (更新退款审批结果, decision 040):
 * `refund_progress` APPROVE or REJECT, `refund_progress_state` REPORTED or FAILED (a failure is kept
 * so staff see it and retry), the reason given when rejecting, the last error, and when.
 */
export function complaintRefundProgress(_kind: DatabaseKind): Migration {
  const columns = ['refund_progress', 'refund_progress_state', 'refund_progress_reason', 'refund_progress_error', 'refund_progress_at'] as const;
  return {
    async up(db: Kysely<unknown>) {
      for (const column of columns) await db.schema.alterTable('wechat_complaints').addColumn(column, 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of [...columns].reverse()) await db.schema.alterTable('wechat_complaints').dropColumn(column).execute();
    },
  };
}
