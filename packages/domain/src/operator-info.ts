import type { SiteConfig } from './contracts/site-config.ts';

/**
 * Who runs the site, as the visitor sees it in every page's footer (docs/product/trust-and-personal-data.md#who-we-are):
 * the operator's legal name, its ICP filing number linked to the MIIT filing site and, when the
 * site has one, its public-security filing number linked to that filing site.
 */
export const ICP_FILING_SITE = 'https://beian.miit.gov.cn/';
export const POLICE_FILING_SITE = 'https://beian.mps.gov.cn/';

/** 京公网安备11010502030143号 → the public-security site's query for 11010502030143; no digits → the site itself. */
export function policeFilingUrl(filingNumber: string): string {
  const digits = filingNumber.replace(/\D/g, '');
  return digits.length > 0 ? `${POLICE_FILING_SITE}#/query/webSearch?code=${digits}` : POLICE_FILING_SITE;
}

/** The footer's lines; empty fields are left out, and no field at all gives an empty list. */
export function operatorFooter(config: Pick<SiteConfig, 'operator_name' | 'operator_credit_code' | 'icp_filing' | 'police_filing'> | null | undefined): {
  operatorName: string;
  creditCode: string;
  icpFiling: string;
  policeFiling: string;
} {
  return {
    operatorName: config?.operator_name?.trim() ?? '',
    creditCode: config?.operator_credit_code?.trim() ?? '',
    icpFiling: config?.icp_filing?.trim() ?? '',
    policeFiling: config?.police_filing?.trim() ?? '',
  };
}

/**
 * A value that says it is a demonstration: the seed's demo operator (apps/api/src/seed/defaults.ts)
 * ends each of its values with （演示）. Shown as it is, never counted as real (operator-readiness.ts).
 */
export function isDemoValue(value: string | null | undefined): boolean {
  return /[（(]\s*演示\s*[)）]/.test(value ?? '');
}

/**
 * Hosts that can never be a real contact: the names reserved for examples and tests (RFC 2606 and
 * RFC 6761: example.com/.net/.org, *.example, *.test, *.invalid, localhost).
 */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/**
 * A contact that would lead nowhere: empty, a demo value, a link to a reserved example host, or a phone number
 * whose digits after its prefix are all one digit (400-000-0000, 138-0000-0000, 010-8888-8888
 * is kept: only the shape left by a template is caught). The seed ships such placeholders
 * (apps/api/src/seed/defaults.ts) until the operator sets real ones; the visitor app hides what
 * would use them and the console's first-run checklist names them.
 */
export function isPlaceholderContact(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '' || isDemoValue(text)) return true;
  const link = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]*)/i.exec(text);
  if (link) {
    const host = (link[1] ?? '').replace(/\.$/, '');
    return host === '' || PLACEHOLDER_HOST.test(host);
  }
  if (/^[\d\s()+-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length < 5) return true;
    const rest = digits.slice(3);
    return /^(\d)\1*$/.test(rest) && rest[0] === '0';
  }
  return false;
}

/** The site's contact without its placeholders: an empty string where one would lead nowhere. */
export function usableContact(config: Pick<SiteConfig, 'service_weixin' | 'service_phone'> | null | undefined): { address: string; phone: string } {
  const address = config?.service_weixin?.trim() ?? '';
  const phone = config?.service_phone?.trim() ?? '';
  return { address: isPlaceholderContact(address) ? '' : address, phone: isPlaceholderContact(phone) ? '' : phone };
}

/** The SMS signature the configuration ships with (apps/api/src/config/env-schema.ts); the operator registers their own. */
export const DEFAULT_SMS_SIGN_NAME = '快报';
