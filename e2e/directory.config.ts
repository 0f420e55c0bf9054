import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The order form's company search with DIRECTORY_PROVIDER=qichacha against the fake 企查查 API
 * (apps/api/src/test/fake-qichacha-server.ts, docs/decisions/020-company-directory-vendor.md):
 *
 *   E2E_PORT=3175 npx playwright test -c e2e/directory.config.ts
 *
 * Two servers share one fake: the first (E2E_PORT) with a roomy daily budget, the second
 * (E2E_PORT + 1) with a budget of one call, so spending it does not pause the first. The fake listens
 * on E2E_PORT + 2 and takes orders from the specs on E2E_PORT + 3.
 */
const PORT = Number(process.env.E2E_PORT ?? 3175);
export const DIRECTORY_PORTS = { main: PORT, tightBudget: PORT + 1, fake: PORT + 2, control: PORT + 3 };
export const FAKE_CONTROL_URL = `http://127.0.0.1:${DIRECTORY_PORTS.control}`;
export const TIGHT_BUDGET_URL = `http://127.0.0.1:${DIRECTORY_PORTS.tightBudget}`;
const VENDOR_KEYS = { QICHACHA_KEY: 'e2e-qichacha-key', QICHACHA_SECRET_KEY: 'e2e-qichacha-secret' };
const launchOptions = base.projects?.[0]?.use?.launchOptions;
const { defaultBrowserType: _webkit, ...iphone } = devices['iPhone 13'];

function appServer(port: number, dailyBudget: number) {
  const dir = `data/e2e-directory-${port}`;
  return {
    command: `rm -rf ${dir} && node apps/api/src/server.ts`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: `${dir}/kuaibao.sqlite`,
      SEED_COMPANIES: '5000',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      CONSOLE_ADMIN_PASSWORD: 'e2e-console-admin-1',
      DIRECTORY_PROVIDER: 'qichacha',
      QICHACHA_BASE_URL: `http://127.0.0.1:${DIRECTORY_PORTS.fake}`,
      QICHACHA_DAILY_BUDGET: String(dailyBudget),
      ...VENDOR_KEYS,
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  ...base,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  projects: [{ name: 'directory', testMatch: /directory\..*spec\.ts/, use: { ...iphone, browserName: 'chromium', launchOptions } }],
  webServer: [
    {
      command: 'node apps/api/src/test/fake-qichacha-server.ts',
      cwd: '..',
      url: `${FAKE_CONTROL_URL}/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        FAKE_QICHACHA_PORT: String(DIRECTORY_PORTS.fake),
        FAKE_QICHACHA_CONTROL_PORT: String(DIRECTORY_PORTS.control),
        FAKE_QICHACHA_KEY: VENDOR_KEYS.QICHACHA_KEY,
        FAKE_QICHACHA_SECRET_KEY: VENDOR_KEYS.QICHACHA_SECRET_KEY,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    appServer(DIRECTORY_PORTS.main, 1000),
    appServer(DIRECTORY_PORTS.tightBudget, 1),
  ],
});
