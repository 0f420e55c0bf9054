import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePage, ConsoleQueryString, ConsoleRefundApprove, ConsoleRefundDecision, ConsoleRefundListQuerySchema, ConsoleRefundRequest } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useRefundRequests(query: ConsoleQueryString<typeof ConsoleRefundListQuerySchema, { page: number; page_size: number }>) {
  return useQuery({ queryKey: queryKeys.refunds.list(query), queryFn: () => api.get<ConsolePage<ConsoleRefundRequest>>('/refund-requests', { ...query }), placeholderData: keepPreviousData });
}

export function useDecideRefund() {
  const client = useQueryClient();
  return useMutation({
    // Approving may name a partial amount (fen) and its reason (decision 057); rejecting only a note.
    mutationFn: (input: { id: number; decision: 'approve' | 'reject'; note: string; amount_fen?: number; partial_reason?: string }) =>
      api.post<ConsoleRefundRequest>(
        `/refund-requests/${input.id}/${input.decision}`,
        input.decision === 'approve'
          ? ({ note: input.note, ...(input.amount_fen === undefined ? {} : { amount_fen: input.amount_fen, partial_reason: input.partial_reason ?? '' }) } satisfies ConsoleRefundApprove)
          : ({ note: input.note } satisfies ConsoleRefundDecision),
      ),
    onSuccess: (request) => {
      void client.invalidateQueries({ queryKey: queryKeys.refunds.all });
      void client.invalidateQueries({ queryKey: queryKeys.orders.detail(request.order_id) });
      void client.invalidateQueries({ queryKey: queryKeys.orders.counts });
    },
  });
}
