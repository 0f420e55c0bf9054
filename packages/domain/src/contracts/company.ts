import { z } from 'zod';

export const CompanySearchQuerySchema = z.object({ keyword: z.string().max(200).optional() });

/** One suggestion (docs/product/data.md). `color_name` is escaped HTML with `<em>` around the match. */
export const CompanySearchItemSchema = z.object({
  name: z.string(),
  merge_name: z.string(),
  color_name: z.string(),
  credit_code: z.string(),
  oper_name: z.string(),
});
export type CompanySearchItem = z.infer<typeof CompanySearchItemSchema>;
