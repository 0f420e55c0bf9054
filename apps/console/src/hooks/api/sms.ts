import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsolePage, ConsoleQueryString, ConsoleSmsListQuerySchema, ConsoleSmsLogEntry } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useSmsLog(query: ConsoleQueryString<typeof ConsoleSmsListQuerySchema, { page: number; page_size: number }>) {
  return useQuery({ queryKey: queryKeys.sms.list(query), queryFn: () => api.get<ConsolePage<ConsoleSmsLogEntry>>('/sms', { ...query }), placeholderData: keepPreviousData, refetchInterval: 15_000 });
}
