import type { ReorderResponse } from '@kuaibao/domain';
import { api } from './index.ts';

/**
 * The home's reorder offer (docs/decisions/066-reorder-in-two-taps.md): the companies of the orders this
 * device proves its own, its orders' keys and/or a verified phone's token. Asked in the background:
 * no overlay, and a failure shows nothing (the form works without it).
 */
export const fetchReorderOffers = (proof: { keys: string; phone?: string | null; phoneToken?: string | null }) =>
  api().get<ReorderResponse>(
    '/api/h5/order/reorder',
    { keys: proof.keys || undefined, ...(proof.phone && proof.phoneToken ? { phone: proof.phone, phone_token: proof.phoneToken } : {}) },
    { toast: false, loading: false },
  );
