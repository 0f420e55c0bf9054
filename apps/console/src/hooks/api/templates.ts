import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleMessageTemplate, ConsoleMessageTemplateInput, ConsoleOrderDetail } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';
import { useOrderAction } from './orders.ts';

/** The message templates (docs/decisions/062-templates-and-customer-uploads.md); every clerk reads them. */
const TEMPLATES_KEY = ['templates'] as const;

export function useMessageTemplates() {
  return useQuery({ queryKey: TEMPLATES_KEY, queryFn: () => api.get<ConsoleMessageTemplate[]>('/templates'), staleTime: 60_000 });
}

export function useSaveMessageTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | undefined; template: ConsoleMessageTemplateInput }) =>
      input.id === undefined ? api.post<ConsoleMessageTemplate>('/templates', input.template) : api.put<ConsoleMessageTemplate>(`/templates/${input.id}`, input.template),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useDeleteMessageTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/templates/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** The annual-report figures the customer gave by phone. */
export const useRecordPhoneFigures = (id: number) => useOrderAction(id, (entityExtra: Record<string, string>) => api.put<ConsoleOrderDetail>(`/orders/${id}/declaration`, { entity_extra: entityExtra }));
