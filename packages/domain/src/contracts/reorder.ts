import { z } from 'zod';

/**
 * GET /api/h5/order/reorder (docs/decisions/066-reorder-in-two-taps.md): the proof this device holds,
 * its own orders' keys (`<id>.<key>,…`, as the phone lookup takes them) and/or a verified phone's token.
 */
export const ReorderQuerySchema = z.object({
  keys: z.string().max(1200).optional(),
  phone: z.string().max(20).optional(),
  phone_token: z.string().max(64).optional(),
});
export type ReorderQuery = z.infer<typeof ReorderQuerySchema>;

/** A company to order again: what the home form prefills. Never the ID number (retention purged it). */
export const ReorderCompanySchema = z.strictObject({
  goods_id: z.number().int(),
  entity_name: z.string(),
  entity_id: z.string(),
  entity_legal: z.string(),
  entity_phone: z.string(),
});
export type ReorderCompany = z.infer<typeof ReorderCompanySchema>;

export const ReorderResponseSchema = z.object({
  filing_year: z.number().int(),
  companies: z.array(ReorderCompanySchema),
});
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;
