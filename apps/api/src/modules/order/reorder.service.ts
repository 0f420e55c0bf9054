import type { Kysely } from 'kysely';
import { filterPhoneInput, isValidMobilePhone, LOOKUP_MAX_ORDER_KEYS, reorderCandidates, reorderFilingYear, reorderSeasonStart, type ReorderResponse, type ReorderSourceOrder } from '@kuaibao/domain';
import type { Database, OrderRow } from '../../db/schema.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { checkPhoneToken } from '../../security/phone-token.ts';
import { orderRepository } from './order.repository.ts';

/** How many of a verified phone's paid orders the offer reads (the phone lookup's page is 20). */
const PHONE_ORDERS_READ = 20;

/** What a device brings to be offered its companies again (decision 049's two proofs). */
export interface ReorderProof {
  /** The device's own orders as `<id>.<key>,…` (own-orders.ts), at most LOOKUP_MAX_ORDER_KEYS read. */
  keys?: string | undefined;
  phone?: string | undefined;
  /** The token of `phone`, verified by SMS code on this device. */
  phoneToken?: string | undefined;
}

/**
 * The reorder in two taps (docs/decisions/066-reorder-in-two-taps.md): the companies of the orders this
 * request proves its own (each order's key, or a verified phone's token), offered for the new filing
 * year. An order id alone, a forged or another device's key, or a token of another phone proves
 * nothing, and the answer is then the same empty list as for a visitor with no orders, so it tells
 * nothing either. The answer never carries an ID number: the form asks for it again.
 */
export interface ReorderService {
  offers(proof: ReorderProof): Promise<ReorderResponse>;
}

const source = (row: OrderRow): ReorderSourceOrder => ({
  goods_type: row.goods_type,
  goods_id: row.goods_id,
  status: row.status,
  create_time: row.create_time,
  entity_name: row.entity_name,
  entity_id: row.entity_id,
  entity_legal: row.entity_legal,
  entity_phone: row.entity_phone,
});

export function createReorderService(deps: { db: Kysely<Database>; now: () => Date; vault: PersonalDataVault }): ReorderService {
  const { db, vault } = deps;

  async function provenOrders(proof: ReorderProof, at: Date): Promise<OrderRow[]> {
    const proven = new Map<string, OrderRow>();
    for (const pair of (proof.keys ?? '').split(',').slice(0, LOOKUP_MAX_ORDER_KEYS)) {
      const dot = pair.indexOf('.');
      if (dot <= 0) continue;
      const id = pair.slice(0, dot);
      if (proven.has(id) || !vault.checkCapability('order.declaration', id, pair.slice(dot + 1))) continue;
      const row = await orderRepository.findByPublicId(db, id);
      if (row) proven.set(id, row);
    }
    const phone = filterPhoneInput(proof.phone ?? '').value;
    if (phone && isValidMobilePhone(phone) && checkPhoneToken(vault, phone, proof.phoneToken, at)) {
      for (const row of await orderRepository.listPaidByPhone(db, phone, PHONE_ORDERS_READ)) proven.set(row.public_id, row);
    }
    return [...proven.values()];
  }

  return {
    async offers(proof) {
      const at = deps.now();
      const candidates = reorderCandidates((await provenOrders(proof, at)).map(source), at);
      const since = reorderSeasonStart(at);
      // Ordered this season by anyone (another device, another phone): the "already ordered" check would refuse it.
      const open = await Promise.all(candidates.map(async (company) => !(await orderRepository.findPaidSince(db, { entityId: company.entity_id, goodsId: company.goods_id, since }))));
      return { filing_year: reorderFilingYear(at), companies: candidates.filter((_, index) => open[index]) };
    },
  };
}
