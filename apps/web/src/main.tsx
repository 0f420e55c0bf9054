import { variantPalette } from '@kuaibao/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { initApi } from './api/index.ts';
import { createActivity } from './api/activity.ts';
import { readClientKeys } from './api/client-keys.ts';
import { App, Shell } from './app.tsx';
import { detectBrowserRuntime } from './platform/detect.ts';
import { resolveVariant } from './platform/variant.ts';
import { setCorpEndpoints } from './api/endpoints.ts';
import { basePathFor, stripBasePath, withBasePath } from './platform/base-path.ts';
import { homeExtras } from './pages/home/home-extras-slot.tsx';
import { usableSnapshot } from './prerender/snapshot.ts';
import { createBrowserHistory } from './router/history.ts';
import { readSiteData } from './site-data.tsx';
import { createBrowserNavigator, startUp, type Navigator } from './startup.ts';
import { readConfig, writeString } from './storage.ts';

/**
 * Boot: read the client keys, detect the runtime once, run start-up (docs/product/orders-and-statuses.md),
 * then render the routes with the palette of the site's variant. A prerendered page (decision 028)
 * is hydrated first, with the data it was rendered from, and start-up's data follows; any other page
 * shows the overlays during start-up and renders afterwards.
 */
async function boot() {
  const basename = basePathFor(location.pathname);
  const runtime = detectBrowserRuntime();
  writeString('platform', runtime.platform);
  setCorpEndpoints(runtime.host === 'wx-oa');
  const keys = readClientKeys();

  // The home's extras (decision 028): fetched alongside start-up, so the home renders whole.
  const extras = homeExtras.preload().catch(() => undefined);
  const container = document.getElementById('root')!;
  const snapshot = usableSnapshot(document, runtime, basename, stripBasePath(location.pathname, basename), location.search);
  let root: Root;
  let nav: Navigator;
  const history = snapshot ? createBrowserHistory(basename) : undefined;
  if (snapshot && history) {
    // The page is already on screen: start-up's calls run without the loading overlay over it.
    initApi({ keys, platform: runtime.platform, activity: createActivity() });
    // Before hydrating: a part whose chunk is missing would stay dehydrated, and start-up's update would
    // then make React drop its HTML and render it again (a layout shift). The chunk is preloaded by the page.
    await extras;
    // A task of its own for React's start: evaluating the script was one already.
    await nextTask();
    // In a transition, React hydrates in slices that yield to the browser (a tap, a paint) instead of
    // one long task: the page is on screen already, nothing waits for this.
    const element = (
      <StrictMode>
        <App platform={snapshot.platform} basename={basename} history={history} site={snapshot.site} />
      </StrictMode>
    );
    root = await new Promise<Root>((resolve) => startTransition(() => resolve(hydrateRoot(container, element))));
    nav = {
      pathname: () => history.location().pathname,
      search: () => history.location().search,
      replace: (url) => history.replace(url),
      reload: (url) => location.replace(withBasePath(url, basename)),
    };
  } else {
    initApi({ keys, platform: runtime.platform });
    // Prerendered for another kind of visit (a desktop, another host): React replaces it.
    root = createRoot(container);
    root.render(
      <StrictMode>
        <Shell />
      </StrictMode>,
    );
    nav = createBrowserNavigator(basename);
  }
  // Wide screens hide the phone's prerendered page until here (prerender/page-html.ts). The mark goes at
  // once where it matters; elsewhere after start-up, so the first slices of hydration do not wait for
  // a style pass over the whole page.
  const unmark = () => delete container.dataset.prerendered;
  if (!snapshot || matchMedia('(min-width: 768px)').matches) unmark();

  let started: 'ready' | 'reload';
  // The WeChat start-up is its own chunk: a phone browser (most visitors) never loads it.
  const wechatStartup = () => import('./wechat-startup.ts');
  if (runtime.host === 'wx-oa') {
    const { createCorpNavigator, startCorp } = await wechatStartup();
    started = await startCorp(createCorpNavigator(nav));
  } else {
    if (runtime.host === 'wx-mp') await (await wechatStartup()).startMiniProgramLogin(location.search);
    started = await startUp(nav);
  }
  if (started === 'reload') return;
  await extras;
  if (snapshot) initApi({ keys, platform: runtime.platform });

  const variant = resolveVariant(readConfig()?.proxy_version);
  const palette = variantPalette(variant);
  // Only a change: writing the same value still makes the browser restyle the page.
  if (document.documentElement.dataset.theme !== palette.name) document.documentElement.dataset.theme = palette.name;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.primary);

  const app = (
    <StrictMode>
      <App platform={{ ...runtime, variant }} basename={basename} history={history} site={readSiteData()} />
    </StrictMode>
  );
  // Over a hydrated page, start-up's data is an update in slices too; otherwise the page is blank until this render.
  if (snapshot) {
    // Start-up's last answer was handled in this task: the update starts in the next.
    await nextTask();
    startTransition(() => root.render(app));
  } else {
    root.render(app);
  }
  // The marquee and the sample lines start moving when the page is idle (their CSS waits for this mark).
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  whenIdle(
    () => {
      unmark();
      document.documentElement.dataset.idle = '';
    },
    { timeout: 2000 },
  );
}

/** Yields to the browser: what follows runs in a new task, so no task grows long. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void boot();
