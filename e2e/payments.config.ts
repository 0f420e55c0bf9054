import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The visitor journey against the real payment adapters, with WeChat Pay and Alipay played by the
 * fake gateways on 127.0.0.1 (apps/api/src/test/fake-gateways-server.ts):
 *
 *   E2E_PORT=3171 npx playwright test -c e2e/payments.config.ts
 *
 * The server listens on E2E_PORT; the fakes take free ports and write their addresses to
 * FAKE_GATEWAYS_FILE, which the spec reads.
 */
const PORT = Number(process.env.E2E_PORT ?? 3171);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const launchOptions = base.projects?.[0]?.use?.launchOptions;

export default defineConfig({
  ...base,
  use: { ...base.use, baseURL: BASE_URL },
  // The clerk's and admin's day walks at the two desktop sizes staff use, after the other
  // specs: payments.reconciliation counts today's planted bill differences exactly, and the walks
  // plant theirs on the same day (one server and database for the whole run, workers: 1).
  projects: [
    { name: 'payments', testMatch: /payments\..*spec\.ts/, testIgnore: /payments\.clerk-day\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1366, height: 768 }, launchOptions } },
    { name: 'payments-1280', testMatch: /payments\.clerk-day\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'payments-1440', testMatch: /payments\.clerk-day\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1440, height: 900 }, launchOptions } },
  ],
  webServer: {
    command: `rm -rf data/e2e-${PORT} && node apps/api/src/test/fake-gateways-server.ts`,
    cwd: '..',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SQLITE_FILE: `data/e2e-${PORT}/kuaibao.sqlite`,
      SEED_COMPANIES: '5000',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      FAKE_GATEWAYS_FILE: `data/e2e-${PORT}/fake-gateways.json`,
      // The console specs against the real adapters (payments.reconciliation) sign in as this admin.
      CONSOLE_ADMIN_PASSWORD: 'e2e-console-admin-1',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

/** Where the launcher wrote the fake gateways' addresses (relative to the repository root). */
export const FAKE_GATEWAYS_FILE = `data/e2e-${PORT}/fake-gateways.json`;
const { defaultBrowserType: _webkit, ...iphone } = devices['iPhone 13'];
export const PHONE = iphone;
