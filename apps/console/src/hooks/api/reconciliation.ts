import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleMonthClose, ConsoleReconciliationDay, ConsoleReconciliationRerun } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';

const KEY = ['reconciliation'] as const;

/** A day's reconciliation runs (the latest day when none is chosen). */
export function useReconciliationDay(date: string | undefined) {
  return useQuery({ queryKey: [...KEY, date ?? 'latest'], queryFn: () => api.get<ConsoleReconciliationDay>('/reconciliation', date ? { date } : {}) });
}

export function useRerunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsoleReconciliationRerun) => api.post<ConsoleReconciliationDay>('/reconciliation/runs', input),
    onSuccess: (day) => {
      client.setQueryData([...KEY, day.date], day);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

/** 月结: a month's settlement per channel (decision 061); the month before today's by default. */
export function useMonthClose(month: string | undefined) {
  return useQuery({ queryKey: [...KEY, 'month', month ?? 'latest'], queryFn: () => api.get<ConsoleMonthClose>('/month-close', month ? { month } : {}) });
}
