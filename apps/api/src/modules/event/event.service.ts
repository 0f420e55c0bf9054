import type { Kysely } from 'kysely';
import type { ClientEvent } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';

export interface ClientContext {
  deviceId: string;
  platform: string;
}

export interface EventService {
  recordEvent(event: ClientEvent, context: ClientContext): Promise<void>;
}

export function createEventService(deps: { db: Kysely<Database>; now: () => Date }): EventService {
  return {
    async recordEvent(event, context) {
      await deps.db
        .insertInto('events')
        .values({
          key: event.key,
          value: event.value,
          extra: JSON.stringify(event.extra ?? {}),
          type: event.type,
          source: event.source,
          device_id: context.deviceId,
          platform: context.platform,
          created_at: deps.now().toISOString(),
        })
        .execute();
    },
  };
}

