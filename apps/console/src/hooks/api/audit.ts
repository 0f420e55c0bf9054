import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleAuditEntry, ConsolePage } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useAuditLog(query: { page: number; page_size: number; action?: string | undefined; target_type?: string | undefined; target_id?: string | undefined }) {
  return useQuery({ queryKey: queryKeys.audit(query), queryFn: () => api.get<ConsolePage<ConsoleAuditEntry>>('/audit', { ...query }), placeholderData: keepPreviousData });
}
