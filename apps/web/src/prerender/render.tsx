// The server-side entry of the prerender (apps/web/prerender/build-pages.ts): built by Vite as an SSR
// bundle, so CSS module class names and imports are the client build's own.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from '../app.tsx';
import { withBasePath } from '../platform/base-path.ts';
import { createMemoryHistory, type AppHistory } from '../router/history.ts';
import type { PrerenderSnapshot } from './snapshot.ts';

export type { PrerenderSnapshot } from './snapshot.ts';

/**
 * The page's markup for the root element, lazy parts included (React awaits them). Each Suspense
 * boundary's content is written in place, never apart with an inline script to reveal it later:
 * the app's Content-Security-Policy allows no inline script.
 */
export async function renderPage(snapshot: PrerenderSnapshot): Promise<string> {
  const html = await renderOnce(snapshot);
  if (html.includes('<script')) throw new Error(`prerendering ${snapshot.basename}${snapshot.path}: React wrote a script into the page`);
  return html;
}

async function renderOnce(snapshot: PrerenderSnapshot): Promise<string> {
  const memory = createMemoryHistory([snapshot.path]);
  // Links carry the base path, as the browser history writes them.
  const history: AppHistory = { ...memory, href: (to) => withBasePath(to, snapshot.basename) };
  // An error inside a Suspense boundary would leave it for the client to render (React error 419):
  // the build fails instead, so every prerendered page is whole.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App platform={snapshot.platform} basename={snapshot.basename} history={history} site={snapshot.site} />
    </StrictMode>,
    // Infinity: no boundary is written apart to be revealed later by a script, however large the page.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${snapshot.basename}${snapshot.path} failed: ${errors.map(String).join('; ')}`);
  return html;
}
