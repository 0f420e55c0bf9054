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
export function operatorFooter(config: Pick<SiteConfig, 'operator_name' | 'icp_filing' | 'police_filing'> | null | undefined): {
  operatorName: string;
  icpFiling: string;
  policeFiling: string;
} {
  return { operatorName: config?.operator_name?.trim() ?? '', icpFiling: config?.icp_filing?.trim() ?? '', policeFiling: config?.police_filing?.trim() ?? '' };
}

/**
 * Hosts that can never be a real contact: the names reserved for examples and tests (RFC 2606 and
 * RFC 6761: example.com/.net/.org, *.example, *.test, *.invalid, localhost).
 */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/**
 * A contact that would lead nowhere: empty, a link to a reserved example host, or a phone number
 * whose digits after its prefix are all one digit (400-000-0000, 138-0000-0000, 010-8888-8888
 * is kept: only the shape left by a template is caught). The seed ships such placeholders
 * (apps/api/src/seed/defaults.ts) until the operator sets real ones; the visitor app hides what
 * would use them and the console's first-run checklist names them.
 */
export function isPlaceholderContact(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '') return true;
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

export interface SetupFacts {
  config: Pick<SiteConfig, 'service_weixin' | 'service_phone' | 'operator_name' | 'icp_filing'>;
  smsSignName: string;
  smsProvider: string;
  paymentProviders: readonly string[];
}

export interface SetupChecklistItem {
  key: 'service_weixin' | 'service_phone' | 'operator_name' | 'icp_filing' | 'sms_sign_name' | 'payment_providers' | 'sms_provider';
  label: string;
  done: boolean;
  /** where it is set: the console's site config, or the server's environment */
  where: 'site_config' | 'environment';
}

/**
 * The console's first-run checklist: what a fresh deployment still lacks before visitors should
 * see it. Payments are configured when at least one real provider is listed and the sandbox is not;
 * SMS when a real provider is chosen.
 */
export function setupChecklist(facts: SetupFacts): SetupChecklistItem[] {
  const filled = (value: string | undefined) => (value ?? '').trim() !== '';
  const realPayments = facts.paymentProviders.filter((id) => id !== 'sandbox');
  return [
    { key: 'service_weixin', label: '客服微信（不是示例地址）', done: !isPlaceholderContact(facts.config.service_weixin), where: 'site_config' },
    { key: 'service_phone', label: '客服电话（不是 400-000-0000 之类的占位号码）', done: !isPlaceholderContact(facts.config.service_phone), where: 'site_config' },
    { key: 'operator_name', label: '运营主体名称（营业执照上的名称）', done: filled(facts.config.operator_name), where: 'site_config' },
    { key: 'icp_filing', label: 'ICP备案号', done: filled(facts.config.icp_filing), where: 'site_config' },
    { key: 'sms_sign_name', label: '短信签名（SMS_SIGN_NAME，已在短信服务商报备的签名）', done: filled(facts.smsSignName) && facts.smsSignName.trim() !== DEFAULT_SMS_SIGN_NAME, where: 'environment' },
    { key: 'payment_providers', label: '支付渠道（PAYMENT_PROVIDERS 为微信支付或支付宝，不含 sandbox）', done: realPayments.length > 0 && realPayments.length === facts.paymentProviders.length, where: 'environment' },
    { key: 'sms_provider', label: '短信服务商（SMS_PROVIDER 为 aliyun 或 tencent，不是 console）', done: facts.smsProvider !== 'console', where: 'environment' },
  ];
}
