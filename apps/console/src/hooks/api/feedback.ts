import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleFeedback, ConsoleFeedbackAssign, ConsoleFeedbackCounts, ConsoleFeedbackListQuerySchema, ConsoleFeedbackUpdate, ConsolePage, ConsoleQueryString } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { ORDER_POLL_MS } from './orders.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useFeedback(query: ConsoleQueryString<typeof ConsoleFeedbackListQuerySchema, { page: number; page_size: number }>) {
  return useQuery({ queryKey: queryKeys.feedback.list(query), queryFn: () => api.get<ConsolePage<ConsoleFeedback>>('/feedback', { ...query }), placeholderData: keepPreviousData, refetchInterval: ORDER_POLL_MS });
}

/** Open complaints per view (即将超时, 已超时, 我负责的, 待分配), refreshed as the order list's badges are (decision 044). */
export function useFeedbackCounts() {
  return useQuery({ queryKey: queryKeys.feedback.counts, queryFn: () => api.get<ConsoleFeedbackCounts>('/feedback/counts'), refetchInterval: ORDER_POLL_MS });
}

/** One order's complaints, newest first: the order page's card (decision 056). */
/** `enabled`: false for a role without feedback.handle, which the server would refuse (财务). */
export function useOrderComplaints(orderId: number, enabled = true) {
  return useQuery({ queryKey: queryKeys.feedback.list({ order_id: orderId }), queryFn: () => api.get<ConsolePage<ConsoleFeedback>>('/feedback', { order_id: String(orderId), page_size: '50' }), enabled });
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

/** Takes a complaint (a clerk, for themself) or gives it to a colleague (an admin): decision 041's rule. */
export function useAssignFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } & ConsoleFeedbackAssign) => api.put<ConsoleFeedback>(`/feedback/${input.id}/assignee`, { staff_id: input.staff_id } satisfies ConsoleFeedbackAssign),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.feedback.all }),
  });
}
