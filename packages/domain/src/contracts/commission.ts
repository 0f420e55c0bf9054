import { z } from 'zod';
import { COMMISSION_RATE_MAX_BP } from '../commission.ts';
import { GOODS_TYPES } from '../goods-texts.ts';

/**
 * The 提成 routes (docs/decisions/058-finance-and-supervisor-roles-and-commission.md):
 * GET /api/console/commission?month=YYYY-MM, GET /api/console/commission/rates,
 * PUT /api/console/commission/rates/:goods_type, and the file at /api/console/commission/export.
 */
export const ConsoleCommissionQuerySchema = z.object({
  /** the Beijing month */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM'),
  /** one staff member's lines (one's own unless team.view) */
  staff_id: z.coerce.number().int().positive().optional(),
});
export type ConsoleCommissionQuery = z.infer<typeof ConsoleCommissionQuerySchema>;

export const ConsoleCommissionLineSchema = z.object({
  staff_id: z.number().int(),
  staff_name: z.string(),
  goods_type: z.enum(GOODS_TYPES),
  completed_orders: z.number().int(),
  completed_fen: z.number().int(),
  earned_fen: z.number().int(),
  refunds: z.number().int(),
  refunded_fen: z.number().int(),
  deducted_fen: z.number().int(),
  net_fen: z.number().int(),
});
export type ConsoleCommissionLine = z.infer<typeof ConsoleCommissionLineSchema>;

export const ConsoleCommissionRateSchema = z.object({
  goods_type: z.enum(GOODS_TYPES),
  /** the rate in force now, basis points of the amount paid (1 = 0.01 %) */
  rate_bp: z.number().int(),
  /** when it took effect and who set it; null: never set (0 %) */
  effective_from: z.string().nullable(),
  staff_name: z.string(),
});
export type ConsoleCommissionRate = z.infer<typeof ConsoleCommissionRateSchema>;

export const ConsoleCommissionSchema = z.object({
  month: z.string(),
  /** whether the lines are everyone's (team.view) or the caller's own */
  everyone: z.boolean(),
  lines: z.array(ConsoleCommissionLineSchema),
});
export type ConsoleCommission = z.infer<typeof ConsoleCommissionSchema>;

export const ConsoleCommissionRateParamSchema = z.object({ goods_type: z.enum(GOODS_TYPES) });
export const ConsoleCommissionRateUpdateSchema = z.object({ rate_bp: z.number().int().min(0).max(COMMISSION_RATE_MAX_BP) });
export type ConsoleCommissionRateUpdate = z.infer<typeof ConsoleCommissionRateUpdateSchema>;
