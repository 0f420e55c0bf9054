import type { CreateOrderResult, OrderRecord } from '@kuaibao/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyOrderForm } from '../storage.ts';
import { placeOrder, type PlaceOrderOutcome } from './place-order.ts';
import { paymentReducer, usePayment, type PaymentEvent, type PaymentState } from './use-payment.ts';

vi.mock('./place-order.ts', () => ({ placeOrder: vi.fn<typeof placeOrder>() }));

afterEach(cleanup);

const result = { orderId: 'o-1', payFee: 19900, editKey: 'k' } as CreateOrderResult;
const order = { id: 'o-1', status: '2' } as OrderRecord;

const STATES: Record<PaymentState['kind'], PaymentState> = {
  idle: { kind: 'idle' },
  creating: { kind: 'creating', payType: 'weixin' },
  ready: { kind: 'ready', payType: 'weixin', result },
  failed: { kind: 'failed', payType: 'weixin', text: 'x' },
  leaving: { kind: 'leaving', text: '当前公司已申报' },
  paid: { kind: 'paid', result, order },
};
const EVENTS: Record<PaymentEvent['type'], PaymentEvent> = {
  create: { type: 'create', payType: 'alipay' },
  created: { type: 'created', result },
  failed: { type: 'failed', text: 'down' },
  refused: { type: 'refused', text: '当前公司已申报' },
  paid: { type: 'paid', order },
  reset: { type: 'reset' },
};
/** The allowed moves: [from, event] → the kind it leads to. Every other pair leaves the state as it is. */
const MOVES: Record<string, PaymentState['kind']> = {
  'idle create': 'creating',
  'creating create': 'creating',
  'ready create': 'creating',
  'failed create': 'creating',
  'creating created': 'ready',
  'creating failed': 'failed',
  'creating refused': 'leaving',
  'ready paid': 'paid',
  'ready reset': 'idle',
  'failed reset': 'idle',
};

describe('paymentReducer', () => {
  for (const [from, state] of Object.entries(STATES)) {
    for (const [type, event] of Object.entries(EVENTS)) {
      const to = MOVES[`${from} ${type}`];
      it(`${from} + ${type} → ${to ?? 'unchanged'}`, () => {
        const next = paymentReducer(state, event);
        // An allowed move leads to its kind; any other pair returns the very same state.
        expect(to ? next.kind : next).toBe(to ?? state);
      });
    }
  }

  it('keeps what the next step needs', () => {
    expect(paymentReducer(STATES.creating, EVENTS.created)).toEqual({ kind: 'ready', payType: 'weixin', result });
    expect(paymentReducer(STATES.ready, EVENTS.paid)).toEqual({ kind: 'paid', result, order });
    expect(paymentReducer(STATES.idle, EVENTS.create)).toEqual({ kind: 'creating', payType: 'alipay' });
  });
});

describe('usePayment', () => {
  function deferred() {
    let resolve!: (outcome: PlaceOrderOutcome) => void;
    const promise = new Promise<PlaceOrderOutcome>((done) => (resolve = done));
    return { promise, resolve };
  }

  it('a newer creation wins over a slower older one; a failure can be retried', async () => {
    const first = deferred();
    const second = deferred();
    const third = deferred();
    vi.mocked(placeOrder).mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise).mockReturnValueOnce(third.promise);
    const onCreated = vi.fn<(created: CreateOrderResult) => void>();
    const { result: payment } = renderHook(() =>
      usePayment({ form: emptyOrderForm('web'), paySource: 'native', poll: false, onCreated, onLeave: () => undefined }),
    );
    act(() => payment.current.create('weixin'));
    act(() => payment.current.create('alipay'));
    expect(payment.current.state).toEqual({ kind: 'creating', payType: 'alipay' });
    await act(async () => second.resolve({ kind: 'error', text: '网络异常' }));
    await act(async () => first.resolve({ kind: 'created', result }));
    expect(payment.current.state).toEqual({ kind: 'failed', payType: 'alipay', text: '网络异常' });
    expect(onCreated).not.toHaveBeenCalled();

    act(() => payment.current.create('alipay'));
    await act(async () => third.resolve({ kind: 'created', result }));
    expect(payment.current.state).toEqual({ kind: 'ready', payType: 'alipay', result });
    expect(vi.mocked(placeOrder).mock.calls.map(([input]) => input.payType)).toEqual(['weixin', 'alipay', 'alipay']);
    expect(onCreated).toHaveBeenCalledWith(result, 'alipay');
  });

  it('ignores an answer that comes after unmount', async () => {
    const only = deferred();
    vi.mocked(placeOrder).mockReturnValueOnce(only.promise);
    const onCreated = vi.fn<(created: CreateOrderResult) => void>();
    const { result: payment, unmount } = renderHook(() =>
      usePayment({ form: emptyOrderForm('web'), paySource: 'h5', poll: false, onCreated, onLeave: () => undefined }),
    );
    act(() => payment.current.create('weixin'));
    unmount();
    await act(async () => only.resolve({ kind: 'created', result }));
    expect(onCreated).not.toHaveBeenCalled();
  });
});
