import { isValidIdNumber, isValidMobilePhone, type PageErrorCode, type VisitorErrorCode } from '@kuaibao/domain';
import type { OrderForm } from '../../storage.ts';

/**
 * The order of the home submit checks (docs/product/orders-and-statuses.md#form-submit, docs/product/validation.md): the three text fields,
 * then the company choice, the ID number, the phone, and finally the agreement and the ID-number consent. The rules
 * themselves are the domain's; this only fixes which message wins.
 */
/** The two ticks of the form, each its own consent (docs/decisions/050-separate-id-number-consent.md). */
export interface Consents {
  agreement: boolean;
  idNumber: boolean;
}

export function firstFormProblem(form: OrderForm, consents: Consents, today: Date = new Date()): VisitorErrorCode | Extract<PageErrorCode, 'ID_NUMBER_CONSENT_REQUIRED'> | null {
  if (!form.entity_name.trim() || !form.entity_idno || !form.entity_phone) return 'FORM_INCOMPLETE';
  if (!form.entity_id) return 'COMPANY_NOT_CHOSEN';
  if (!isValidIdNumber(form.entity_idno, today)) return 'ID_NUMBER_INVALID';
  if (!isValidMobilePhone(form.entity_phone)) return 'PHONE_INVALID';
  if (!consents.agreement) return 'CONSENT_REQUIRED';
  if (!consents.idNumber) return 'ID_NUMBER_CONSENT_REQUIRED';
  return null;
}
