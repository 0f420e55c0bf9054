import type { InvoiceForm, InvoiceView } from '@kuaibao/domain';
import { api } from './index.ts';

/**
 * The visitor's invoice (docs/decisions/060-invoices.md): every call carries the order's proof, the
 * ordering device's key or the verified phone's token (decision 049).
 */
export interface InvoiceProof {
  id: string;
  key?: string | null;
  phoneToken?: string | null;
}

/** The order's proof as the API reads it (decision 049): the invoice request and the reminder's tick. */
export const proofFields = (proof: InvoiceProof) => ({ id: proof.id, ...(proof.key ? { key: proof.key } : {}), ...(proof.phoneToken ? { phone_token: proof.phoneToken } : {}) });

export const fetchInvoice = (proof: InvoiceProof) => api().get<InvoiceView>('/api/h5/invoice', proofFields(proof), { toast: false });
export const requestInvoice = (proof: InvoiceProof, invoice: InvoiceForm) => api().post<InvoiceView>('/api/h5/invoice', { ...proofFields(proof), invoice });
export const correctInvoice = (proof: InvoiceProof, invoice: InvoiceForm) => api().put<InvoiceView>('/api/h5/invoice', { ...proofFields(proof), invoice });
