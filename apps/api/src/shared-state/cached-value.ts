/**
 * One value read from the database and kept in memory until it is dropped or too old (the catalog,
 * shared-state/catalog-changes.ts). Concurrent misses share one load, and a load that was running
 * when the value was dropped is not kept (it may have read the old rows), though its callers get it.
 */
export interface CachedValue<T> {
  get(): Promise<T>;
  drop(): void;
}

export function cachedValue<T>(options: { load: () => Promise<T>; maxAgeMs: () => number }): CachedValue<T> {
  let kept: { value: T; loadedAt: number } | undefined;
  let loading: { promise: Promise<T>; generation: number } | undefined;
  /** Moves on every drop: a load started in an older generation is not kept. */
  let generation = 0;
  return {
    get() {
      // Monotonic time: the app clock (which tests move) says nothing about how old a copy is.
      if (kept && performance.now() - kept.loadedAt < options.maxAgeMs()) return Promise.resolve(kept.value);
      if (loading && loading.generation === generation) return loading.promise;
      const startedIn = generation;
      const startedAt = performance.now();
      const promise = options.load().then(
        (value) => {
          if (loading?.promise === promise) loading = undefined;
          if (generation === startedIn) kept = { value, loadedAt: startedAt };
          return value;
        },
        (error: unknown) => {
          if (loading?.promise === promise) loading = undefined;
          throw error;
        },
      );
      loading = { promise, generation: startedIn };
      return promise;
    },
    drop() {
      generation += 1;
      kept = undefined;
    },
  };
}

/** Freezes a value and everything in it: a cached value is shared by every request. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
