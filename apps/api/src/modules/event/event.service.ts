import type { Kysely } from 'kysely';
import { shanghaiStart, type ClientEvent } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';

export interface ClientContext {
  deviceId: string;
  platform: string;
}

export interface EventService {
  /** Stores the event unless this device already sent the same key and value today (Shanghai time). */
  recordEvent(event: ClientEvent, context: ClientContext): Promise<{ stored: boolean }>;
}

/** The stored value is a sample of what was sent: enough to tell events apart, not a storage service. */
const STORED_VALUE_MAX = 256;

/**
 * Analytics keep the first sighting per device, key, value and day (docs/security.md): the
 * funnel counts distinct devices, and a client that repeats itself adds nothing but bytes.
 */
export function createEventService(deps: { db: Kysely<Database>; now: () => Date }): EventService {
  return {
    async recordEvent(event, context) {
      const at = deps.now();
      const value = event.value.slice(0, STORED_VALUE_MAX);
      const seen = await deps.db
        .selectFrom('events')
        .select('id')
        .where('device_id', '=', context.deviceId)
        .where('key', '=', event.key)
        .where('created_at', '>=', shanghaiStart(at, 'day'))
        .where('value', '=', value)
        .limit(1)
        .executeTakeFirst();
      if (seen) return { stored: false };
      await deps.db
        .insertInto('events')
        .values({
          key: event.key,
          value,
          extra: JSON.stringify(event.extra ?? {}),
          type: event.type,
          source: event.source,
          device_id: context.deviceId,
          platform: context.platform,
          created_at: at.toISOString(),
        })
        .execute();
      return { stored: true };
    },
  };
}
