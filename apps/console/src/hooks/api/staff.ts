import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleStaffRow, StaffRole } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useStaff() {
  return useQuery({ queryKey: queryKeys.staff, queryFn: () => api.get<ConsoleStaffRow[]>('/staff') });
}

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; display_name: string; role: StaffRole; password: string }) => api.post<ConsoleStaffRow>('/staff', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.staff });
      void client.invalidateQueries({ queryKey: queryKeys.handlers });
    },
  });
}

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; display_name?: string; role?: StaffRole; active?: boolean; password?: string }) => {
      const { id, ...changes } = input;
      return api.patch<ConsoleStaffRow>(`/staff/${id}`, changes);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.staff });
      void client.invalidateQueries({ queryKey: queryKeys.handlers });
    },
  });
}
