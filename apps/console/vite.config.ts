import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

/** The API server of `npx node apps/api/src/server.ts` (the same origin in production). */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  // Served by the API under /console/ (apps/api/src/http/web-app.ts).
  base: '/console/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Staff use current desktop browsers; antd is one large vendor chunk anyway.
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/uploads': { target: API_TARGET, changeOrigin: false },
    },
  },
});
