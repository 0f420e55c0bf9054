import { defineConfig, devices } from '@playwright/test';
import { WECHAT_IOS_UA, WECHAT_MINI_PROGRAM_UA } from './support/wechat.ts';

// E2E_PORT lets two runs share a machine (each gets its own server and database).
const PORT = Number(process.env.E2E_PORT ?? 3170);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium; test tools cannot download their own browser here (CONTRIBUTING.md#browser-tests). */
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: `./artifacts/results-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'mobile', testMatch: /mobile\..*spec\.ts/, use: { ...devices['iPhone 13'], browserName: 'chromium', launchOptions } },
    { name: 'desktop', testMatch: /desktop\..*spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1366, height: 768 }, launchOptions } },
    { name: 'desktop-hd', testMatch: /desktop\..*spec\.ts/, grep: /@hd/, use: { browserName: 'chromium', viewport: { width: 1920, height: 1080 }, launchOptions } },
    { name: 'console', testMatch: /console\..*spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1440, height: 900 }, launchOptions } },
    // The lists at the narrowest desktop staff use (headers and cells once wrapped at 1280 px; decision 038).
    { name: 'console-1280', testMatch: /console\.(lists|bulk|actions)\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, launchOptions } },
    // The official-account variant under /corp/ and the mini-program web-view, with WeChat stubbed in the page (e2e/support/wechat.ts).
    { name: 'corp', testMatch: /corp\..*spec\.ts/, use: { ...devices['iPhone 13'], browserName: 'chromium', userAgent: WECHAT_IOS_UA, launchOptions } },
    { name: 'wx-mp', testMatch: /wx-mp\..*spec\.ts/, use: { ...devices['Pixel 7'], browserName: 'chromium', userAgent: WECHAT_MINI_PROGRAM_UA, launchOptions } },
  ],
  webServer: {
    // A fresh database per run, small directory so the seed takes a moment, not minutes.
    command: `rm -rf data/e2e-${PORT} && node apps/api/src/server.ts`,
    cwd: '..',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', SQLITE_FILE: `data/e2e-${PORT}/kuaibao.sqlite`, SEED_COMPANIES: '5000', LOG_LEVEL: 'warn', APP_ENV: 'test', CONSOLE_ADMIN_PASSWORD: 'e2e-console-admin-1', REMINDER_TEST_CLOCK: 'true' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
