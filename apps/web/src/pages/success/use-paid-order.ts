import { isPaidStatus, type OrderRecord } from '@kuaibao/domain';
import { useEffect, useState } from 'react';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { track } from '../../api/index.ts';
import { readString, removeKey } from '../../storage.ts';

export type PaidOrderState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'loaded'; order: OrderRecord }
  | { kind: 'failed' };

/**
 * The paid order of the success flow (spec §4 "Payment confirmation"): the stored orderId is
 * read and removed (with the stored form, which holds the ID number), then the order fetched.
 * No stored id → 'none' (the caller goes to /). An order handed over directly is used as is.
 */
export function usePaidOrder(given: OrderRecord | null = null): PaidOrderState {
  // A pure read: StrictMode may call initialisers twice.
  const [orderId] = useState(() => (given ? null : readString('orderId')));
  const [state, setState] = useState<PaidOrderState>(() =>
    given ? { kind: 'loaded', order: given } : orderId ? { kind: 'loading' } : { kind: 'none' },
  );

  useEffect(() => {
    if (!orderId) return;
    removeKey('orderId');
    removeKey('params');
    let live = true;
    fetchOrderDetail(orderId)
      .then((order) => {
        if (!live) return;
        if (isPaidStatus(order.status)) track('pay.success', orderId);
        setState({ kind: 'loaded', order });
      })
      .catch(() => {
        if (live) setState({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [orderId]);

  return state;
}
