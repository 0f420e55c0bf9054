import {
  ALREADY_PAID_RESULT,
  type CreateOrderRequest,
  type CreateOrderResult,
  alreadyOrderedMessage,
  type GoodsType,
  type PaySource,
  type PayType,
} from '@kuaibao/domain';
import { createOrder } from '../api/order-endpoints.ts';
import { track } from '../api/index.ts';
import type { OrderForm } from '../storage.ts';

/** The agreement version recorded with the consent (docs/product/trust-and-personal-data.md). */
export const AGREEMENT_VERSION = '2026-11';

export type PlaceOrderOutcome =
  | { kind: 'created'; result: CreateOrderResult }
  /** 'paied' or isPaied: the company has already filed (docs/product/orders-and-statuses.md). */
  | { kind: 'filed'; text: string }
  /** Any other string answer. */
  | { kind: 'message'; text: string }
  | { kind: 'error'; text: string };

/**
 * Creates the order (docs/product/orders-and-statuses.md#order-creation): on the pay page, on opening the desktop pay
 * dialog, and on switching the payment method. Never throws; reports pay.* events.
 */
export async function placeOrder(input: {
  form: OrderForm;
  /** The chosen service: words the "already ordered" answer. */
  goodsType: GoodsType;
  payType: PayType;
  paySource: PaySource;
  /** For h5 payments: where the provider sends the visitor back. */
  returnUrl?: string;
  /** The visitor saw the pre-check's "already published" notice and chose to go on. */
  precheckContinued?: boolean;
}): Promise<PlaceOrderOutcome> {
  const { form } = input;
  const body: CreateOrderRequest = {
    goods_id: form.goods_id,
    pay_type: input.payType,
    pay_source: input.paySource,
    source: form.source,
    entity_name: form.entity_name,
    entity_id: form.entity_id,
    entity_legal: form.entity_legal,
    entity_idno: form.entity_idno,
    entity_phone: form.entity_phone,
    extra: { consent: true, agreement_version: AGREEMENT_VERSION },
    ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
    ...(input.precheckContinued ? { precheck_continued: true } : {}),
  };
  track('pay.create', input.payType, 'click', { pay_source: input.paySource, goods_id: form.goods_id });
  try {
    const answer = await createOrder(body);
    if (typeof answer === 'string') {
      if (answer === ALREADY_PAID_RESULT) {
        track('pay.ispaied', form.entity_id);
        return { kind: 'filed', text: alreadyOrderedMessage(input.goodsType) };
      }
      return { kind: 'message', text: answer };
    }
    if (answer.isPaied) {
      track('pay.ispaied', form.entity_id);
      return { kind: 'filed', text: alreadyOrderedMessage(input.goodsType) };
    }
    track('pay.created', answer.orderId, 'event', { pay_type: input.payType, pay_source: input.paySource });
    return { kind: 'created', result: answer };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    track('pay.create.error', text, 'error', { pay_type: input.payType, pay_source: input.paySource });
    return { kind: 'error', text };
  }
}
