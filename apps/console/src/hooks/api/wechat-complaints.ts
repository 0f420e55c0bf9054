import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePage, ConsoleWechatComplaint, ConsoleWechatComplaintDetail, ConsoleWechatComplaintRefundProgress, WechatComplaintState } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';

const KEY = ['wechat-complaints'] as const;

export function useWechatComplaints(query: { page: number; page_size: number; state?: WechatComplaintState }) {
  return useQuery({ queryKey: [...KEY, 'list', query], queryFn: () => api.get<ConsolePage<ConsoleWechatComplaint>>('/wechat-complaints', { ...query }), placeholderData: keepPreviousData });
}

/** One complaint, refreshed from WeChat Pay by the server on every read. */
export function useWechatComplaint(id: number | undefined) {
  return useQuery({ queryKey: [...KEY, 'detail', id], queryFn: () => api.get<ConsoleWechatComplaintDetail>(`/wechat-complaints/${id}`), enabled: id !== undefined });
}

/** What staff do from the drawer; refund-progress (更新退款审批结果, decision 040) is the admin's. */
type Action =
  | { id: number; action: 'reply'; content: string }
  | { id: number; action: 'complete' }
  | { id: number; action: 'refund-request'; reason: string }
  | { id: number; action: 'refund-progress'; body: ConsoleWechatComplaintRefundProgress };

function bodyOf(input: Action): object {
  switch (input.action) {
    case 'reply':
      return { content: input.content };
    case 'refund-request':
      return { reason: input.reason };
    case 'refund-progress':
      return input.body;
    case 'complete':
      return {};
  }
}

export function useWechatComplaintAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Action) => api.post<ConsoleWechatComplaintDetail>(`/wechat-complaints/${input.id}/${input.action}`, bodyOf(input)),
    onSuccess: (detail) => {
      client.setQueryData([...KEY, 'detail', detail.id], detail);
      void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
      void client.invalidateQueries({ queryKey: ['refunds'] });
      void client.invalidateQueries({ queryKey: ['orders', 'counts'] });
    },
  });
}
