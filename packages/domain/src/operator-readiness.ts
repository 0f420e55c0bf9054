import type { SiteConfig } from './contracts/site-config.ts';
import { isValidCreditCode } from './credit-code.ts';
import { DEFAULT_SMS_SIGN_NAME, isDemoValue, usableContact } from './operator-info.ts';

/**
 * Who may take a visitor's money (docs/decisions/047-operator-before-money.md): a site takes an
 * order in production only once it names its operator — the legal name and 统一社会信用代码 on
 * its business licence, its ICP filing number — and a contact that reaches someone. The console's
 * first-run checklist lists the same items in the same words. Its own module, away from
 * operator-info.ts, so the visitor's home route does not carry it (decision 011).
 */

export type OperatorRequirement = 'operator_name' | 'operator_credit_code' | 'icp_filing' | 'service_contact';

/** What each requirement asks for, in the words the console's checklist shows. */
export const OPERATOR_REQUIREMENTS: Readonly<Record<OperatorRequirement, string>> = {
  operator_name: '运营主体名称（营业执照上的名称，不是演示名称）',
  operator_credit_code: '运营主体的统一社会信用代码（营业执照上的18位代码）',
  icp_filing: 'ICP备案号（如 京ICP备12345678号-1）',
  service_contact: '可接通的客服电话或客服微信（不是 400-000-0000 或示例地址这类占位）',
};

export type OperatorConfig = Pick<SiteConfig, 'operator_name' | 'operator_credit_code' | 'icp_filing' | 'service_weixin' | 'service_phone'>;

/** The ICP number's shape: 京ICP备12345678号(-1) or an ICP licence 京ICP证123456号. */
const ICP_NUMBER = /ICP[备证]\s*\d{4,}\s*号/;

/** Upper case, no spaces: how the registry writes a credit code (credit-code.ts). */
export function normalizeOperatorCreditCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * What is still missing before the site may take money, in OPERATOR_REQUIREMENTS order; empty when
 * nothing is. Each field counts as missing while unset, a placeholder or a demo value (the seed's
 * demo operator says it is one); the contact is there when the phone or the WeChat link is usable.
 */
export function missingOperatorInfo(config: Partial<OperatorConfig> | null | undefined): OperatorRequirement[] {
  const real = (value: string | undefined) => {
    const text = (value ?? '').trim();
    return text !== '' && !isDemoValue(text);
  };
  const missing: OperatorRequirement[] = [];
  if (!real(config?.operator_name)) missing.push('operator_name');
  const creditCode = config?.operator_credit_code ?? '';
  if (!real(creditCode) || !isValidCreditCode(normalizeOperatorCreditCode(creditCode))) missing.push('operator_credit_code');
  if (!real(config?.icp_filing) || !ICP_NUMBER.test(config?.icp_filing ?? '')) missing.push('icp_filing');
  const contact = usableContact(config);
  if (!contact.phone && !contact.address) missing.push('service_contact');
  return missing;
}

/**
 * The footer's service phone: the usable phone, dialled by a tel: link; on the demo operator the
 * seed's phone is shown as the demo's, without a link, so the embedded default shows the whole footer.
 */
export function footerServicePhone(config: Partial<OperatorConfig> | null | undefined): { text: string; dial: boolean } {
  const usable = usableContact(config).phone;
  if (usable) return { text: usable, dial: true };
  const phone = (config?.service_phone ?? '').trim();
  if (phone && isDemoValue(config?.operator_name)) return { text: isDemoValue(phone) ? phone : `${phone}（演示）`, dial: false };
  return { text: '', dial: false };
}

export interface SetupFacts {
  config: Partial<OperatorConfig>;
  smsSignName: string;
  smsProvider: string;
  paymentProviders: readonly string[];
}

export interface SetupChecklistItem {
  key: OperatorRequirement | 'sms_sign_name' | 'payment_providers' | 'sms_provider';
  label: string;
  done: boolean;
  /** where it is set: the console's site config, or the server's environment */
  where: 'site_config' | 'environment';
  /** while open, production refuses orders (missingOperatorInfo) */
  blocksOrders: boolean;
}

/**
 * The console's first-run checklist: what a fresh deployment still lacks before visitors should
 * see it. The operator's items are missingOperatorInfo's, word for word. Payments are configured
 * when at least one real provider is listed and the sandbox is not; SMS when a real provider is chosen.
 */
export function setupChecklist(facts: SetupFacts): SetupChecklistItem[] {
  const missing = new Set(missingOperatorInfo(facts.config));
  const filled = (value: string | undefined) => (value ?? '').trim() !== '';
  const realPayments = facts.paymentProviders.filter((id) => id !== 'sandbox');
  const operatorItems = (Object.keys(OPERATOR_REQUIREMENTS) as OperatorRequirement[]).map((key) => ({
    key,
    label: OPERATOR_REQUIREMENTS[key],
    done: !missing.has(key),
    where: 'site_config' as const,
    blocksOrders: true,
  }));
  return [
    ...operatorItems,
    { key: 'sms_sign_name', label: '短信签名（SMS_SIGN_NAME，已在短信服务商报备的签名）', done: filled(facts.smsSignName) && facts.smsSignName.trim() !== DEFAULT_SMS_SIGN_NAME, where: 'environment', blocksOrders: false },
    { key: 'payment_providers', label: '支付渠道（PAYMENT_PROVIDERS 为微信支付或支付宝，不含 sandbox）', done: realPayments.length > 0 && realPayments.length === facts.paymentProviders.length, where: 'environment', blocksOrders: false },
    { key: 'sms_provider', label: '短信服务商（SMS_PROVIDER 为 aliyun 或 tencent，不是 console）', done: facts.smsProvider !== 'console', where: 'environment', blocksOrders: false },
  ];
}
