import { keepPreviousData, useMutation, useQuery, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type {
  ConsoleBulkAssign,
  ConsoleBulkProcessStatusInput,
  ConsoleBulkResult,
  ConsoleBulkTake,
  ConsoleHandler,
  ConsoleOrderCallInput,
  ConsoleOrderCounts,
  ConsoleOrderDetail,
  ConsoleOrderFile,
  ConsoleOrderListItem,
  ConsoleOrderListQuerySchema,
  ConsoleOrderNoteInput,
  ConsoleOrderView,
  ConsolePage,
  ConsoleProcessStatusChangeInput,
  ConsoleQueryString,
  ConsoleRefundRequest,
  ConsoleRefundRequestInput,
  ConsoleRevealIdInput,
  ConsoleRevealedId,
  ConsoleTakeOrder,
} from '@kuaibao/domain';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { ApiError, api } from '../../lib/client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The queue's query string: the keys of the server's schema; the view and paging always set. */
export type OrderListQuery = ConsoleQueryString<typeof ConsoleOrderListQuerySchema, { view: ConsoleOrderView; page: number; page_size: number }>;

/**
 * How often the order list, its badges and the alerts ask again (decision 044): polling, so any
 * instance behind the load balancer answers and nothing needs Redis or sticky sessions. TanStack
 * Query pauses it while the tab is hidden (refetchIntervalInBackground is off) and refetches on focus.
 */
export const ORDER_POLL_MS = 15_000;

/** The list refreshes itself; the page, filters and sort are in the query key (the address), so a refresh keeps them. */
export function useOrders(query: OrderListQuery) {
  return useQuery({
    queryKey: queryKeys.orders.list(query),
    queryFn: () => api.get<ConsolePage<ConsoleOrderListItem>>('/orders', { ...query }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_POLL_MS,
  });
}

/** The badges: polled, so a new payment shows up without a reload. */
export function useOrderCounts() {
  return useQuery({ queryKey: queryKeys.orders.counts, queryFn: () => api.get<ConsoleOrderCounts>('/orders/counts'), refetchInterval: ORDER_POLL_MS });
}

/**
 * The orders the alerts watch (decision 044): the newest paid ones waiting, and those about to
 * break the promise. Only polled while alerts are on, and then in a hidden tab too: a desktop
 * notification is for the clerk who is working in another window.
 */
export const ALERT_WATCH_KEYS = [queryKeys.orders.list({ alerts: 'new' }), queryKeys.orders.list({ alerts: 'near_breach' })] as const;

export function useAlertWatch(enabled: boolean) {
  const watch = (view: 'new' | 'near_breach') =>
    ({
      queryKey: queryKeys.orders.list({ alerts: view }),
      queryFn: () => api.get<ConsolePage<ConsoleOrderListItem>>('/orders', { view, page: 1, page_size: 50, ...(view === 'new' ? { sort: 'pay_time_desc' } : {}) }),
      refetchInterval: ORDER_POLL_MS,
      refetchIntervalInBackground: true,
      enabled,
    }) as const;
  return { newPaid: useQuery(watch('new')), nearBreach: useQuery(watch('near_breach')) };
}

export function useOrder(id: number) {
  return useQuery({ queryKey: queryKeys.orders.detail(id), queryFn: () => api.get<ConsoleOrderDetail>(`/orders/${id}`) });
}

export function useHandlers() {
  return useQuery({ queryKey: queryKeys.handlers, queryFn: () => api.get<ConsoleHandler[]>('/staff/handlers'), staleTime: 5 * 60_000 });
}

/** Refusals that say the order changed under the page (a colleague's action): not the clerk's input. */
const STALE_ORDER_CODES: ReadonlySet<number> = new Set(
  (['CONSOLE_ORDER_TAKEN_BY_OTHER', 'CONSOLE_STATUS_TRANSITION_INVALID', 'CONSOLE_ORDER_NOT_TAKEN', 'CONSOLE_ORDER_NOT_PAID', 'CONSOLE_REFUND_IN_PROGRESS', 'CONSOLE_REFUND_ALREADY_REQUESTED'] as const).map((code) => ERROR_CATALOG[code].code),
);

/**
 * Whether a refused order action means the page is out of date: any conflict (409), or a refusal
 * that says the order changed meanwhile (a colleague took it, moved it, asked for its refund). The
 * page is then fetched again, so no 尚未接单 or stale button stays on screen after a lost race.
 */
export function isStaleOrderRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 409 || STALE_ORDER_CODES.has(error.code);
}

/**
 * Every order action answers with the fresh detail; the lists and badges are refetched. A stale page
 * is refetched on refusal. One at a time: a second `mutate` while one is in flight (a double click
 * faster than the button can show it is busy) is dropped.
 */
export function useOrderAction<I>(id: number, call: (input: I) => Promise<ConsoleOrderDetail>) {
  const client = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: async (input: I) => {
      try {
        return await call(input);
      } finally {
        inFlight.current = false;
      }
    },
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.orders.detail(id), detail);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'active', predicate: (q) => q.queryKey[1] !== 'detail' });
    },
    onError: (error) => {
      if (isStaleOrderRefusal(error)) void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
  const send = mutation.mutate as (input: I, options?: MutateOptions<ConsoleOrderDetail, Error, I>) => void;
  const mutate = useCallback(
    (input: I, options?: MutateOptions<ConsoleOrderDetail, Error, I>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send(input, options);
    },
    [send],
  );
  return { ...mutation, mutate };
}

