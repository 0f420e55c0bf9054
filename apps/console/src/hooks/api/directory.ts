import { useQuery } from '@tanstack/react-query';
import type { ConsoleDirectorySource } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useDirectorySource() {
  return useQuery({ queryKey: queryKeys.directorySource, queryFn: () => api.get<ConsoleDirectorySource>('/directory-source'), refetchInterval: 30_000 });
}
