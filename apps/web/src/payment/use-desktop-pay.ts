import { priceForCustomer, type Goods, type OrderRecord, type PayType } from '@kuaibao/domain';
import { useEffect, useState } from 'react';
import { track } from '../api/index.ts';
import type { CheckLocationState } from '../pages/check/check-page.tsx';
import { useNavigate } from '../router/router.tsx';
import { forgetOrder, rememberOrder, removeKey, type OrderForm } from '../storage.ts';
import { usePayFlow } from './use-pay-flow.ts';
import { useServiceContact } from '../common/service-contact.ts';
import { rememberOwnOrder } from '../own-orders.ts';

export interface DesktopPayOptions {
  form: OrderForm;
  goods: Goods | undefined;
  onClose: () => void;
  /** `editKey`: the paid order's edit key from its creation (decision 012), for the declaration. */
  onPaid: (order: OrderRecord, editKey: string) => void;
}

/**
 * The desktop pay dialog's flow (docs/product/screens.md#payment): a native order is created on open
 * with the first method (after the 授权委托书 when the service needs one), again on a method change,
 * and polled every second until paid. Closing it unpaid shows the service tip (`phase`).
 */
export function useDesktopPay({ form, goods, onClose, onPaid }: DesktopPayOptions) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<'pay' | 'tip'>('pay');
  const service = useServiceContact();
  const [showAll, setShowAll] = useState(false);
  const flow = usePayFlow({
    form,
    goods,
    formFactor: 'desktop',
    poll: phase === 'pay',
    onCreated: rememberOrder,
    onPaid: (order, result) => {
      forgetOrder();
      removeKey('params');
      track('pay.success', result.orderId, 'event', { form_factor: 'desktop' });
      // This device paid for it: its progress and receipt stay whole here (decision 049).
      if (order.entity_phone) rememberOwnOrder({ id: order.id, key: result.editKey, phone: order.entity_phone });
      onPaid(order, result.editKey);
    },
    onLeave: () => {
      onClose();
      navigate('/');
    },
  });
  const { types, payType, payment, authorizationNeeded } = flow;
  const { state, create } = payment;

  // The order for the first method is created on open. The form is fixed for the dialog's life.
  const [first] = useState(types[0]);
  useEffect(() => {
    if (first && !authorizationNeeded) create(first);
  }, [first, create, authorizationNeeded]);

  // The order's QR code stays up once paid, until the success flow takes over.
  const shown = state.kind === 'ready' || state.kind === 'paid' ? state.result : null;
  return {
    flow,
    phase,
    shown,
    // Until the order answers, the price for this company's kind (customer-price.ts); then the order's own.
    fee: shown ? shown.payFee : goods ? priceForCustomer(goods, form.entity_id, form.entity_name) : 0,
    /** The first method, and the others once asked for (其他支付方式) or chosen. */
    visibleTypes: showAll || payType !== types[0] ? types : types.slice(0, 1),
    showAllTypes: () => setShowAll(true),
    /** 确认授权并生成支付二维码: the order is made with the confirmed authorisation. */
    confirmAuthorization: () => {
      const authorization = flow.confirmAuthorization();
      if (authorization && payType) flow.createOrder(payType, { authorization });
    },
    /** A method change makes the order again, for that method. */
    choose: (type: PayType) => {
      if (type === payType) return;
      flow.setPayType(type);
      flow.createOrder(type);
    },
    /** 重新生成 after a failed creation. */
    retry: () => {
      if (payType) flow.createOrder(payType);
    },
    /** 我已了解，仍要办理: the order is made again, recording the choice, and its QR code shows. */
    continueAnyway: () => {
      flow.continuePastPrecheck();
      if (payType) flow.createOrder(payType, { precheckContinued: true });
    },
    notNeeded: () => {
      flow.leaveAtPrecheck();
      onClose();
    },
    /** Paid, leaving or already ordered: closes; unpaid: the service tip instead. */
    close: () => {
      // The tip invites contact: without a usable contact there is nothing to show (decision 047).
      if (state.kind === 'paid' || state.kind === 'leaving' || state.kind === 'filed' || !service.available) onClose();
      else setPhase('tip');
    },
    /** 查看办理进度 when the company already ordered: /check with the phone the order was placed with. */
    viewProgress: () => {
      onClose();
      track('pay.ispaied.progress', form.goods_id, 'click', { form_factor: 'desktop' });
      navigate('/check', { state: { phone: form.entity_phone } satisfies CheckLocationState });
    },
  };
}
