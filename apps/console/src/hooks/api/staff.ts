import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleStaffCreate, ConsoleStaffRow, ConsoleStaffUpdate } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useStaff() {
  return useQuery({ queryKey: queryKeys.staff, queryFn: () => api.get<ConsoleStaffRow[]>('/staff') });
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsoleStaffCreate) => api.post<ConsoleStaffRow>('/staff', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.staff });
      void client.invalidateQueries({ queryKey: queryKeys.handlers });
    },
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number } & ConsoleStaffUpdate) => {
      const { id, ...changes } = input;
      return api.patch<ConsoleStaffRow>(`/staff/${id}`, changes);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.staff });
      void client.invalidateQueries({ queryKey: queryKeys.handlers });
    },
  });
}
