import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface RequestOptions<T> {
  /** Asks again this long after each answer or failure, until the key turns null or the component unmounts. */
  pollMs?: number;
  /** The first ask waits this long (the pay poll looks one interval after the QR code shows). */
  delayMs?: number;
  /** Runs once per answer that is still wanted: never for a stale key, never after unmount. */
  onData?: (data: T) => void;
  onError?: (error: unknown) => void;
}

export interface RequestState<T> {
  /** The latest answer for the current key (kept while a poll fails). */
  data: T | undefined;
  /** The latest failure for the current key; cleared by the next answer. */
  error: unknown;
  /** True until the current key has an answer or a failure. False when the key is null. */
  loading: boolean;
  /** Asks again for the same key (loading again until it answers). */
  refetch: () => void;
}

interface Answer<T> {
  key: string;
  data: T | undefined;
  error: unknown;
}

/**
 * One way to fetch (and poll) in a component. `key` names what is asked for: a new key drops the
 * old answer and ignores the old request's late reply; null asks nothing and stops a poll.
 * `fn` gets a signal aborted when the key changes or the component unmounts.
 * Hand-written and small: it sits in the home route's 90 kB budget (decision 011).
 */
export function useRequest<T>(key: string | null, fn: (signal: AbortSignal) => Promise<T>, options: RequestOptions<T> = {}): RequestState<T> {
  const { pollMs, delayMs } = options;
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>();
  // The caller's functions change identity on every render; the request uses the latest through a ref.
  const latest = useRef({ fn, options });
  useLayoutEffect(() => {
    latest.current = { fn, options };
  });
  const askKey = key === null ? null : `${attempt}:${key}`;

  useEffect(() => {
    if (askKey === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (data: T | undefined, error?: unknown) => {
      if (controller.signal.aborted) return;
      const { onData, onError } = latest.current.options;
      // A failed poll keeps the last answer beside the error.
      setAnswer((last) => ({ key: askKey, data: error && last && last.key === askKey ? last.data : data, error }));
      if (error) {
        if (onError) onError(error);
      } else if (onData) onData(data as T);
      // onData may have unmounted the caller or changed the key: the abort then ends the poll.
      if (pollMs && !controller.signal.aborted) timer = setTimeout(ask, pollMs);
    };
    const ask = () => {
      latest.current.fn(controller.signal).then(settle, (error: unknown) => settle(undefined, error || new Error('request failed')));
    };
    if (delayMs) timer = setTimeout(ask, delayMs);
    else ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [askKey, pollMs, delayMs]);

  const current = answer && answer.key === askKey ? answer : undefined;
  return { data: current && current.data, error: current && current.error, loading: askKey !== null && !current, refetch: () => setAttempt((n) => n + 1) };
}