export const useTakeOrder = (id: number) => useOrderAction(id, (force: boolean) => api.post<ConsoleOrderDetail>(`/orders/${id}/take`, { force } satisfies ConsoleTakeOrder));
export const useChangeProcessStatus = (id: number) =>
  useOrderAction(id, (input: ConsoleProcessStatusChangeInput) => api.post<ConsoleOrderDetail>(`/orders/${id}/process-status`, input));
export const useRecordCall = (id: number) => useOrderAction(id, (input: ConsoleOrderCallInput) => api.post<ConsoleOrderDetail>(`/orders/${id}/calls`, input));
export const useAddNote = (id: number) => useOrderAction(id, (input: ConsoleOrderNoteInput) => api.post<ConsoleOrderDetail>(`/orders/${id}/notes`, input));

export function useUploadScreenshot(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<ConsoleOrderFile>(`/orders/${id}/files`, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.detail(id) }),
    onError: (error) => {
      if (isStaleOrderRefusal(error)) void client.invalidateQueries({ queryKey: queryKeys.orders.detail(id) });
    },
  });
}

export function useDeleteScreenshot(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api.delete<null>(`/orders/${id}/files/${fileId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.detail(id) }),
    onError: (error) => {
      if (isStaleOrderRefusal(error)) void client.invalidateQueries({ queryKey: queryKeys.orders.detail(id) });
    },
  });
}

/** Not cached anywhere: the full number lives in this mutation's result only. */
export function useRevealIdNumber(id: number) {
  return useMutation({ mutationFn: (why: ConsoleRevealIdInput) => api.post<ConsoleRevealedId>(`/orders/${id}/reveal-id`, why) });
}

export function useRequestRefund(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<ConsoleRefundRequest>(`/orders/${id}/refund-requests`, { reason } satisfies ConsoleRefundRequestInput),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.orders.detail(id) });
      void client.invalidateQueries({ queryKey: queryKeys.refunds.all });
      void client.invalidateQueries({ queryKey: queryKeys.orders.counts });
    },
    onError: (error) => {
      if (isStaleOrderRefusal(error)) void client.invalidateQueries({ queryKey: queryKeys.orders.detail(id) });
    },
  });
}

/** A bulk action on the selected orders (decision 041): the answer lists what changed and what was refused, per order. */
export type BulkOrderAction = { kind: 'take'; body: ConsoleBulkTake } | { kind: 'assign'; body: ConsoleBulkAssign } | { kind: 'process-status'; body: ConsoleBulkProcessStatusInput };

export function useBulkOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkOrderAction) => api.post<ConsoleBulkResult>(`/orders/bulk/${action.kind}`, action.body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'active' }),
  });
}
