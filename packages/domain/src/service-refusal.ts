/**
 * Which services a company's registration status rules out (docs/product/registration-status.md):
 * the one rule, used by the home page before any payment and by the server when an order is
 * created. Small on purpose: the home route imports this module (decision 011); the code naming
 * each refusal (serviceRefusal, registration-status.ts) and its words (page-errors.ts) live apart.
 *
 * - 注销 (`cancelled`) and 撤销 (`withdrawn`): every service refused; the company no longer exists.
 * - 吊销 (`revoked`): the annual report refused; 注销 and 信用修复 allowed (a revoked company still
 *   has to be wound up and cancelled).
 * - anything else, and a status we do not know: allowed (the specialist checks before filing;
 *   a service that cannot be done is refunded in full).
 *
 * `status`: a RegistrationStatus (registration-status.ts); `goodsType`: the service's goods type.
 */
export function isServiceRefused(status: string | null | undefined, goodsType: string): boolean {
  return status === 'cancelled' || status === 'withdrawn' || (status === 'revoked' && goodsType === 'license_year');
}
