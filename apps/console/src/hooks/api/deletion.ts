import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleDeletionRequest, ConsolePage } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useDeletionRequests(query: { page: number; page_size: number }) {
  return useQuery({ queryKey: queryKeys.deletionRequests(query), queryFn: () => api.get<ConsolePage<ConsoleDeletionRequest>>('/deletion-requests', { ...query }), placeholderData: keepPreviousData });
}
