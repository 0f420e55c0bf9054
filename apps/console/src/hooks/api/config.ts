import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleAgreement, ConsoleCompletionRule, ConsoleGoods, ConsoleGoodsUpdate, ConsoleSetupChecklist, ConsoleSiteConfigEntry } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useGoods() {
  return useQuery({ queryKey: queryKeys.goods, queryFn: () => api.get<ConsoleGoods[]>('/goods') });
}

export function useSaveGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | undefined; goods: ConsoleGoodsUpdate }) => (input.id === undefined ? api.post<ConsoleGoods>('/goods', input.goods) : api.put<ConsoleGoods>(`/goods/${input.id}`, input.goods)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.goods }),
  });
}

export function useSiteConfig() {
  return useQuery({ queryKey: queryKeys.siteConfig, queryFn: () => api.get<ConsoleSiteConfigEntry[]>('/site-config') });
}

export function useSaveSiteConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; value: unknown }) => api.put<ConsoleSiteConfigEntry>(`/site-config/${encodeURIComponent(input.key)}`, { value: input.value }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.siteConfig });
      await client.invalidateQueries({ queryKey: queryKeys.setupChecklist });
    },
  });
}

/** Every agreement version, newest (current) first (decision 034). */
export function useAgreements() {
  return useQuery({ queryKey: queryKeys.agreements, queryFn: () => api.get<ConsoleAgreement[]>('/agreements') });
}

/** Publishes a new version; earlier ones are never changed. */
export function usePublishAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<ConsoleAgreement>('/agreements', { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.agreements }),
  });
}

/** The first-run checklist; `enabled` for those who can change the configuration. */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.setupChecklist, queryFn: () => api.get<ConsoleSetupChecklist>('/setup-checklist'), enabled });
}

/** Per service: whether completing an order needs a screenshot (packages/domain/src/order-completion.ts). */
export function useCompletionRules() {
  return useQuery({ queryKey: queryKeys.completionRules, queryFn: () => api.get<ConsoleCompletionRule[]>('/completion-rules'), staleTime: 60_000 });
}

export function useSetCompletionRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { goods_type: string; screenshot_required: boolean }) => api.put<ConsoleCompletionRule>(`/completion-rules/${input.goods_type}`, { screenshot_required: input.screenshot_required }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.completionRules }),
  });
}
