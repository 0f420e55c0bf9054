import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { withId } from './util.ts';

/**
 * Templates and customer uploads (docs/decisions/062-templates-and-customer-uploads.md):
 * - `message_templates`: the admins' texts for the 补充资料 request and the call note, with
 *   {企业名称}-style placeholders (packages/domain/src/message-templates.ts);
 * - `order_customer_files`: the documents a customer uploaded on /checkDetail while the order
 *   waited on them (待客户补充). Apart from `order_files`, the completion screenshots the customer's
 *   receipt shows: a customer's ID card photo is never a completion screenshot.
 */
export function templatesAndCustomerFiles(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('message_templates'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await withId(kind, db.schema.createTable('order_customer_files'))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_customer_files_order_idx').on('order_customer_files').column('order_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_customer_files').execute();
      await db.schema.dropTable('message_templates').execute();
    },
  };
}
