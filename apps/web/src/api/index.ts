import { toast } from '../ui/toast.tsx';
import { deviceId, readString } from '../storage.ts';
import { activity, type Activity } from './activity.ts';
import { createApiClient, type ApiClient, type EventType } from './client.ts';
import type { ClientKeys } from './client-keys.ts';
import type { Platform } from '@kuaibao/domain';

export { RequestError, type ApiClient, type QueryParams, type RequestOptions } from './client.ts';

let client: ApiClient | null = null;

/** Builds the app's one request client; called once at start (main.tsx), or by tests with a fake fetch. */
export function initApi(input: { keys: ClientKeys; platform: Platform; fetch?: typeof fetch; activity?: Activity }): ApiClient {
  client = createApiClient({
    fetch: input.fetch ?? ((url, init) => fetch(url, init)),
    keys: input.keys,
    platform: input.platform,
    environment: {
      host: location.host,
      headerValues: () => ({
        deviceId: deviceId(),
        corpId: readString('corpId'),
        linkId: readString('linkId'),
        shareId: readString('shareId'),
        prevId: readString('prevId'),
        token: readString('token'),
        package: readString('package'),
        env: readString('env'),
      }),
    },
    activity: input.activity ?? activity,
    notifyError: (text) => toast.error(text),
  });
  return client;
}

export function api(): ApiClient {
  if (!client) throw new Error('initApi() has not run');
  return client;
}

/** Analytics that never throws, even before start-up finished. */
export function track(key: string, value?: unknown, type: EventType = 'event', extra?: Record<string, unknown>): void {
  client?.track(key, value, type, extra);
}
