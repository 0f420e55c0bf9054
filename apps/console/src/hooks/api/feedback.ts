import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleFeedback, ConsolePage, FeedbackStatus } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useFeedback(query: { page: number; page_size: number; status?: FeedbackStatus | undefined }) {
  return useQuery({ queryKey: queryKeys.feedback.list(query), queryFn: () => api.get<ConsolePage<ConsoleFeedback>>('/feedback', { ...query }), placeholderData: keepPreviousData });
}

export function useUpdateFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: FeedbackStatus; reply: string }) => api.put<ConsoleFeedback>(`/feedback/${input.id}`, { status: input.status, reply: input.reply }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.feedback.all });
      void client.invalidateQueries({ queryKey: queryKeys.orders.counts });
    },
  });
}
