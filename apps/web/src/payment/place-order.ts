import { ALREADY_PAID_RESULT, ID_NUMBER_CONSENT_VERSION, type Agreement, type AuthorizationConfirmation, type CreateOrderRequest, type CreateOrderResult, alreadyOrderedMessage, normalizeChannel, type OrderCheckRequest, type GoodsType, type PaySource, type PayType, PAGE_ERRORS } from '@kuaibao/domain';
import { createOrder, fetchCurrentAgreement } from '../api/order-endpoints.ts';
import { RequestError } from '../api/client.ts';
import { track } from '../api/index.ts';
import { readConfig, writeJson, type OrderForm } from '../storage.ts';

/**
 * The agreement version the visitor was shown: the one of the stored site config, which the home
 * page's agreement shows (docs/decisions/034-versioned-agreements.md).
 */
export function shownAgreementVersion(): string {
  return readConfig()?.agreement_version ?? '';
}

/**
 * The form as the server reads it, without the payment: what "already ordered" asks with, and what
 * the order's creation sends with its payment fields. The consents are the visitor's, given on the home.
 */
export function orderFormRequest(form: OrderForm): OrderCheckRequest {
  return {
    goods_id: form.goods_id,
    source: form.source,
    entity_name: form.entity_name,
    entity_id: form.entity_id,
    entity_legal: form.entity_legal,
    entity_idno: form.entity_idno,
    entity_phone: form.entity_phone,
    // Both ticks of the home form: the agreement, and apart from it the ID number (decision 050).
    extra: { consent: true, agreement_version: shownAgreementVersion(), idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
  };
}

/** After a refusal: the new agreement becomes the one the pages show (the next order names its version). */
export function rememberAgreement(agreement: Agreement): void {
  const config = readConfig();
  if (config) writeJson('config', { ...config, privacy: agreement.text, agreement_version: agreement.version, agreement_effective_date: agreement.effective_date });
}

/** The link's `source` this tab came by (startup.ts keeps it), when it is a channel the server would keep. */
export function visitChannel(): string | undefined {
  try {
    return normalizeChannel(JSON.parse(sessionStorage.getItem('channel') ?? 'null')) ?? undefined;
  } catch {
    return undefined;
  }
}

export type PlaceOrderOutcome =
  | { kind: 'created'; result: CreateOrderResult }
  /** 'paied' or isPaied: the company has already filed (docs/product/orders-and-statuses.md). */
  | { kind: 'filed'; text: string }
  /** Any other string answer. */
  | { kind: 'message'; text: string }
  /** The agreement changed since the page was loaded: the current one, for the visitor to read and agree to. */
  | { kind: 'agreement-outdated'; agreement: Agreement }
  /** `code`: the catalog code when the server answered one (WECHAT_LOGIN_EXPIRED offers 重新登录). */
  | { kind: 'error'; text: string; code?: number };

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
  /** A cancellation's confirmed authorisation (docs/decisions/035-cancellation-authorisation.md). */
  authorization?: AuthorizationConfirmation;
}): Promise<PlaceOrderOutcome> {
  const { form } = input;
  const channel = visitChannel();
  const body: CreateOrderRequest = {
    ...orderFormRequest(form),
    pay_type: input.payType,
    pay_source: input.paySource,
    ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
    ...(input.precheckContinued ? { precheck_continued: true } : {}),
    ...(input.authorization ? { authorization: input.authorization } : {}),
    // 信用修复's record, chosen on the home; the server ignores it for the other services.
    ...(form.credit_record && input.goodsType === 'credit_repair' ? { credit_record: form.credit_record } : {}),
    // The order remembers the channel it came from (docs/decisions/059-prices-per-customer-kind-and-channel.md).
    ...(channel ? { channel } : {}),
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
    if (error instanceof RequestError && error.code === PAGE_ERRORS.AGREEMENT_OUTDATED.code) {
      track('pay.agreement.outdated', shownAgreementVersion(), 'error');
      try {
        return { kind: 'agreement-outdated', agreement: await fetchCurrentAgreement() };
      } catch (fetchError) {
        return { kind: 'error', text: fetchError instanceof Error ? fetchError.message : String(fetchError) };
      }
    }
    const text = error instanceof Error ? error.message : String(error);
    track('pay.create.error', text, 'error', { pay_type: input.payType, pay_source: input.paySource });
    return { kind: 'error', text, ...(error instanceof RequestError && error.code !== undefined ? { code: error.code } : {}) };
  }
}
