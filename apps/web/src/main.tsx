import { variantPalette } from '@kuaibao/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initApi } from './api/index.ts';
import { readClientKeys } from './api/client-keys.ts';
import { App, Shell } from './app.tsx';
import { detectBrowserRuntime } from './platform/detect.ts';
import { resolveVariant } from './platform/variant.ts';
import { startUp } from './startup.ts';
import { readConfig, writeString } from './storage.ts';

/**
 * Boot: read the client keys, detect the runtime once, run start-up (spec §4) with the
 * overlays already on screen, then render the routes with the palette of the site's variant.
 */
async function boot() {
  const runtime = detectBrowserRuntime();
  writeString('platform', runtime.platform);
  initApi({ keys: readClientKeys(), platform: runtime.platform });

  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <Shell />
    </StrictMode>,
  );

  if ((await startUp()) === 'reload') return;

  const variant = resolveVariant(readConfig()?.proxy_version);
  const palette = variantPalette(variant);
  document.documentElement.dataset.theme = palette.name;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.primary);

  root.render(
    <StrictMode>
      <App platform={{ ...runtime, variant }} />
    </StrictMode>,
  );
}

void boot();
