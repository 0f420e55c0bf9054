/**
 * The channel an order came from: a link's `source` query parameter (/?source=douyin), kept by the
 * visitor's browser for the visit and sent with the order (docs/decisions/059-prices-per-customer-kind-and-channel.md).
 * It is the visitor's to forge, so only a short ASCII slug is kept; anything else is dropped (null),
 * never refused: a bad link must not stop anyone ordering. A kept value holds nothing that could
 * break a log line, a CSV cell or a page.
 */
export const CHANNEL_MAX_LENGTH = 32;
const CHANNEL_SLUG = /^[a-z0-9][a-z0-9_-]*$/;

/** The console's filter value for orders without a channel; a link saying it means no channel too. */
export const NO_CHANNEL = 'none';

/** The channel as stored (lower case), or null for a missing, overlong or non-slug value. */
export function normalizeChannel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const slug = value.trim().toLowerCase();
  return slug.length <= CHANNEL_MAX_LENGTH && CHANNEL_SLUG.test(slug) && slug !== NO_CHANNEL ? slug : null;
}

/** What the console shows for an order without a channel. */
export const NO_CHANNEL_LABEL = '直接访问';
