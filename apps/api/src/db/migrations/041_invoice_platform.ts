import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Invoices issued by a platform (docs/decisions/064-nuonuo-invoicing.md): our number for the request
 * (the platform's order number, the one its results are asked by; a new one each time the clerk
 * issues again after a failure), the issued invoice's number (数电票号码, the red letter names it),
 * and the red-letter confirmation's id (红字确认单). The new status `issuing` needs no column.
 */
export function invoicePlatform(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('invoices').addColumn('provider_order_no', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('invoices').addColumn('invoice_number', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('invoices').addColumn('red_serial', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.createIndex('invoices_provider_order_no_idx').on('invoices').column('provider_order_no').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('invoices_provider_order_no_idx').execute();
      await db.schema.alterTable('invoices').dropColumn('red_serial').execute();
      await db.schema.alterTable('invoices').dropColumn('invoice_number').execute();
      await db.schema.alterTable('invoices').dropColumn('provider_order_no').execute();
    },
  };
}
