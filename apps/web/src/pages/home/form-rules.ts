import { isValidIdNumber, isValidMobilePhone, type VisitorErrorCode } from '@kuaibao/domain';
import type { OrderForm } from '../../storage.ts';

/**
 * The order of the home submit checks (docs/product/orders-and-statuses.md#form-submit, docs/product/validation.md): the three text fields,
 * then the company choice, the ID number, the phone, and finally the agreement. The rules
 * themselves are the domain's; this only fixes which message wins.
 */
export function firstFormProblem(form: OrderForm, consented: boolean, today: Date = new Date()): VisitorErrorCode | null {
  if (!form.entity_name.trim() || !form.entity_idno || !form.entity_phone) return 'FORM_INCOMPLETE';
  if (!form.entity_id) return 'COMPANY_NOT_CHOSEN';
  if (!isValidIdNumber(form.entity_idno, today)) return 'ID_NUMBER_INVALID';
  if (!isValidMobilePhone(form.entity_phone)) return 'PHONE_INVALID';
  if (!consented) return 'CONSENT_REQUIRED';
  return null;
}
