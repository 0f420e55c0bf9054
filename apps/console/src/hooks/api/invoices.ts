import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleInvoice, ConsoleInvoiceBulkIssueResult, ConsoleInvoiceListQuerySchema, ConsolePage, ConsoleQueryString } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';

/** The 发票 list and an order's invoice (docs/decisions/060-invoices.md). */
const keys = {
  all: ['invoices'] as const,
  list: (query: object) => ['invoices', 'list', query] as const,
  ofOrder: (orderId: number) => ['invoices', 'order', orderId] as const,
};

export function useInvoices(query: ConsoleQueryString<typeof ConsoleInvoiceListQuerySchema, { page: number; page_size: number }>) {
  return useQuery({ queryKey: keys.list(query), queryFn: () => api.get<ConsolePage<ConsoleInvoice>>('/invoices', { ...query }), placeholderData: keepPreviousData, refetchInterval: 30_000 });
}

export function useOrderInvoice(orderId: number) {
  return useQuery({ queryKey: keys.ofOrder(orderId), queryFn: () => api.get<{ invoice: ConsoleInvoice | null }>(`/orders/${orderId}/invoice`) });
}

/** Upload of the issued file, the 红冲 request and the red-letter file: each refreshes every invoice view. */
export function useInvoiceActions() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: keys.all });
  const upload = (path: string, file: File | undefined) => {
    const form = new FormData();
    if (file) form.append('file', file);
    return api.upload<ConsoleInvoice>(path, form);
  };
  return {
    issue: useMutation({ mutationFn: ({ id, file }: { id: number; file: File }) => upload(`/invoices/${id}/file`, file), onSuccess: done }),
    /** The invoicing platform (诺诺) issues it; the result comes back through the server's job (decision 064). */
    issueViaPlatform: useMutation({ mutationFn: (id: number) => api.post<ConsoleInvoice>(`/invoices/${id}/issue`), onSuccess: done }),
    issueMany: useMutation({ mutationFn: (ids: number[]) => api.post<ConsoleInvoiceBulkIssueResult>('/invoices/issue', { ids }), onSuccess: done }),
    requestRedLetter: useMutation({ mutationFn: (id: number) => api.post<ConsoleInvoice>(`/invoices/${id}/red-letter`), onSuccess: done }),
    recordRedLetter: useMutation({ mutationFn: ({ id, file }: { id: number; file?: File }) => upload(`/invoices/${id}/red-letter/file`, file), onSuccess: done }),
  };
}
