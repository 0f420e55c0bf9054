import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleFeedback, ConsoleFeedbackListQuerySchema, ConsoleFeedbackUpdate, ConsolePage, ConsoleQueryString } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useFeedback(query: ConsoleQueryString<typeof ConsoleFeedbackListQuerySchema, { page: number; page_size: number }>) {
  return useQuery({ queryKey: queryKeys.feedback.list(query), queryFn: () => api.get<ConsolePage<ConsoleFeedback>>('/feedback', { ...query }), placeholderData: keepPreviousData });
}

export function useUpdateFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } & ConsoleFeedbackUpdate) => api.put<ConsoleFeedback>(`/feedback/${input.id}`, { status: input.status, reply: input.reply } satisfies ConsoleFeedbackUpdate),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.feedback.all });
      void client.invalidateQueries({ queryKey: queryKeys.orders.counts });
    },
  });
}
