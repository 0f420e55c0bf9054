import { isPaidStatus, isWholeOrder, maskIdNumber, type OrderRecord } from '@kuaibao/domain';
import { useEffect, useState } from 'react';
import { fetchOrderDetail } from '../../api/endpoints.ts';
import { rememberOwnOrder } from '../../own-orders.ts';
import { track } from '../../api/index.ts';
import { useRequest } from '../../common/use-request.ts';
import { useLocation } from '../../router/router.tsx';
import { forgetOrder, readOrderForm, readString, removeKey, type OrderForm } from '../../storage.ts';
import { forgetPendingDeclaration, pendingDeclarationOf, readPendingDeclarations, rememberPendingDeclaration, type DeclarationLocationState } from '../../common/pending-declarations.ts';

export type PaidOrderState =
  | { kind: 'none' }
  | { kind: 'loading' }
  /**
   * `form`: the form this visitor submitted for the order, if this browser still holds it.
   * `editKey`: the order's edit key from its creation on this browser (decision 012), if any.
   * `resumed`: the order is one this browser paid for earlier and has not yet filed (a reload, or
   * the way back from /checkDetail or the receipt), not a payment that just happened.
   */
  | { kind: 'loaded'; order: OrderRecord; form: OrderForm | null; editKey: string | null; resumed: boolean }
  | { kind: 'failed' };

interface Target {
  orderId: string;
  editKey: string | null;
  resumed: boolean;
}

/**
 * The order to show: the one just paid (the stored orderId), else the one the way back asked for,
 * else the latest this browser has still to file (docs/decisions/050-separate-id-number-consent.md).
 */
function targetOrder(state: unknown): Target | null {
  const fresh = readString('orderId');
  if (fresh) return { orderId: fresh, editKey: readString('orderKey'), resumed: false };
  const asked = (state as DeclarationLocationState | null)?.declarationOrderId;
  const entry = asked ? pendingDeclarationOf(asked) : readPendingDeclarations().at(-1);
  return entry ? { orderId: entry.orderId, editKey: entry.editKey, resumed: true } : null;
}

/**
 * The paid order of the success flow (docs/product/orders-and-statuses.md#payment-confirmation): the stored orderId is
 * read and removed (with its edit key and the stored form, which holds the ID number), then the
 * order fetched; the key stays in memory for the declaration. An annual report whose figures are
 * still to come is kept with its key among the pending declarations until it is filed, so a reload
 * of /success comes back to its form.
 * No stored id and nothing pending → 'none' (the caller goes to /). An order handed over directly is used as is.
 * The stored form is read before it is removed; the page shows the ID number masked, as the server
 * sends it (docs/product/trust-and-personal-data.md#id-numbers).
 */
export function usePaidOrder(given: OrderRecord | null = null, givenForm: OrderForm | null = null, givenKey: string | null = null): PaidOrderState {
  const location = useLocation();
  // Pure reads: StrictMode may call initialisers twice; the removals wait for the effect.
  const [target] = useState(() => (given ? null : targetOrder(location.state)));
  const [form] = useState(() => (given ? givenForm : target?.resumed ? null : readOrderForm()));
  const editKey = given ? givenKey : (target?.editKey ?? null);
  const orderId = target?.orderId ?? null;
  const fresh = !!target && !target.resumed;

  useEffect(() => {
    if (!fresh) return;
    forgetOrder();
    removeKey('params');
  }, [fresh]);
  useEffect(() => {
    if (given?.declaration_pending) rememberPendingDeclaration({ orderId: given.id, editKey: givenKey });
  }, [given, givenKey]);
  const fetched = useRequest(orderId, (signal) => fetchOrderDetail(orderId!, { signal, key: editKey }), {
    onData: (order) => {
      if (!isWholeOrder(order)) return;
      if (order.declaration_pending) rememberPendingDeclaration({ orderId: order.id, editKey });
      else forgetPendingDeclaration(order.id);
      if (!isPaidStatus(order.status)) return;
      if (fresh) track('pay.success', orderId!);
      // This device paid for it: its progress and receipt stay whole here (decision 049).
      if (editKey && order.entity_phone) rememberOwnOrder({ id: order.id, key: editKey, phone: order.entity_phone });
    },
  });

  if (given) return { kind: 'loaded', order: given, form, editKey, resumed: false };
  if (fetched.data && isWholeOrder(fetched.data)) return { kind: 'loaded', order: fetched.data, form, editKey, resumed: !fresh };
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
