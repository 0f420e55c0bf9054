import { z } from 'zod';
import { GoodsSchema } from './goods.ts';
import { SiteConfigSchema } from './site-config.ts';

/** The previous visit's form, for prefill (docs/product/data.md#order-form). ID number masked. */
export const PrevInfoSchema = z.object({
  goods_id: z.number().int(),
  entity_name: z.string(),
  entity_id: z.string(),
  entity_legal: z.string(),
  entity_phone: z.string(),
});
export type PrevInfo = z.infer<typeof PrevInfoSchema>;

export const InitResponseSchema = z.object({
  goods: z.array(GoodsSchema),
  token: z.string(),
  appid: z.string(),
  package: z.string(),
  config: SiteConfigSchema,
  prev_info: PrevInfoSchema.nullable(),
});
export type InitResponse = z.infer<typeof InitResponseSchema>;

/** GET /api/weixin/service (docs/product/orders-and-statuses.md#start-up step 5). */
export const WeixinServiceResponseSchema = z.object({
  kf: z.object({ address: z.string(), phone: z.string().optional() }),
});
export type WeixinServiceResponse = z.infer<typeof WeixinServiceResponseSchema>;

/** GET /env — its shape is ours to define (docs/product/api.md leaves it open). */
export const EnvResponseSchema = z.object({
  env: z.enum(['prod', 'dev', 'test']),
  version: z.string(),
  payment_providers: z.array(z.string()),
  time: z.string(),
});
export type EnvResponse = z.infer<typeof EnvResponseSchema>;
