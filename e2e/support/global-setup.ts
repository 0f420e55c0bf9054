import type { FullConfig } from '@playwright/test';
import { SERVICE } from './lookup.ts';
import { setSiteConfig } from './site-config.ts';

/**
 * Runs once the server is up (Playwright starts the webServer first): the seed's contacts are
 * placeholders the visitor app hides (packages/domain/src/operator-info.ts), so the suites that
 * exercise the contact get real-looking ones, as an operator would set them on the console.
 * e2e/tests/mobile.operator.spec.ts puts the placeholders back for its own checks and restores these.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL in the Playwright config');
  await setSiteConfig(baseURL, { service_weixin: SERVICE.link, service_phone: SERVICE.phone });
}
