import type { ReminderConsentView } from '@kuaibao/domain';
import { api } from './index.ts';
import { proofFields, type InvoiceProof } from './invoice-endpoints.ts';

/**
 * Next year's reminder (docs/decisions/065-next-season-reminder.md): the tick 明年年报季提醒我, read and
 * changed with the order's proof, as the invoice request (decision 049).
 */
export const fetchReminderConsent = (proof: InvoiceProof) => api().get<ReminderConsentView>('/api/h5/reminder-consent', proofFields(proof), { toast: false });
export const setReminderConsent = (proof: InvoiceProof, given: boolean) => api().put<ReminderConsentView>('/api/h5/reminder-consent', { ...proofFields(proof), given });
