import { TOAST_MS } from '@kuaibao/domain';
import { useSyncExternalStore } from 'react';
import styles from './toast.module.css';

/** Three kinds (docs/product/screens.md): info is dark, warn orange, error red. */
export type ToastType = 'info' | 'warn' | 'error';

interface ToastState {
  id: number;
  text: string;
  type: ToastType;
}

let current: ToastState | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(text: string, type: ToastType = 'info', durationMs: number = TOAST_MS): void {
  if (!text) return;
  clearTimeout(timer);
  current = { id: nextId++, text, type };
  emit();
  timer = setTimeout(clear, durationMs);
}

function clear(): void {
  clearTimeout(timer);
  if (current === null) return;
  current = null;
  emit();
}

/** One toast at a time, centred; a new one replaces the old (docs/product/screens.md: 2 s by default). */
export const toast = {
  show,
  info: (text: string, durationMs?: number) => show(text, 'info', durationMs),
  warn: (text: string, durationMs?: number) => show(text, 'warn', durationMs),
  error: (text: string, durationMs?: number) => show(text, 'error', durationMs),
  clear,
  /** For tests. */
  current: (): Readonly<ToastState> | null => current,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function ToastHost() {
  const state = useSyncExternalStore(subscribe, () => current, () => null);
  return (
    // The live region stays mounted so screen readers announce each new text.
    <div className={styles.host} aria-live={state?.type === 'error' ? 'assertive' : 'polite'} aria-atomic="true">
      {state && (
        <div
          key={state.id}
          className={`${styles.toast} ${styles[state.type]}`}
          role={state.type === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-type={state.type}
        >
          {state.text}
        </div>
      )}
    </div>
  );
}
