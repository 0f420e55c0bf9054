/**
 * A module that loads on demand and then renders synchronously: `read()` gives it once loaded and
 * suspends (throws the load) before. Unlike React.lazy, a module preloaded before the first render
 * never shows a fallback, so a page rendered after `await preload()` appears whole (decision 028).
 * A failed load throws its error from `read()`, for the nearest error boundary.
 */
export function preloadable<T>(load: () => Promise<T>): { preload(): Promise<T>; read(): T } {
  let loaded: { module: T } | { error: unknown } | undefined;
  let pending: Promise<T> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => ((loaded = { module }), module),
      (error: unknown) => {
        loaded = { error };
        throw error;
      },
    ));
  return {
    preload,
    read() {
      if (!loaded) throw preload().catch(() => undefined);
      if ('error' in loaded) throw loaded.error;
      return loaded.module;
    },
  };
}
