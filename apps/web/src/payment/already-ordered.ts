import type { OrderCheckResult } from '@kuaibao/domain';
import { api } from '../api/index.ts';
import { useRequest } from '../common/use-request.ts';
import type { OrderForm } from '../storage.ts';
import { orderFormRequest } from './place-order.ts';

/**
 * "Already ordered", asked when /pay opens rather than learnt on 立即办理 (docs/decisions/032-texts-per-service.md).
 * The same form the order's creation sends, without the payment: the server checks it by the same
 * rules and makes no order. Quiet: a failed check says nothing, and 立即办理 still meets the refusal.
 */
export const fetchAlreadyOrdered = (form: OrderForm, signal: AbortSignal) =>
  api().post<OrderCheckResult>('/api/h5/order/check', orderFormRequest(form), { loading: false, toast: false, signal });

/**
 * The service's "already ordered" message when the company has ordered it; null otherwise (or not
 * yet known). `onFound` runs once, when the answer says so.
 */
export function useAlreadyOrdered(form: OrderForm | null, onFound: (message: string) => void): string | null {
  const key = form ? `already-ordered:${form.goods_id}:${form.entity_id}` : null;
  const { data } = useRequest(key, (signal) => fetchAlreadyOrdered(form!, signal), {
    onData: (answer) => {
      if (answer.alreadyOrdered) onFound(answer.message);
    },
  });
  return data?.alreadyOrdered ? data.message : null;
}
