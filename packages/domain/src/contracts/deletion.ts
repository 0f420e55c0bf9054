import { z } from 'zod';

/** The visitor's deletion request (docs/decisions/037-visitor-deletion-request.md, docs/product/api.md). */
export const DeletionCodeRequestSchema = z.object({ phone: z.string().max(32) });
export type DeletionCodeRequest = z.infer<typeof DeletionCodeRequestSchema>;

export const DeletionCodeResponseSchema = z.object({
  /** seconds the code can be used */
  expires_in: z.number().int(),
});
export type DeletionCodeResponse = z.infer<typeof DeletionCodeResponseSchema>;

export const DeletionConfirmRequestSchema = z.object({ phone: z.string().max(32), code: z.string().max(12) });
export type DeletionConfirmRequest = z.infer<typeof DeletionConfirmRequestSchema>;

export const DeletionConfirmResponseSchema = z.object({
  /** orders whose personal data is gone now */
  purged: z.number().int(),
  /** orders still being handled: purged when they close */
  waiting: z.number().int(),
});
export type DeletionConfirmResponse = z.infer<typeof DeletionConfirmResponseSchema>;

export const ConsoleDeletionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ConsoleDeletionRequestSchema = z.object({
  id: z.number().int(),
  phone_masked: z.string(),
  status: z.string(),
  status_name: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  orders: z.array(z.object({ out_trade_no: z.string(), purged_at: z.string().nullable() })),
});
export type ConsoleDeletionRequest = z.infer<typeof ConsoleDeletionRequestSchema>;
