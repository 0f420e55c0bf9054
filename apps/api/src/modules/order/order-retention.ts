import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { orderRepository } from './order.repository.ts';

/**
 * What the retention sweep (jobs/retention-sweep.ts) may do to orders: remove personal data that is
 * due, one batch at a time, and say how many orders it changed. Which orders are due is the
 * domain's rule (retention.ts); the cutoffs come from the sweep.
 */
export const orderRetention = {
  /** ID numbers of closed orders last changed before `before`; returns how many orders changed. */
  purgeClosedIdNumbers(db: Kysely<Database>, input: { before: string; at: string; limit: number }): Promise<number> {
    return orderRepository.purgeClosedIdNumbers(db, input);
  },

  /** Phone, legal representative's name and ID number of unpaid orders last changed before `before`. */
  purgeUnpaidContacts(db: Kysely<Database>, input: { before: string; at: string; limit: number }): Promise<number> {
    return orderRepository.purgeUnpaidContacts(db, input);
  },
};
