import { z } from 'zod';
import { VARIANTS } from '../variant-texts.ts';

/** The config the visitor app receives (docs/product/data.md#init-response). */
export const SiteConfigSchema = z.object({
  service_weixin: z.string().optional(),
  service_phone: z.string().optional(),
  /** Who runs the site, shown beside its contact on the home page (docs/product/trust-and-personal-data.md); set per deployment. */
  operator_name: z.string().optional(),
  /** The operator's 统一社会信用代码, shown beside its name in the footer, the agreement and the authorisation (operator-readiness.ts). */
  operator_credit_code: z.string().optional(),
  /** ICP filing number (ICP备案号), linked to the MIIT filing site in every page's footer (operator-info.ts). */
  icp_filing: z.string().optional(),
  /** Public-security filing number (公安备案号), shown and linked when set. */
  police_filing: z.string().optional(),
  /** The current agreement's text, version and effective date (docs/decisions/034-versioned-agreements.md). */
  privacy: z.string(),
  agreement_version: z.string(),
  agreement_effective_date: z.string(),
  'client.home.tips': z.string(),
  'client.home.danmaku': z.array(z.string()),
  proxy_version: z.enum(VARIANTS),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
