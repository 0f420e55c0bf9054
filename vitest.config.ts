import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'testing', include: ['packages/testing/src/**/*.test.ts'], environment: 'node' } },
      // The host mini-program's logic with a fake wx (apps/mini-program/src/fake-wx.test-support.ts).
      { test: { name: 'mini-program', include: ['apps/mini-program/**/*.test.ts'], exclude: ['**/node_modules/**', 'apps/mini-program/dist/**'], environment: 'node' } },
      // The operator's kit: runs Debian's nginx and systemd-analyze (scripts/test-deploy.sh installs nginx).
      { test: { name: 'deploy', include: ['deploy/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Under CI=true a run that would skip the PostgreSQL or Redis suites for want of a server stops, naming it.
          globalSetup: ['apps/api/src/test/test-servers.ts'],
          testTimeout: 30000,
          hookTimeout: 120000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'], environment: 'jsdom' },
      },
      {
        esbuild: { jsx: 'automatic' },
        // antd's first render in jsdom takes 5–7 s on a loaded 2-core machine; the default 5 s timed out there.
        test: { name: 'console', include: ['apps/console/src/**/*.test.{ts,tsx}', 'apps/console/*.test.ts'], environment: 'jsdom', testTimeout: 30000 },
      },
    ],
  },
});
