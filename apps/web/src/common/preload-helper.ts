/**
 * Vite's preload helper, in fewer bytes (decision 011): the build wraps each lazy `import()` in
 * `__vitePreload(load, deps)`, and vite.config.ts puts this module in place of Vite's own. As Vite's
 * does, it fetches a lazy chunk's imports (modulepreload, or preload where the browser lacks it) and
 * stylesheets alongside the chunk, and imports the chunk once its stylesheets have loaded, so a lazy
 * part never shows unstyled; a stylesheet that fails rejects the import, for the error boundaries.
 * Left out of Vite's: the CSP nonce (our policy allows our own origin's files), import maps and
 * relative bases (neither used here), and the `vite:preloadError` event (nothing listens to it).
 */

// Safari before 17 has no modulepreload: a plain preload still fetches the file early.
const scriptRel = document.createElement('link').relList.supports('modulepreload') ? 'modulepreload' : 'preload';

/** Each file once: a stylesheet still loading is waited for by every import that needs it. */
const started: Record<string, Promise<unknown> | undefined> = {};

function fetchOnce(file: string): Promise<unknown> | undefined {
  if (file in started) return started[file];
  const link = document.createElement('link');
  const css = file.endsWith('.css');
  link.rel = css ? 'stylesheet' : scriptRel;
  if (!css) link.as = 'script';
  link.crossOrigin = '';
  link.href = `/${file}`;
  document.head.append(link);
  if (!css) return (started[file] = undefined);
  const loaded = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => reject(new Error(`Unable to preload CSS for /${file}`));
  });
  // Settled: later imports no longer wait for it (Vite's does the same).
  return (started[file] = loaded.finally(() => (started[file] = undefined)));
}

export function __vitePreload<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  return Promise.all((deps ?? []).map(fetchOnce)).then(load);
}
