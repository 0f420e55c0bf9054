import {
  type Agreement,
  type AuthorizationConfirmation,
  isPaidStatus,
  isWholeOrder,
  JSAPI_CONFIRM_TRIES,
  PAY_POLL_MS,
  REDIRECT_DELAY_MS,
  type CreateOrderResult,
  type GoodsType,
  type JsapiPayOutcome,
  type MaskedOrderDetail,
  type OrderRecord,
  type PaySource,
  type PayType,
} from '@kuaibao/domain';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { fetchOrderDetail } from '../api/endpoints.ts';
import { useRequest } from '../common/use-request.ts';
import type { OrderForm } from '../storage.ts';
import { toast } from '../ui/toast.tsx';
import { placeOrder, rememberAgreement } from './place-order.ts';

/**
 * One payment, on the phone's /pay or in the desktop dialog (docs/product/orders-and-statuses.md#order-creation, "Payment
 * confirmation"):
 * - idle: nothing asked yet (the phone, before '立即办理'; again after a payment that did not go through).
 * - creating: the order is being created for `payType` (a newer creation replaces it).
 * - ready: the order exists; the desktop shows its QR code and polls it, the phone is paying it elsewhere.
 * - confirming: the payer answered in WeChat's sheet (`answer`), which is not proof: the order is looked
 *   at, once a second up to JSAPI_CONFIRM_TRIES times after 'ok', once after 'fail' or 'cancel'.
 * - failed: the creation failed (`text`); the desktop offers '重新生成'.
 * - leaving: the server answered with a message: home after a moment.
 * - filed: the company has already ordered the service this year (the service's words in `text`): said
 *   until the visitor dismisses it or goes to see the progress (already-ordered-notice.tsx); no way home by itself.
 * - paid: the order is paid.
 * - agreement: the server refused the order for an older agreement version (decision 034): the
 *   current text is shown; agreeing creates the order again for `payType`, the form as it was.
 */
export type PaymentState =
  | { kind: 'idle' }
  | { kind: 'creating'; payType: PayType }
  | { kind: 'ready'; payType: PayType; result: CreateOrderResult }
  | { kind: 'confirming'; result: CreateOrderResult; answer: JsapiPayOutcome }
  | { kind: 'failed'; payType: PayType; text: string; code?: number }
  | { kind: 'leaving'; text: string }
  | { kind: 'filed'; text: string }
  | { kind: 'paid'; result: CreateOrderResult; order: OrderRecord }
  | { kind: 'agreement'; payType: PayType; agreement: Agreement };

export type PaymentEvent =
  | { type: 'create'; payType: PayType }
  | { type: 'created'; result: CreateOrderResult }
  | { type: 'failed'; text: string; code?: number }
  | { type: 'refused'; text: string }
  | { type: 'filed'; text: string }
  | { type: 'outdated'; agreement: Agreement }
  | { type: 'confirm'; answer: JsapiPayOutcome }
  | { type: 'paid'; order: OrderRecord }
  | { type: 'unconfirmed' }
  | { type: 'reset' };

/** The allowed moves; any other event leaves the state as it is. */
export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'create':
      // A method change recreates the order, also while one is being created or shown.
      return state.kind === 'confirming' || state.kind === 'leaving' || state.kind === 'filed' || state.kind === 'paid' ? state : { kind: 'creating', payType: event.payType };
    case 'created':
      return state.kind === 'creating' ? { kind: 'ready', payType: state.payType, result: event.result } : state;
    case 'failed':
      return state.kind === 'creating' ? { kind: 'failed', payType: state.payType, text: event.text, ...(event.code !== undefined ? { code: event.code } : {}) } : state;
    case 'refused':
      return state.kind === 'creating' ? { kind: 'leaving', text: event.text } : state;
    case 'filed':
      return state.kind === 'creating' ? { kind: 'filed', text: event.text } : state;
    case 'outdated':
      return state.kind === 'creating' ? { kind: 'agreement', payType: state.payType, agreement: event.agreement } : state;
    case 'confirm':
      return state.kind === 'ready' ? { kind: 'confirming', result: state.result, answer: event.answer } : state;
    case 'paid':
      return state.kind === 'ready' || state.kind === 'confirming' ? { kind: 'paid', result: state.result, order: event.order } : state;
    case 'unconfirmed':
      return state.kind === 'confirming' ? { kind: 'idle' } : state;
    case 'reset':
      return state.kind === 'ready' || state.kind === 'failed' || state.kind === 'agreement' ? { kind: 'idle' } : state;
  }
}

export interface PaymentOptions {
  form: OrderForm;
  /** The chosen service (its words for "already ordered"). */
  goodsType: GoodsType;
  paySource: PaySource;
  /** For h5 payments: where the provider sends the visitor back. */
  returnUrl?: string;
  /** Poll the order while it is ready (the desktop QR code); the phone confirms in its own way. */
  poll: boolean;
  onCreated?: (result: CreateOrderResult, payType: PayType) => void;
  onPaid?: (order: OrderRecord, result: CreateOrderResult) => void;
  /** Confirming ended without a paid order: what WeChat's sheet had answered. The state is idle again. */
  onUnconfirmed?: (answer: JsapiPayOutcome) => void;
  /** After 'leaving' and its message: where to go (home). */
  onLeave: () => void;
}

