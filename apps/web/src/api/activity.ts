/**
 * Counts the calls in flight that show the loading overlay and the top progress bar
 * (docs/product/screens.md#page-overlays). A tiny external store for useSyncExternalStore.
 */
export interface Activity {
  start(): void;
  end(): void;
  /** Errors clear both overlays at once (docs/product/texts.md), whatever else is still running. */
  reset(): void;
  subscribe(listener: () => void): () => void;
  pending(): number;
}

export function createActivity(): Activity {
  let count = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    start() {
      count += 1;
      emit();
    },
    end() {
      if (count === 0) return;
      count -= 1;
      emit();
    },
    reset() {
      if (count === 0) return;
      count = 0;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pending: () => count,
  };
}

/** The app's one activity counter. */
export const activity = createActivity();
