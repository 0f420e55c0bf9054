import type { PlatformInfo } from '../platform/context.tsx';
import type { RuntimeFacts } from '../platform/detect.ts';
import type { SiteData } from '../site-data.tsx';

/**
 * What a prerendered page was rendered from, written into it as JSON (`<script type="application/json"
 * id="kb-prerender">`): the client hydrates with exactly this, then start-up's data replaces it
 * (docs/decisions/028-prerender-and-hydration.md).
 */
export interface PrerenderSnapshot {
  /** The app path (without the base path). */
  path: string;
  basename: '' | '/corp';
  platform: PlatformInfo;
  site: SiteData;
}

export const SNAPSHOT_ELEMENT_ID = 'kb-prerender';

/**
 * The page's snapshot when this visit can hydrate it: the same path, base path, host and form factor
 * the HTML was rendered for. Null otherwise (desktop, the mini-program, another route), and then the
 * prerendered markup is thrown away and the app renders as it always did.
 */
export function usableSnapshot(doc: Document, runtime: RuntimeFacts, basename: string, path: string, search: string): PrerenderSnapshot | null {
  const text = doc.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const snapshot = JSON.parse(text) as PrerenderSnapshot;
    const fits =
      snapshot.basename === basename &&
      snapshot.path.toLowerCase() === (path.replace(/\/+$/, '') || '/').toLowerCase() &&
      snapshot.platform.host === runtime.host &&
      snapshot.platform.formFactor === runtime.formFactor &&
      // The corp home with WeChat's `code` redirects at once (corp-routes.tsx): nothing to hydrate.
      !new URLSearchParams(search).has('code');
    return fits ? snapshot : null;
  } catch {
    return null;
  }
}
