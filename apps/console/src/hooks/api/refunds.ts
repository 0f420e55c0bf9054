import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePage, ConsoleRefundRequest } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useRefundRequests(query: { page: number; page_size: number; status?: string | undefined }) {
  return useQuery({ queryKey: queryKeys.refunds.list(query), queryFn: () => api.get<ConsolePage<ConsoleRefundRequest>>('/refund-requests', { ...query }), placeholderData: keepPreviousData });
}

export function useDecideRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' | 'reject'; note: string }) => api.post<ConsoleRefundRequest>(`/refund-requests/${input.id}/${input.decision}`, { note: input.note }),
    onSuccess: (request) => {
      void client.invalidateQueries({ queryKey: queryKeys.refunds.all });
      void client.invalidateQueries({ queryKey: queryKeys.orders.detail(request.order_id) });
      void client.invalidateQueries({ queryKey: queryKeys.orders.counts });
    },
  });
}
