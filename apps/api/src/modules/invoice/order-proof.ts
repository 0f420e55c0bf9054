import type { Kysely } from 'kysely';
import { AppError } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { checkPhoneToken } from '../../security/phone-token.ts';
import { findOrderForInvoice } from '../order/index.ts';

/** How the visitor proves the order theirs: as /checkDetail does (decision 049). */
export interface OrderProof {
  id: string;
  key?: string | undefined;
  phone_token?: string | undefined;
  /** the logged-in WeChat visitor (corp, mini-program) */
  userId?: number | undefined;
}

/**
 * The order, proven the visitor's by the ordering device's key, the verified phone's token or the
 * owner's login; an unknown id and another's order get the same answer, REPORT_ORDER_FORBIDDEN. The
 * invoice request (decision 060) and the reminder's consent (decision 065) both ask it here.
 */
export async function proveOrder(deps: { db: Kysely<Database>; vault: PersonalDataVault; now: Date }, proof: OrderProof) {
  const order = await findOrderForInvoice(deps.db, proof.id);
  const proven =
    !!order &&
    ((proof.userId !== undefined && order.user_id !== null && order.user_id === proof.userId) ||
      deps.vault.checkCapability('order.declaration', order.public_id, proof.key) ||
      (!!order.entity_phone && checkPhoneToken(deps.vault, order.entity_phone, proof.phone_token, deps.now)));
  if (!order || !proven) throw new AppError('REPORT_ORDER_FORBIDDEN');
  return order;
}
