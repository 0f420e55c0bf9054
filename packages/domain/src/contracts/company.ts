import { z } from 'zod';
import { REGISTRATION_STATUSES } from '../registration-status.ts';

export const CompanySearchQuerySchema = z.object({ keyword: z.string().max(200).optional() });

/** One suggestion (docs/product/data.md). `color_name` is escaped HTML with `<em>` around the match. */
export const CompanySearchItemSchema = z.object({
  name: z.string(),
  merge_name: z.string(),
  color_name: z.string(),
  credit_code: z.string(),
  oper_name: z.string(),
  /** 登记状态 in our kinds (registration-status.ts), from the directory or the vendor; optional for older answers. */
  status: z.enum(REGISTRATION_STATUSES).optional(),
  /** The suggestion's tag: the status's short label (吊销, 注销…; the registry's own words when we do not know them); '' for a live company. */
  status_text: z.string().optional(),
});
export type CompanySearchItem = z.infer<typeof CompanySearchItemSchema>;

/** GET /api/h5/company/annual-report-check (docs/product/annual-report-precheck.md). */
export const AnnualReportCheckQuerySchema = z.object({ credit_code: z.string().trim().max(32).optional() });

/**
 * The pre-check's answer: published (with the source's date, YYYY-MM-DD or ''), not published, or
 * null when there is nothing to say (no source for this company, or the source is down).
 */
export const AnnualReportCheckSchema = z
  .discriminatedUnion('published', [
    z.object({ published: z.literal(true), year: z.number().int(), publishDate: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]) }),
    z.object({ published: z.literal(false), year: z.number().int() }),
  ])
  .nullable();
export type AnnualReportCheck = z.infer<typeof AnnualReportCheckSchema>;
