import type { CreateOrderResult, OrderRecord } from '@kuaibao/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchOrderDetail } from '../api/endpoints.ts';
import { emptyOrderForm } from '../storage.ts';
import { placeOrder, rememberAgreement, type PlaceOrderOutcome } from './place-order.ts';
import { paymentReducer, usePayment, type PaymentEvent, type PaymentState } from './use-payment.ts';

vi.mock('./place-order.ts', () => ({ placeOrder: vi.fn<typeof placeOrder>(), rememberAgreement: vi.fn<typeof rememberAgreement>() }));
vi.mock('../api/endpoints.ts', () => ({ fetchOrderDetail: vi.fn<typeof fetchOrderDetail>() }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(fetchOrderDetail).mockReset();
});

const result = { orderId: 'o-1', payFee: 19900, editKey: 'k' } as CreateOrderResult;
const order = { id: 'o-1', status: '2' } as OrderRecord;

const STATES: Record<PaymentState['kind'], PaymentState> = {
  idle: { kind: 'idle' },
  creating: { kind: 'creating', payType: 'weixin' },
  ready: { kind: 'ready', payType: 'weixin', result },
  confirming: { kind: 'confirming', result, answer: 'ok' },
  failed: { kind: 'failed', payType: 'weixin', text: 'x' },
  leaving: { kind: 'leaving', text: '订单信息有误' },
  filed: { kind: 'filed', text: '当前公司已申报' },
  paid: { kind: 'paid', result, order },
  agreement: { kind: 'agreement', payType: 'weixin', agreement: { version: '2026-11-27', effective_date: '2026-11-27', text: '新协议' } },
};
const EVENTS: Record<PaymentEvent['type'], PaymentEvent> = {
  create: { type: 'create', payType: 'alipay' },
  created: { type: 'created', result },
  failed: { type: 'failed', text: 'down' },
  refused: { type: 'refused', text: '订单信息有误' },
  filed: { type: 'filed', text: '当前公司已申报' },
  confirm: { type: 'confirm', answer: 'cancel' },
  paid: { type: 'paid', order },
  unconfirmed: { type: 'unconfirmed' },
  reset: { type: 'reset' },
  outdated: { type: 'outdated', agreement: { version: '2026-11-27', effective_date: '2026-11-27', text: '新协议' } },
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
  'creating filed': 'filed',
  'ready paid': 'paid',
  'ready confirm': 'confirming',
  'confirming paid': 'paid',
  'confirming unconfirmed': 'idle',
  'ready reset': 'idle',
  'failed reset': 'idle',
  'creating outdated': 'agreement',
  'agreement create': 'creating',
  'agreement reset': 'idle',
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

  it('an order refused for an older agreement shows the new one; agreeing remembers it and creates the order again with the same choice', async () => {
    const agreement = { version: '2026-11-27', effective_date: '2026-11-27', text: '新协议' };
    vi.mocked(placeOrder).mockReset();
    vi.mocked(placeOrder).mockResolvedValueOnce({ kind: 'agreement-outdated', agreement }).mockResolvedValueOnce({ kind: 'created', result });
    const { result: payment } = renderHook(() => usePayment({ form: emptyOrderForm('web'), goodsType: 'license_destory', paySource: 'h5', poll: false, onLeave: () => undefined }));
    const authorization = { template_version: 't', signer_name: '张三', confirmed: true };
    await act(async () => payment.current.create('alipay', { precheckContinued: true, authorization }));
    expect(payment.current.state).toEqual({ kind: 'agreement', payType: 'alipay', agreement });
    await act(async () => payment.current.agreeAndRetry());
    expect(vi.mocked(rememberAgreement)).toHaveBeenCalledWith(agreement);
    expect(vi.mocked(placeOrder).mock.calls[1]![0]).toMatchObject({ payType: 'alipay', precheckContinued: true, authorization });
    expect(payment.current.state.kind).toBe('ready');
  });

  it('a newer creation wins over a slower older one; a failure can be retried', async () => {
    const first = deferred();
    const second = deferred();
    const third = deferred();
    vi.mocked(placeOrder).mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise).mockReturnValueOnce(third.promise);
    const onCreated = vi.fn<(created: CreateOrderResult) => void>();
    const { result: payment } = renderHook(() =>
      usePayment({ form: emptyOrderForm('web'), goodsType: 'license_year', paySource: 'native', poll: false, onCreated, onLeave: () => undefined }),
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
      usePayment({ form: emptyOrderForm('web'), goodsType: 'license_year', paySource: 'h5', poll: false, onCreated, onLeave: () => undefined }),
    );
    act(() => payment.current.create('weixin'));
    unmount();
    await act(async () => only.resolve({ kind: 'created', result }));
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('usePayment and the pre-check', () => {
  it('passes 我已了解，仍要办理 to the order only when the visitor chose it', async () => {
    vi.mocked(placeOrder).mockReset().mockResolvedValue({ kind: 'created', result });
    const { result: payment } = renderHook(() => usePayment({ form: emptyOrderForm('web'), goodsType: 'license_year', paySource: 'native', poll: false, onLeave: () => undefined }));
    await act(async () => payment.current.create('weixin'));
    await act(async () => payment.current.create('weixin', { precheckContinued: true }));
    await act(async () => payment.current.create('alipay', { precheckContinued: false }));
    expect(vi.mocked(placeOrder).mock.calls.map(([input]) => input.precheckContinued)).toEqual([undefined, true, undefined]);
  });
});

describe('usePayment confirming a WeChat answer (the order decides)', () => {
  /** A payment whose order answers unpaid `unpaidLooks` times (the first of them failing), then paid. */
  async function confirmAfter(answer: 'ok' | 'fail' | 'cancel', unpaidLooks: number) {
    vi.useFakeTimers();
    let looks = 0;
    vi.mocked(fetchOrderDetail).mockImplementation(async () => {
      looks += 1;
      if (looks === 1 && unpaidLooks > 0) throw new Error('missed');
      return { ...order, status: looks > unpaidLooks ? '2' : '1' } as OrderRecord;
    });
    vi.mocked(placeOrder).mockResolvedValueOnce({ kind: 'created', result });
    const onPaid = vi.fn<(paid: OrderRecord) => void>();
    const onUnconfirmed = vi.fn<(answer: string) => void>();
    const { result: payment } = renderHook(() =>
      usePayment({ form: emptyOrderForm('wx-oa'), goodsType: 'license_year', paySource: 'jsapi', poll: false, onPaid, onUnconfirmed, onLeave: () => undefined }),
    );
    await act(async () => payment.current.create('weixin'));
    act(() => payment.current.confirm(answer));
    const times: number[] = [];
    for (let second = 0; second < 15; second += 1) {
      const before = looks;
      await act(async () => vi.advanceTimersByTime(1000));
      if (looks > before) times.push(second);
    }
    return { looks: () => looks, times, onPaid, onUnconfirmed, state: () => payment.current.state };
  }

  it('after ok, looks once a second until the order is paid', async () => {
    const run = await confirmAfter('ok', 3);
    expect(run.looks()).toBe(4);
    // The first look at once (it failed: a missed look), then one a second.
    expect(run.times).toEqual([1, 2, 3]);
    expect(run.onPaid).toHaveBeenCalledTimes(1);
    expect(run.state().kind).toBe('paid');
  });

  it('does not call an unconfirmed ok a success: ten looks, then idle', async () => {
    const run = await confirmAfter('ok', 99);
    expect(run.looks()).toBe(10);
    expect(run.onPaid).not.toHaveBeenCalled();
    expect(run.onUnconfirmed).toHaveBeenCalledWith('ok');
    expect(run.state().kind).toBe('idle');
  });

  it('reports fail and cancel after one look, unless the order was paid after all', async () => {
    const failed = await confirmAfter('fail', 1);
    expect([failed.looks(), failed.onUnconfirmed.mock.calls]).toEqual([1, [['fail']]]);
    cleanup();
    const canceled = await confirmAfter('cancel', 0);
    expect(canceled.looks()).toBe(1);
    expect(canceled.onPaid).toHaveBeenCalledTimes(1);
    expect(canceled.onUnconfirmed).not.toHaveBeenCalled();
  });
});
