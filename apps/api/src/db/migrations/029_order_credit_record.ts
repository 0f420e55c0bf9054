import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * `orders.credit_record`: the record a 信用修复 order repairs (business_anomaly, serious_violation,
 * administrative_penalty; packages/domain/src/credit-records.ts), chosen before paying. Null for the
 * other services and for orders placed before the question was asked.
 */
export function orderCreditRecord(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('credit_record', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('credit_record').execute();
    },
  };
}
