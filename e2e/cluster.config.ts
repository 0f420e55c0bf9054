import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The cluster run (scripts/test-cluster.sh, docs/decisions/026-cluster-run-and-graceful-shutdown.md):
 * nginx with the shipped config in front of two instances on PostgreSQL and Redis. The script starts
 * everything and passes where it is in CLUSTER_BASE_URL, CLUSTER_INSTANCES and CLUSTER_RUN_DIR
 * (e2e/support/cluster.ts reads them); this config starts nothing itself.
 *
 *   npm run test:cluster
 */
const launchOptions = base.projects?.[0]?.use?.launchOptions;

export default defineConfig({
  ...base,
  outputDir: './artifacts/results-cluster',
  // The specs stop and start instances: one at a time, in file order.
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  reporter: [['list']],
  use: { ...base.use, baseURL: process.env.CLUSTER_BASE_URL ?? 'https://127.0.0.1:3401', ignoreHTTPSErrors: true },
  projects: [{ name: 'cluster', testMatch: /cluster\..*spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1366, height: 768 }, ignoreHTTPSErrors: true, launchOptions } }],
  webServer: undefined,
  // The visitor suites' contacts (support/global-setup.ts) are not what these specs check; the cluster
  // also answers over HTTPS with a self-signed certificate that setup's request context refuses.
  globalSetup: undefined,
});
