import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Prices per kind of customer, and the channel of an order
 * (docs/decisions/059-prices-per-customer-kind-and-channel.md):
 * - `goods.individual_price_fen`: the service's price for a 个体工商户; NULL = the same price for everyone;
 * - `orders.channel`: the link's `source` the order came from (a short slug), NULL when none;
 *   indexed with the creation time for the dashboard's figures per channel and the list's filter.
 */
export function pricesPerCustomerKindAndChannel(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('goods').addColumn('individual_price_fen', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('channel', 'text').execute();
      await db.schema.createIndex('orders_channel_create_time_idx').on('orders').columns(['channel', 'create_time']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_channel_create_time_idx').execute();
      await db.schema.alterTable('orders').dropColumn('channel').execute();
      await db.schema.alterTable('goods').dropColumn('individual_price_fen').execute();
    },
  };
}
