import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The invoice journeys (docs/decisions/060-invoices.md, 064-nuonuo-invoicing.md):
 *
 *   E2E_PORT=3181 npx playwright test -c e2e/invoicing.config.ts
 *
 * Two servers: on E2E_PORT with INVOICE_PROVIDER=nuonuo against the fake 诺诺开放平台
 * (apps/api/src/test/fake-nuonuo-server.ts; the fake takes a free port and writes its address to
 * FAKE_NUONUO_FILE), and on E2E_PORT + 100 with the default `manual` provider (the clerk's upload).
 */
const PORT = Number(process.env.E2E_PORT ?? 3181);
export const INVOICING_PORTS = { nuonuo: PORT, manual: PORT + 100 };
export const MANUAL_URL = `http://127.0.0.1:${INVOICING_PORTS.manual}`;
/** Where the launcher wrote the fake's address (relative to the repository root). */
export const FAKE_NUONUO_FILE = `data/e2e-${PORT}/fake-nuonuo.json`;
const launchOptions = base.projects?.[0]?.use?.launchOptions;

function appServer(port: number, command: string, env: Record<string, string>) {
  return {
    command: `rm -rf data/e2e-${port} && ${command}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: `data/e2e-${port}/kuaibao.sqlite`,
      SEED_COMPANIES: '5000',
      LOG_LEVEL: 'warn',
      APP_ENV: 'test',
      CONSOLE_ADMIN_PASSWORD: 'e2e-console-admin-1',
      // The SMS and email outboxes quickly, so the journeys see the notices leave.
      SMS_OUTBOX_INTERVAL_MS: '500',
      EMAIL_OUTBOX_INTERVAL_MS: '500',
      ...env,
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  ...base,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  projects: [{ name: 'invoicing', testMatch: /invoicing\..*spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1440, height: 900 }, launchOptions } }],
  webServer: [
    appServer(INVOICING_PORTS.nuonuo, 'node apps/api/src/test/fake-nuonuo-server.ts', { FAKE_NUONUO_FILE, NUONUO_POLL_INTERVAL_MS: '1000' }),
    appServer(INVOICING_PORTS.manual, 'node apps/api/src/server.ts', { INVOICE_PROVIDER: 'manual' }),
  ],
});
