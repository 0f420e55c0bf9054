import { z } from 'zod';
import { RECONCILIATION_PROVIDERS } from '../reconciliation.ts';

/** 月结 (docs/decisions/061-exports-for-accountants.md): GET /api/console/month-close?month=YYYY-MM. */
export const ConsoleMonthCloseQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM').optional() });
export const ConsoleMonthCloseExportQuerySchema = ConsoleMonthCloseQuerySchema.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type ConsoleMonthCloseQuery = z.infer<typeof ConsoleMonthCloseQuerySchema>;

const UnreconciledDaySchema = z.object({
  date: z.string(),
  reason: z.enum(['NO_RUN', 'NOT_READY', 'FAILED', 'RUNNING', 'DIFFERENCES']),
  differences: z.number().int(),
});

export const ConsoleMonthCloseChannelSchema = z.object({
  provider: z.enum(RECONCILIATION_PROVIDERS),
  payment_count: z.number().int(),
  income_fen: z.number().int(),
  refund_count: z.number().int(),
  refund_fen: z.number().int(),
  fee_fen: z.number().int(),
  net_fen: z.number().int(),
  days_without_fees: z.array(z.string()),
  unreconciled_days: z.array(UnreconciledDaySchema),
  reconciled_days: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      /** null: reconciled */
      unreconciled: z.enum(['NO_RUN', 'NOT_READY', 'FAILED', 'RUNNING', 'DIFFERENCES', 'NOT_DUE']).nullable(),
      payment_count: z.number().int(),
      income_fen: z.number().int(),
      refund_count: z.number().int(),
      refund_fen: z.number().int(),
      fee_fen: z.number().int().nullable(),
      net_fen: z.number().int(),
    }),
  ),
});
export type ConsoleMonthCloseChannel = z.infer<typeof ConsoleMonthCloseChannelSchema>;

export const ConsoleMonthCloseSchema = z.object({
  month: z.string(),
  due_days: z.number().int(),
  month_days: z.number().int(),
  closed: z.boolean(),
  channels: z.array(ConsoleMonthCloseChannelSchema),
  total: z.object({ income_fen: z.number().int(), refund_fen: z.number().int(), fee_fen: z.number().int(), net_fen: z.number().int() }),
});
export type ConsoleMonthClose = z.infer<typeof ConsoleMonthCloseSchema>;
