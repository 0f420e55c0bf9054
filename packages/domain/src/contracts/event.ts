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
  }),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