export interface CreateOptions {
  precheckContinued?: boolean;
  /** A cancellation's confirmed authorisation (decision 035). */
  authorization?: AuthorizationConfirmation;
}

export interface Payment {
  state: PaymentState;
  /**
   * Creates the order for `payType` (a newer call wins over a slower older one). Stable across renders.
   * `precheckContinued`: the visitor chose to go on past the pre-check's notice.
   */
  create: (payType: PayType, options?: CreateOptions) => void;
  /** The payer answered in WeChat's sheet: let the order decide (see 'confirming'). */
  confirm: (answer: JsapiPayOutcome) => void;
  /** Back to idle after a payment that did not go through (the phone's button works again). */
  reset: () => void;
  /** In 'agreement': the visitor agreed to the shown version; the order is created again. */
  agreeAndRetry: () => void;
}

/**
 * The payment state machine with its calls: creation, the poll while ready (every PAY_POLL_MS, the
 * first one interval after the QR code shows; failures are only missed polls, docs/product/texts.md), and the
 * delayed way home after a refusal.
 */
export function usePayment(options: PaymentOptions): Payment {
  const [state, dispatch] = useReducer(paymentReducer, { kind: 'idle' });
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // Each creation takes a ticket; an answer whose ticket is no longer the last is ignored (and so on unmount).
  const ticket = useRef(0);
  useEffect(
    () => () => {
      ticket.current += 1;
    },
    [],
  );

  // The last creation's choices, so that agreeing to a new agreement repeats it as it was.
  const lastChoice = useRef<CreateOptions | undefined>(undefined);
  const create = useCallback((payType: PayType, choice?: CreateOptions) => {
    const mine = ++ticket.current;
    lastChoice.current = choice;
    dispatch({ type: 'create', payType });
    const { form, goodsType, paySource, returnUrl } = latest.current;
    void placeOrder({
      form,
      goodsType,
      payType,
      paySource,
      ...(returnUrl ? { returnUrl } : {}),
      ...(choice?.precheckContinued ? { precheckContinued: true } : {}),
      ...(choice?.authorization ? { authorization: choice.authorization } : {}),
    }).then((outcome) => {
      if (mine !== ticket.current) return;
      if (outcome.kind === 'agreement-outdated') {
        dispatch({ type: 'outdated', agreement: outcome.agreement });
      } else if (outcome.kind === 'created') {
        dispatch({ type: 'created', result: outcome.result });
        latest.current.onCreated?.(outcome.result, payType);
      } else if (outcome.kind === 'error') {
        dispatch({ type: 'failed', text: outcome.text, ...(outcome.code !== undefined ? { code: outcome.code } : {}) });
      } else if (outcome.kind === 'filed') {
        dispatch({ type: 'filed', text: outcome.text });
      } else {
        toast.info(outcome.text);
        dispatch({ type: 'refused', text: outcome.text });
      }
    });
  }, []);

  // The order is watched while its QR code is shown (desktop), or while a WeChat answer is confirmed.
  const confirming = state.kind === 'confirming' ? state : null;
  const watched = confirming ? confirming.result : options.poll && state.kind === 'ready' ? state.result : null;
  const looks = useRef(0);
  const look = (answer: OrderRecord | MaskedOrderDetail | null) => {
    if (!watched) return;
    // With the order's key the answer is whole (decision 049); the success flow needs it so.
    const order = answer && isWholeOrder(answer) ? answer : null;
    if (order && isPaidStatus(order.status)) {
      dispatch({ type: 'paid', order });
      latest.current.onPaid?.(order, watched);
      return;
    }
    // A failed look counts as not yet paid (polling failures are not shown, docs/product/texts.md).
    looks.current += 1;
    if (confirming && looks.current >= (confirming.answer === 'ok' ? JSAPI_CONFIRM_TRIES : 1)) {
      dispatch({ type: 'unconfirmed' });
      latest.current.onUnconfirmed?.(confirming.answer);
    }
  };
  useRequest(watched ? `${state.kind}:${watched.orderId}` : null, (signal) => fetchOrderDetail(watched!.orderId, { quiet: true, signal, key: watched!.editKey }), {
    pollMs: PAY_POLL_MS,
    // The QR code's first look waits one interval; a WeChat answer is confirmed at once.
    delayMs: confirming ? 0 : PAY_POLL_MS,
    onData: look,
    onError: () => look(null),
  });

  const leaving = state.kind === 'leaving';
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => latest.current.onLeave(), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  const confirm = (answer: JsapiPayOutcome) => {
    looks.current = 0;
    dispatch({ type: 'confirm', answer });
  };
  /** The visitor agreed to the current agreement after a refusal: the same creation again. */
  const agreeAndRetry = () => {
    if (state.kind !== 'agreement') return;
    rememberAgreement(state.agreement);
    create(state.payType, lastChoice.current);
  };
  return { state, create, confirm, agreeAndRetry, reset: () => dispatch({ type: 'reset' }) };
}
