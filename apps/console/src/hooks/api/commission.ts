import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleCommission, ConsoleCommissionRate, GoodsType } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';

const KEY = ['commission'] as const;

/** A Beijing month's 提成 (everyone's, or one's own: the server decides, decision 058). */
export function useCommission(month: string) {
  return useQuery({ queryKey: [...KEY, month], queryFn: () => api.get<ConsoleCommission>('/commission', { month }) });
}

export function useCommissionRates() {
  return useQuery({ queryKey: [...KEY, 'rates'], queryFn: () => api.get<ConsoleCommissionRate[]>('/commission/rates') });
}

export function useSetCommissionRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { goods_type: GoodsType; rate_bp: number }) => api.put<ConsoleCommissionRate>(`/commission/rates/${input.goods_type}`, { rate_bp: input.rate_bp }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
