import { z } from 'zod';
import { EVENT_EXTRA_MAX_CHARS, EVENT_KEY_PREFIX } from '../constants.ts';

/** Analytics event (docs/product/api.md). */
export const ClientEventSchema = z.object({
  key: z.string().startsWith(EVENT_KEY_PREFIX).max(100),
  value: z.string().max(2000).default(''),
  extra: z
    .record(z.string(), z.unknown())
    .refine((extra) => JSON.stringify(extra).length <= EVENT_EXTRA_MAX_CHARS, `at most ${EVENT_EXTRA_MAX_CHARS} characters`)
    .optional(),
  source: z.literal('client').default('client'),
  type: z.enum(['click', 'error', 'event']),
});
export type ClientEvent = z.infer<typeof ClientEventSchema>;

export const FeedbackRequestSchema = z.object({
  report: z.object({
    type: z.string().max(20),
    content: z.string().max(2000),
    contact: z.string().max(2000).default(''),
    /** a company named without a verified order, kept as typed (docs/decisions/056-complaints-on-the-right-order.md) */
    company: z.string().max(400).default(''),
    /**
     * The order the complaint is about, picked from the phone lookup, with the proof the lookup took
     * (decision 049): the order's key from this device, or the verified phone's token. Linked only
     * when the proof holds for that order.
     */
    order: z
      .object({
        id: z.string().max(64),
        key: z.string().max(200).optional(),
        phone_token: z.string().max(200).optional(),
      })
      .optional(),
  }),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
