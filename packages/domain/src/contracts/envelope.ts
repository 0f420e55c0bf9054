import { z } from 'zod';

/** Every response body (architecture §4). `code` 0 is success. */
export const EnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
  /** When true, `data` is base64(iv ‖ AES-128-CBC(JSON)) — docs/decisions/002-envelope.md. */
  encrypt: z.boolean().optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** Query parameters every call carries (spec §7). */
export const SignedQuerySchema = z.object({
  timestamp: z.coerce.number().int().positive(),
  nonce: z.string().min(8).max(64),
  signature: z.string().regex(/^[0-9a-f]{32}$/),
});

/** Request headers (spec §7). Lower-case, as Node receives them. */
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
