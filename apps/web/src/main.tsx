import { variantPalette } from '@kuaibao/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initApi } from './api/index.ts';
import { readClientKeys } from './api/client-keys.ts';
import { App, Shell } from './app.tsx';
import { detectBrowserRuntime } from './platform/detect.ts';
import { resolveVariant } from './platform/variant.ts';
import { setCorpEndpoints } from './api/endpoints.ts';
import { basePathFor } from './platform/base-path.ts';
import { createBrowserNavigator, startUp } from './startup.ts';
import { readConfig, writeString } from './storage.ts';

/**
 * Boot: read the client keys, detect the runtime once, run start-up (docs/product/orders-and-statuses.md) with the
 * overlays already on screen, then render the routes with the palette of the site's variant.
 */
async function boot() {
  const basename = basePathFor(location.pathname);
  const runtime = detectBrowserRuntime();
  writeString('platform', runtime.platform);
  setCorpEndpoints(runtime.host === 'wx-oa');
  initApi({ keys: readClientKeys(), platform: runtime.platform });

  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <Shell />
    </StrictMode>,
  );

  const nav = createBrowserNavigator(basename);
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

  const variant = resolveVariant(readConfig()?.proxy_version);
  const palette = variantPalette(variant);
  document.documentElement.dataset.theme = palette.name;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.primary);

  root.render(
    <StrictMode>
      <App platform={{ ...runtime, variant }} basename={basename} />
    </StrictMode>,
  );
}

void boot();
