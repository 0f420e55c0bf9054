import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleSavedFilter, ConsoleSavedFilterCreate, SavedFilterList } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The signed-in staff member's saved filters of one list (on the server, decision 045). */
export function useSavedFilters(list: SavedFilterList) {
  return useQuery({ queryKey: queryKeys.savedFilters(list), queryFn: () => api.get<ConsoleSavedFilter[]>('/saved-filters', { list }) });
}

export function useSaveFilter(list: SavedFilterList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ConsoleSavedFilterCreate, 'list'>) => api.post<ConsoleSavedFilter>('/saved-filters', { list, name: input.name, search: input.search } satisfies ConsoleSavedFilterCreate),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.savedFilters(list) }),
  });
}

export function useDeleteFilter(list: SavedFilterList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ deleted: boolean }>(`/saved-filters/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.savedFilters(list) }),
  });
}
