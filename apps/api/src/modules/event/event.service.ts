import type { Kysely } from 'kysely';
import { ORDER_STATUSES_AFTER_PAYMENT, shanghaiStart, type ClientEvent } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { eventRepository } from './event.repository.ts';

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
      if (await eventRepository.seenSince(deps.db, { deviceId: context.deviceId, key: event.key, value, since: shanghaiStart(at, 'day') })) return { stored: false };
      await eventRepository.insert(deps.db, {
        key: event.key,
        value,
        extra: JSON.stringify(event.extra ?? {}),
        type: event.type,
        source: event.source,
        deviceId: context.deviceId,
        platform: context.platform,
        at: at.toISOString(),
      });
      return { stored: true };
    },
  };
}

/** The console's funnel since a moment: devices that sent every key up to each step, and of those, the paying ones (decision 045). */
export function countFunnel(db: Kysely<Database>, keys: readonly string[], since: string): Promise<{ reached: number[]; paid: number }> {
  return eventRepository.countFunnel(db, { keys, since, paidStatuses: ORDER_STATUSES_AFTER_PAYMENT });
}

/** Deletes up to `limit` analytics rows created before a moment (the retention sweep); returns how many. */
export function deleteEventsBefore(db: Kysely<Database>, input: { before: string; limit: number }): Promise<number> {
  return eventRepository.deleteBefore(db, input);
}
