import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { CONSOLE_ADMIN } from './console.ts';

/**
 * Changes the e2e server's site config through the console API, as an admin would on the 站点配置
 * page: the server keeps the config in memory and drops it on a console change, so a write to the
 * database file would not be seen.
 */
export async function withConsoleApi<T>(baseURL: string, work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-kb-console': '1' } });
  try {
    const login = await api.post('/api/console/session', { data: { username: CONSOLE_ADMIN.username, password: CONSOLE_ADMIN.password } });
    if (!login.ok()) throw new Error(`console sign-in failed: ${login.status()} ${await login.text()}`);
    return await work(api);
  } finally {
    await api.dispose();
  }
}

export async function setSiteConfig(baseURL: string, values: Record<string, string>): Promise<void> {
  await withConsoleApi(baseURL, async (api) => {
    for (const [key, value] of Object.entries(values)) {
      const saved = await api.put(`/api/console/site-config/${encodeURIComponent(key)}`, { data: { value } });
      if (!saved.ok()) throw new Error(`site config ${key}: ${saved.status()} ${await saved.text()}`);
    }
  });
}
