import { act, cleanup, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRequest, type RequestOptions } from './use-request.ts';

/** A request whose answers the test hands out one by one. */
function deferredCalls<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal; key: string }[] = [];
  const fn = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      pending.push({ resolve, reject, signal, key });
    });
  return { pending, fn };
}

function useProbe(key: string | null, fn: (key: string) => (signal: AbortSignal) => Promise<string>, options?: RequestOptions<string>) {
  return useRequest(key, fn(key ?? ''), options);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useRequest', () => {
  it('is loading, then holds the data; a failure is the error', async () => {
    const calls = deferredCalls<string>();
    const { result } = renderHook(({ key }) => useProbe(key, calls.fn), { initialProps: { key: 'a' as string | null } });
    expect(result.current).toMatchObject({ loading: true, data: undefined, error: undefined });
    await act(async () => calls.pending[0]!.resolve('A'));
    expect(result.current).toMatchObject({ loading: false, data: 'A', error: undefined });

    act(() => result.current.refetch());
    expect(result.current.loading).toBe(true);
    const failure = new Error('down');
    await act(async () => calls.pending[1]!.reject(failure));
    expect(result.current).toMatchObject({ loading: false, data: undefined, error: failure });
    expect(calls.pending).toHaveLength(2);
  });

  it('asks nothing for a null key', () => {
    const calls = deferredCalls<string>();
    const { result } = renderHook(() => useProbe(null, calls.fn));
    expect(result.current).toMatchObject({ loading: false, data: undefined });
    expect(calls.pending).toHaveLength(0);
  });

  it('ignores the answer for a key that is no longer asked for, and aborts it', async () => {
    const calls = deferredCalls<string>();
    const onData = vi.fn<(data: string) => void>();
    const { result, rerender } = renderHook(({ key }) => useProbe(key, calls.fn, { onData }), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    expect(calls.pending.map((call) => call.key)).toEqual(['a', 'b']);
    expect(calls.pending[0]!.signal.aborted).toBe(true);
    await act(async () => calls.pending[1]!.resolve('B'));
    await act(async () => calls.pending[0]!.resolve('A, late'));
    expect(result.current.data).toBe('B');
    expect(onData.mock.calls).toEqual([['B']]);
  });

  it('drops the old answer at once when the key changes', async () => {
    const calls = deferredCalls<string>();
    const { result, rerender } = renderHook(({ key }) => useProbe(key, calls.fn), { initialProps: { key: 'a' } });
    await act(async () => calls.pending[0]!.resolve('A'));
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ loading: true, data: undefined });
  });

  it('does nothing after unmount', async () => {
    const calls = deferredCalls<string>();
    const onData = vi.fn<(data: string) => void>();
    const { unmount } = renderHook(() => useProbe('a', calls.fn, { onData, pollMs: 1000 }));
    unmount();
    expect(calls.pending[0]!.signal.aborted).toBe(true);
    await act(async () => calls.pending[0]!.resolve('A'));
    await act(async () => vi.advanceTimersByTime(5000));
    expect(onData).not.toHaveBeenCalled();
    expect(calls.pending).toHaveLength(1);
  });

  it('polls after each answer or failure, keeping the last data through a failure, until the key is null', async () => {
    const calls = deferredCalls<string>();
    const { result, rerender } = renderHook(({ key }) => useProbe(key, calls.fn, { pollMs: 1000, delayMs: 1000 }), {
      initialProps: { key: 'a' as string | null },
    });
    expect(calls.pending).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(calls.pending).toHaveLength(1);
    await act(async () => calls.pending[0]!.resolve('1'));
    await act(async () => vi.advanceTimersByTime(999));
    expect(calls.pending).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls.pending).toHaveLength(2);
    const failure = new Error('missed');
    await act(async () => calls.pending[1]!.reject(failure));
    expect(result.current).toMatchObject({ data: '1', error: failure, loading: false });
    await act(async () => vi.advanceTimersByTime(1000));
    await act(async () => calls.pending[2]!.resolve('3'));
    expect(result.current).toMatchObject({ data: '3', error: undefined });

    rerender({ key: null });
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(calls.pending).toHaveLength(3);
    expect(result.current.loading).toBe(false);
  });

  it('stops polling when onData changes the key', async () => {
    const calls = deferredCalls<string>();
    const { result } = renderHook(() => {
      const [done, setDone] = useState(false);
      return useProbe(done ? null : 'a', calls.fn, { pollMs: 1000, onData: (data) => data === 'paid' && setDone(true) });
    });
    await act(async () => calls.pending[0]!.resolve('waiting'));
    await act(async () => vi.advanceTimersByTime(1000));
    await act(async () => calls.pending[1]!.resolve('paid'));
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(calls.pending).toHaveLength(2);
    expect(result.current.loading).toBe(false);
  });
});
