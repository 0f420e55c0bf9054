import type { Redis } from 'ioredis';
import type { SharedState } from './shared-state.ts';

/**
 * Goods and site config are read on every start-up request and changed a few times a month from
 * the console, so each instance keeps them in memory (docs/decisions/029-catalog-in-memory-and-hot-path.md).
 * This is how a change reaches every copy: the instance that made it drops its own at once, and,
 * with REDIS_URL, publishes the change on a channel every instance subscribes to. A copy is kept
 * at most CATALOG_MAX_AGE_MS while this instance hears the others, and at most
 * CATALOG_UNSHARED_MAX_AGE_MS when it cannot (no Redis, or its subscription is down): that bounds
 * how stale another instance on the same database can leave it.
 */

export type CatalogPart = 'goods' | 'site-config';

const CATALOG_PARTS: readonly CatalogPart[] = ['goods', 'site-config'];

/** The channel every instance listens on; the message is the part that changed. */
export const CATALOG_CHANNEL = 'kuaibao:catalog-changed';

/** With the subscription up: a safety net for a message lost between two instances. */
export const CATALOG_MAX_AGE_MS = 60_000;

/** Without Redis, or while the subscription is down: another instance's change shows within this. */
export const CATALOG_UNSHARED_MAX_AGE_MS = 5000;

export interface CatalogChanges {
  /** After a change has committed: drops this instance's copy now and tells the other instances. */
  changed(part: CatalogPart): Promise<void>;
  /** A cache registers how to drop its copy of a part. */
  onChange(part: CatalogPart, drop: () => void): void;
  /** How long a copy may be kept now. */
  maxAgeMs(): number;
  /** Subscribes (with REDIS_URL); a refused connection is retried in the background, like the main client. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCatalogChanges(sharedState: SharedState): CatalogChanges {
  const droppers = new Map<CatalogPart, Array<() => void>>(CATALOG_PARTS.map((part) => [part, []]));
  const dropLocal = (part: CatalogPart) => {
    for (const drop of droppers.get(part) ?? []) drop();
  };
  const dropAll = () => CATALOG_PARTS.forEach(dropLocal);
  const publisher = sharedState.redis;
  let subscriber: Redis | undefined;
  /** True only while the subscription is live: then other instances' changes reach us. */
  let listening = false;

  return {
    async changed(part) {
      dropLocal(part);
      if (!publisher) return;
      try {
        await publisher.publish(CATALOG_CHANNEL, part);
      } catch (error) {
        // The others keep their copy until it ages out (at most CATALOG_MAX_AGE_MS).
        sharedState.reportFailure('catalog change not published', error);
      }
    },
    onChange(part, drop) {
      droppers.get(part)?.push(drop);
    },
    maxAgeMs() {
      return listening ? CATALOG_MAX_AGE_MS : CATALOG_UNSHARED_MAX_AGE_MS;
    },
    async start() {
      if (!publisher || subscriber) return;
      // A connection in subscriber mode can do nothing else: a second one, with the same settings.
      // It subscribes itself on every (re)connection, below, rather than through ioredis's resubscribe.
      const connection = publisher.duplicate({ autoResubscribe: false });
      subscriber = connection;
      connection.on('message', (channel: string, message: string) => {
        if (channel === CATALOG_CHANNEL && (CATALOG_PARTS as readonly string[]).includes(message)) dropLocal(message as CatalogPart);
      });
      let subscribed: Promise<void> = Promise.resolve();
      connection.on('ready', () => {
        subscribed = connection.subscribe(CATALOG_CHANNEL).then(
          () => {
            listening = true;
            // Changes published while we were not listening are lost: start afresh.
            dropAll();
          },
          (error: unknown) => sharedState.reportFailure('catalog change subscription', error),
        );
      });
      connection.on('close', () => {
        listening = false;
      });
      connection.on('error', (error) => sharedState.reportFailure('catalog change subscription', error));
      try {
        await connection.connect();
        await subscribed;
      } catch (error) {
        sharedState.reportFailure('catalog change subscription', error);
      }
    },
    async close() {
      listening = false;
      subscriber?.disconnect();
    },
  };
}
