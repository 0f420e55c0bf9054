import { isServiceRefused } from './service-refusal.ts';

/**
 * A company's registration status (登记状态) as the directory and the vendor write it, in our few
 * kinds (docs/product/registration-status.md). The server reads it; the visitor's app receives the
 * kind and its short label with each suggestion, so this module stays out of the home route.
 */

/**
 * - `active`: 存续 / 在业 / 在营 / 开业 / 在册 / 正常;
 * - `revoked`: 吊销 (营业执照被吊销, 未注销);
 * - `cancelled`: 注销 (吊销后已注销 too): the company no longer exists;
 * - `withdrawn`: 撤销 (the registration itself was annulled);
 * - `moved_out`: 迁出 (moved to another registration authority, same credit code);
 * - `suspended`: 停业 / 歇业;
 * - `liquidating`: 清算;
 * - `unknown`: empty, or words we do not recognise.
 */
export const REGISTRATION_STATUSES = ['active', 'revoked', 'cancelled', 'withdrawn', 'moved_out', 'suspended', 'liquidating', 'unknown'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The short label a suggestion's tag shows (the registry's usual word). */
export const REGISTRATION_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  active: '存续',
  revoked: '吊销',
  cancelled: '注销',
  withdrawn: '撤销',
  moved_out: '迁出',
  suspended: '停业',
  liquidating: '清算',
  unknown: '',
};

/**
 * The kind of a status string as registries and 企查查 write it: "存续（在营、开业、在册）", "在业",
 * "吊销，未注销", "吊销，已注销", "注销", "撤销", "迁出", "停业", "歇业", "清算"… Full-width and
 * half-width punctuation alike. "未注销" is not 注销; "已注销" after 吊销 is.
 */
export function normalizeRegistrationStatus(raw: string | null | undefined): RegistrationStatus {
  const text = (raw ?? '').replace(/\s+/g, '');
  if (!text) return 'unknown';
  const cancelled = /注销/.test(text.replace(/未注销/g, ''));
  if (cancelled) return 'cancelled';
  if (/吊销/.test(text)) return 'revoked';
  if (/撤销/.test(text)) return 'withdrawn';
  if (/迁出/.test(text)) return 'moved_out';
  if (/清算/.test(text)) return 'liquidating';
  if (/停业|歇业/.test(text)) return 'suspended';
  if (/存续|在业|在营|开业|在册|正常|登记成立|确立/.test(text)) return 'active';
  return 'unknown';
}

/** The label shown for a raw status: ours for a known kind, the registry's words (cut short) otherwise. */
export function registrationStatusLabel(raw: string | null | undefined): string {
  const kind = normalizeRegistrationStatus(raw);
  if (kind !== 'unknown') return REGISTRATION_STATUS_LABELS[kind];
  return Array.from((raw ?? '').replace(/\s+/g, '')).slice(0, 6).join('');
}

/** The catalog code (page-errors.ts) that says why a service is refused. */
export type ServiceRefusal = 'COMPANY_DEREGISTERED' | 'COMPANY_REGISTRATION_WITHDRAWN' | 'COMPANY_REVOKED_ANNUAL_REPORT';

const REFUSALS: Readonly<Record<string, ServiceRefusal>> = {
  cancelled: 'COMPANY_DEREGISTERED',
  withdrawn: 'COMPANY_REGISTRATION_WITHDRAWN',
  revoked: 'COMPANY_REVOKED_ANNUAL_REPORT',
};

/** The rule of service-refusal.ts with its catalog code: null when the service is allowed. */
export function serviceRefusal(status: string | null | undefined, goodsType: string): ServiceRefusal | null {
  return isServiceRefused(status, goodsType) ? (REFUSALS[status ?? ''] ?? null) : null;
}
