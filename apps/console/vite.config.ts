import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { SIGN_IN_BUDGET_KB, signInBudget } from './sign-in-budget.ts';

/** The API server of `npx node apps/api/src/server.ts` (the same origin in production). */
const API_TARGET = 'http://127.0.0.1:3000';
const NODE_MODULES = /node_modules[\\/]/;
const ANTD_TABLES_AND_FORMS = /node_modules[\\/](@rc-component[\\/](picker|table|form|select|virtual-list|tree)|dayjs|antd[\\/](es|lib)[\\/](table|form|date-picker|select))[\\/]/;
const OUR_CODE = /apps[\\/]console[\\/]src[\\/]|packages[\\/]domain[\\/]/;
/** Our code apart from main.tsx, which stays in the entry chunk (an emptied entry chunk drops out of the manifest). */
const ourCodeButMain = (id: string) => OUR_CODE.test(id) && !/src[\\/]main\.tsx$/.test(id);

export default defineConfig({
  // Served by the API under /console/ (apps/api/src/http/web-app.ts).
  base: '/console/',
  plugins: [
    react(),
    signInBudget({ signInSource: 'src/routes/login/login-page.tsx', routesDir: 'src/routes/', vendorName: 'vendor', budgetKb: SIGN_IN_BUDGET_KB }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // On, above the package chunks: vendor (React DOM alone is 180 kB of its 475 kB minified; its
    // gzip is what the sign-in budget counts), vendor-tables (568 kB with the date pickers, decision 063) and vendor-pages (271 kB), both
    // fetched once after sign-in. Page chunks are under 160 kB: one near 700 kB means a page pulls in
    // something it should not, or a package left the vendor groups (decision 030).
    chunkSizeWarningLimit: 700,
    // Staff use current desktop browsers, which all preload modules natively.
    modulePreload: { polyfill: false },
    // Source file → chunk, read by the sign-in budget and by people (decision 030).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the sign-in page needs from packages: one chunk, cached across releases of our code.
            { name: 'vendor', test: NODE_MODULES, tags: ['$initial'], priority: 4 },
            // Package code two or more pages share, in two chunks loaded with the first page after sign-in,
            // so a later route change fetches only that route's chunk: antd's Table, Form, Select and
            // DatePicker with the rc-components under them, then the rest (Modal, Drawer, Upload…). One
            // chunk of both reached 710 kB, over the warning limit.
            { name: 'vendor-tables', test: ANTD_TABLES_AND_FORMS, minShareCount: 2, priority: 3 },
            { name: 'vendor-pages', test: NODE_MODULES, minShareCount: 2, priority: 2 },
            // Our code the sign-in page needs, then our code two or more pages share (hooks, formatting, headers).
            { name: 'app', test: ourCodeButMain, tags: ['$initial'], priority: 1 },
            { name: 'shared', test: OUR_CODE, minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/uploads': { target: API_TARGET, changeOrigin: false },
    },
  },
});
