import { isPaidStatus, isWholeOrder, maskIdNumber, type OrderRecord } from '@kuaibao/domain';
import { useEffect, useState } from 'react';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { rememberOwnOrder } from '../../own-orders.ts';
import { track } from '../../api/index.ts';
import { useRequest } from '../../common/use-request.ts';
import { forgetOrder, readOrderForm, readString, removeKey, type OrderForm } from '../../storage.ts';

export type PaidOrderState =
  | { kind: 'none' }
  | { kind: 'loading' }
  /**
   * `form`: the form this visitor submitted for the order, if this browser still holds it.
   * `editKey`: the order's edit key from its creation on this browser (decision 012), if any.
   */
  | { kind: 'loaded'; order: OrderRecord; form: OrderForm | null; editKey: string | null }
  | { kind: 'failed' };

/**
 * The paid order of the success flow (docs/product/orders-and-statuses.md#payment-confirmation): the stored orderId is
 * read and removed (with its edit key and the stored form, which holds the ID number), then the
 * order fetched; the key stays in memory for the declaration.
 * No stored id → 'none' (the caller goes to /). An order handed over directly is used as is.
 * The stored form is read before it is removed: the declaration shows the ID number in full only
 * to the visitor who typed it (ARCHITECTURE.md#who-owns-which-table), and only this form holds it unmasked.
 */
export function usePaidOrder(given: OrderRecord | null = null, givenForm: OrderForm | null = null, givenKey: string | null = null): PaidOrderState {
  // Pure reads: StrictMode may call initialisers twice; the removals wait for the effect.
  const [orderId] = useState(() => (given ? null : readString('orderId')));
  const [form] = useState(() => (given ? givenForm : readOrderForm()));
  const [editKey] = useState(() => (given ? givenKey : readString('orderKey')));

  useEffect(() => {
    if (!orderId) return;
    forgetOrder();
    removeKey('params');
  }, [orderId]);
  const fetched = useRequest(orderId, (signal) => fetchOrderDetail(orderId!, { signal, key: editKey }), {
    onData: (order) => {
      if (!isWholeOrder(order) || !isPaidStatus(order.status)) return;
      track('pay.success', orderId!);
      // This device paid for it: its progress and receipt stay whole here (decision 049).
      if (editKey && order.entity_phone) rememberOwnOrder({ id: order.id, key: editKey, phone: order.entity_phone });
    },
  });

  if (given) return { kind: 'loaded', order: given, form, editKey };
  if (fetched.data && isWholeOrder(fetched.data)) return { kind: 'loaded', order: fetched.data, form, editKey };
  if (fetched.error !== undefined || fetched.data) return { kind: 'failed' };
  return orderId ? { kind: 'loading' } : { kind: 'none' };
}

/**
 * The ID number to show for the order: in full when the visitor's own form for this company
 * holds it (same company, and it masks to the value the server sends), otherwise the masked value.
 */
export function visibleIdNumber(order: OrderRecord, form: OrderForm | null): string {
  if (form?.entity_idno && form.entity_id === order.entity_id && maskIdNumber(form.entity_idno) === order.entity_idno) {
    return form.entity_idno;
  }
  return order.entity_idno || '—';
}
