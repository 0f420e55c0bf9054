import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConsoleLoginRequest, ConsolePasswordChange, ConsoleSessionStaff } from '@kuaibao/domain';
import { ApiError, api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Drops every cached answer but the session: the next person must not see the last one's data. */
function forgetAllBut(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
}

/** The signed-in staff member; `null` when signed out (a 401 is an answer here, not an error). */
export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: async () => {
      try {
        return await api.get<ConsoleSessionStaff>('/session');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsoleLoginRequest) => api.post<ConsoleSessionStaff>('/session', input),
    meta: { quiet: true },
    onSuccess: (staff) => {
      forgetAllBut(client);
      client.setQueryData(queryKeys.session, staff);
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/session'),
    onSettled: () => {
      client.setQueryData(queryKeys.session, null);
      forgetAllBut(client);
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsolePasswordChange) => api.post<null>('/me/password', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
