import { useQuery } from '@tanstack/react-query';
import type { ConsoleDashboard, ConsoleDashboardTrends } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useDashboard(days: number) {
  return useQuery({ queryKey: queryKeys.dashboard(days), queryFn: () => api.get<ConsoleDashboard>('/dashboard', { days }), refetchInterval: 60_000 });
}

/** The owner's trends over 30 or 90 Beijing days (decision 042). */
export function useDashboardTrends(days: 30 | 90) {
  return useQuery({ queryKey: queryKeys.dashboardTrends(days), queryFn: () => api.get<ConsoleDashboardTrends>('/dashboard/trends', { days }), refetchInterval: 5 * 60_000 });
}
