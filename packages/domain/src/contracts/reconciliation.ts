import { z } from 'zod';
import { DIFFERENCE_KINDS, RECONCILIATION_PROVIDERS, RECONCILIATION_RUN_STATUSES } from '../reconciliation.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ConsoleReconciliationListQuerySchema = z.object({ date: date.optional() });
export const ConsoleReconciliationRerunSchema = z.object({ date, provider: z.enum(RECONCILIATION_PROVIDERS) });
export type ConsoleReconciliationRerun = z.input<typeof ConsoleReconciliationRerunSchema>;

const totals = z.object({ payment_count: z.number().int(), payment_fen: z.number().int(), refund_count: z.number().int(), refund_fen: z.number().int() });

export const ConsoleReconciliationDifferenceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DIFFERENCE_KINDS),
  line_kind: z.enum(['payment', 'refund']),
  out_trade_no: z.string(),
  out_refund_no: z.string().nullable(),
  order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  their_amount_fen: z.number().int().nullable(),
  our_amount_fen: z.number().int().nullable(),
  their_status: z.string().nullable(),
  our_status: z.string().nullable(),
});
export type ConsoleReconciliationDifference = z.infer<typeof ConsoleReconciliationDifferenceSchema>;

export const ConsoleReconciliationRunSchema = z.object({
  id: z.number().int(),
  provider: z.enum(RECONCILIATION_PROVIDERS),
  bill_date: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  theirs: totals,
  ours: totals,
  matched_count: z.number().int(),
  difference_count: z.number().int(),
  error: z.string(),
  triggered_by: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  differences: z.array(ConsoleReconciliationDifferenceSchema),
});
export type ConsoleReconciliationRun = z.infer<typeof ConsoleReconciliationRunSchema>;

/** A day's runs (one per configured provider that has bills), newest day first when no date is asked. */
export const ConsoleReconciliationDaySchema = z.object({ date: z.string(), runs: z.array(ConsoleReconciliationRunSchema) });
export type ConsoleReconciliationDay = z.infer<typeof ConsoleReconciliationDaySchema>;
