import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleAuditEntry, ConsoleAuditListQuerySchema, ConsolePage, ConsoleQueryString } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useAuditLog(query: ConsoleQueryString<typeof ConsoleAuditListQuerySchema, { page: number; page_size: number }>) {
  return useQuery({ queryKey: queryKeys.audit(query), queryFn: () => api.get<ConsolePage<ConsoleAuditEntry>>('/audit', { ...query }), placeholderData: keepPreviousData });
}
