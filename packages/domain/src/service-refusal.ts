/**
 * Which services a company's registration status rules out (docs/product/registration-status.md):
 * the one rule, used by the home page before any payment and by the server when an order is
 * created. Small on purpose: the home route imports it; the words of each refusal are catalog
 * codes (page-errors.ts), which the home's lazy parts and the server read.
 *
 * - 注销 (`cancelled`) and 撤销 (`withdrawn`): every service refused; the company no longer exists.
 * - 吊销 (`revoked`): the annual report refused; 注销 and 信用修复 allowed (a revoked company still
 *   has to be wound up and cancelled).
 * - anything else, and a status we do not know: allowed (the specialist checks before filing;
 *   a service that cannot be done is refunded in full).
 */
export type ServiceRefusal = 'COMPANY_DEREGISTERED' | 'COMPANY_REGISTRATION_WITHDRAWN' | 'COMPANY_REVOKED_ANNUAL_REPORT';

/** `status`: a RegistrationStatus (registration-status.ts); `goodsType`: the service's goods type. */
export function serviceRefusal(status: string | null | undefined, goodsType: string): ServiceRefusal | null {
  if (status === 'cancelled') return 'COMPANY_DEREGISTERED';
  if (status === 'withdrawn') return 'COMPANY_REGISTRATION_WITHDRAWN';
  if (status === 'revoked' && goodsType === 'license_year') return 'COMPANY_REVOKED_ANNUAL_REPORT';
  return null;
}
