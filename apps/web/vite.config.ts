import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { HOME_ROUTE_BUDGET_KB, homeRouteBudget } from './home-budget.ts';

/**
 * Our smaller preload helper in place of Vite's (src/common/preload-helper.ts, decision 011): Vite
 * imports its helper by this id from every chunk with a lazy import; the first plugin to resolve it wins.
 */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';
const preloadHelper: Plugin = {
  name: 'kuaibao-preload-helper',
  enforce: 'pre',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  resolveId: (id) => (id === VITE_PRELOAD_HELPER ? fileURLToPath(new URL('./src/common/preload-helper.ts', import.meta.url)) : null),
  // Vite's own helper dispatches this event: if it is back, Vite renamed the id above.
  generateBundle(_options, bundle) {
    const viteHelper = Object.values(bundle).some((item) => item.type === 'chunk' && item.code.includes('vite:preloadError'));
    if (viteHelper) this.error("Vite's preload helper is in the build: Vite no longer imports it by the id preloadHelper resolves");
  },
};

/** The API server of `npx node apps/api/src/server.ts` (same origin in production). */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [
    preloadHelper,
    react(),
    homeRouteBudget({ homeModuleSuffix: 'src/pages/home/home-page.tsx', budgetKb: HOME_ROUTE_BUDGET_KB }),
    // Not for the prerender's SSR bundle (decision 028), which never leaves the build machine.
    { ...precompress(), apply: (_config, env) => env.command === 'build' && !env.isSsrBuild },
  ],
  css: {
    // Vite's default name adds the rule's line number, which a name unique in its file does not need;
    // the class names are in the JS, so this saves about 0.2 kB gzip of the home route (decision 018).
    modules: { generateScopedName: (name, _file, css) => `${name}_${createHash('sha256').update(css).digest('base64url').slice(0, 5)}` },
  },
  build: {
    // Chromium, WeChat's X5 and iOS 17+ preload modules natively; older Safari just loads them when imported.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    emptyOutDir: true,
    // Older WeChat iOS webviews (ARCHITECTURE.md#browser-targets): +0.6 kB gz over Vite's default.
    target: ['es2020', 'chrome87', 'safari14'],
    // Everything the entry needs (the home page included) in one chunk: left alone, rolldown splits
    // what the entry shares with the lazy pages into a dozen small chunks, which gzip worse (decision 011).
    // Hash-only file names: the entry lists every lazy chunk and stylesheet it may preload, and the
    // names cost 0.5 kB gzip there. .vite/manifest.json maps each source file to its chunk.
    manifest: true,
    rolldownOptions: {
      // Reading a property has no side effect in our code (no getters that act): lets rolldown drop
      // unused constants built from other constants, e.g. lists of ORDER_STATUS members.
      treeshake: { propertyReadSideEffects: false },
      output: { chunkFileNames: 'assets/[hash].js', assetFileNames: 'assets/[hash][extname]', codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/env': { target: API_TARGET, changeOrigin: false },
      '/sandbox': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/env': { target: API_TARGET, changeOrigin: false },
      '/sandbox': { target: API_TARGET, changeOrigin: false },
    },
  },
});
