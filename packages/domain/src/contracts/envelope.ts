import { z } from 'zod';

/** Every response body (docs/product/api.md). `code` 0 is success. */
export const EnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
  /** When true, `data` is base64(iv ‖ AES-128-CBC(JSON)) — docs/decisions/002-envelope.md. */
  encrypt: z.boolean().optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** Query parameters every call carries (docs/product/api.md). */
export const SignedQuerySchema = z.object({
  timestamp: z.coerce.number().int().positive(),
  nonce: z.string().min(8).max(64),
  signature: z.string().regex(/^[0-9a-f]{32}$/),
});
