/**
 * Wire constants without zod, so the web app can import them without pulling the schema
 * library into its entry chunk.
 */

/** Request headers (docs/product/api.md). Lower-case, as Node receives them. */
export const CLIENT_HEADERS = {
  deviceId: 'x-device-id',
  platform: 'x-platform',
  channel: 'x-channel',
  version: 'x-version',
  host: 'x-host',
  corpId: 'b-corp-id',
  linkId: 'b-link-id',
  shareId: 'b-share-id',
  prevId: 'b-prev-id',
  token: 'x-token',
  package: 'x-package',
} as const;

/** 'paied' (sic, docs/product/data.md): the order answer when the company has already filed. */
export const ALREADY_PAID_RESULT = 'paied';
