import { z } from 'zod';
import { GOODS_TYPES } from '../goods-texts.ts';

export const PayTypeSchema = z.enum(['weixin', 'alipay']);
export type PayType = z.infer<typeof PayTypeSchema>;
export const PaySourceSchema = z.enum(['h5', 'native', 'jsapi']);
export type PaySource = z.infer<typeof PaySourceSchema>;
export const PlatformSchema = z.enum(['web', 'wx-oa', 'wx-mp']);
export type Platform = z.infer<typeof PlatformSchema>;

/** Goods as the client sees them (docs/product/data.md): both spellings of id, name and type, price in fen. */
export const GoodsSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  goods_name: z.string(),
  type: z.enum(GOODS_TYPES),
  goods_type: z.enum(GOODS_TYPES),
  /** Comma-separated, the first is the default (docs/product/constants.md). */
  pay_type: z.string(),
  price_fen: z.number().int().nonnegative(),
  /** The price for a 个体工商户 (customer-price.ts); null = price_fen for everyone. Optional for older answers. */
  individual_price_fen: z.number().int().nonnegative().nullable().optional(),
  description: z.string(),
});
export type Goods = z.infer<typeof GoodsSchema>;

export const GoodsQuerySchema = z.object({ type: z.string().max(32).optional() });
