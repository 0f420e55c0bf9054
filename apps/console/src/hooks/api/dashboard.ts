import { useQuery } from '@tanstack/react-query';
import type { ConsoleDashboard } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useDashboard(days: number) {
  return useQuery({ queryKey: queryKeys.dashboard(days), queryFn: () => api.get<ConsoleDashboard>('/dashboard', { days }), refetchInterval: 60_000 });
}
