import { z } from 'zod';
import { REMINDER_SKIP_REASONS } from '../reminder.ts';

/**
 * Next year's reminder on the wire (docs/decisions/065-next-season-reminder.md): the visitor's tick,
 * and the console's 年报季提醒 page.
 */

/** The order's proof, as the invoice request takes it (decision 049). */
export const ReminderConsentQuerySchema = z.object({
  id: z.string().trim().min(1).max(64),
  key: z.string().trim().max(64).optional(),
  phone_token: z.string().trim().max(200).optional(),
});
export const ReminderConsentRequestSchema = ReminderConsentQuerySchema.extend({ given: z.boolean() });
export type ReminderConsentRequest = z.infer<typeof ReminderConsentRequestSchema>;

export const ReminderConsentViewSchema = z.object({
  id: z.string(),
  /** whether this order may carry the tick (a paid, not refunded annual report) */
  allowed: z.boolean(),
  given: z.boolean(),
  label: z.string(),
  text: z.string(),
  version: z.string(),
});
export type ReminderConsentView = z.infer<typeof ReminderConsentViewSchema>;

export const REMINDER_ROW_STATUSES = ['eligible', 'skipped', 'sent_1', 'sent_2', 'opted_out', 'ordered'] as const;

export const ConsoleReminderRowSchema = z.object({
  consent_id: z.number().int(),
  order_id: z.number().int(),
  entity_name: z.string(),
  credit_code: z.string(),
  /** masked */
  phone: z.string(),
  given_at: z.string(),
  version: z.string(),
  withdrawn_at: z.string().nullable(),
  status: z.enum(REMINDER_ROW_STATUSES),
  status_text: z.string(),
  /** why it is skipped now, '' when it is not */
  reason: z.enum(REMINDER_SKIP_REASONS).nullable(),
  reason_text: z.string(),
  sent_count: z.number().int(),
  last_sent_at: z.string().nullable(),
  /** the pre-check: true published, false not, null unknown */
  published: z.boolean().nullable(),
});
export type ConsoleReminderRow = z.infer<typeof ConsoleReminderRowSchema>;

export const ConsoleReminderBatchSchema = z.object({
  id: z.number().int(),
  season_year: z.number().int(),
  started_by_name: z.string(),
  started_at: z.string(),
  companies: z.number().int(),
  sent_count: z.number().int(),
  skipped_count: z.number().int(),
});
export type ConsoleReminderBatch = z.infer<typeof ConsoleReminderBatchSchema>;

export const ConsoleReminderSeasonSchema = z.object({
  /** the reminder clock's time (a test clock may have moved it) */
  now: z.string(),
  season_year: z.number().int(),
  report_year: z.number().int(),
  /** why "发送提醒" would be refused now, '' when it may start */
  refusal: z.string(),
  rows: z.array(ConsoleReminderRowSchema),
  batches: z.array(ConsoleReminderBatchSchema),
  /** the directory's calls left today for the pre-check; null without a paid directory */
  precheck_budget_left: z.number().int().nullable(),
});
export type ConsoleReminderSeason = z.infer<typeof ConsoleReminderSeasonSchema>;

export const ConsoleReminderPrecheckSchema = z.object({ asked: z.number().int(), published: z.number().int(), not_published: z.number().int(), unknown: z.number().int() });
export type ConsoleReminderPrecheck = z.infer<typeof ConsoleReminderPrecheckSchema>;

export const ConsoleReminderSummarySchema = z.object({
  season_year: z.number().int(),
  sent: z.number().int(),
  opted_out: z.number().int(),
  /** companies that paid for an annual report within 30 days after a reminder */
  followed_by_order: z.number().int(),
});
export type ConsoleReminderSummary = z.infer<typeof ConsoleReminderSummarySchema>;
