import type { ConsoleTimeWindow, ConsolePage, ConsoleRefundRequest, ConsoleRefundRequestStatus } from '@kuaibao/domain';
import type { RefundApproval, RefundRequests } from '../payment/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/** The payment module's refund requests, behind the console's permissions: clerks ask, admins decide. */
export interface RefundRequestReader {
  listForOrder(orderId: number): Promise<ConsoleRefundRequest[]>;
}

export interface RefundsService extends RefundRequestReader {
  list(actor: Actor, query: { page: number; page_size: number; status?: ConsoleRefundRequestStatus | undefined } & ConsoleTimeWindow): Promise<ConsolePage<ConsoleRefundRequest>>;
  request(actor: Actor, orderId: number, reason: string): Promise<ConsoleRefundRequest>;
  approve(actor: Actor, requestId: number, decision: RefundApproval): Promise<ConsoleRefundRequest>;
  reject(actor: Actor, requestId: number, note: string): Promise<ConsoleRefundRequest>;
}

export function createRefundsService(deps: {
  requests: RefundRequests;
  /** told of every decision (a complaint's refund progress to WeChat, decision 040); must not throw */
  afterDecision?: (actor: Actor, request: ConsoleRefundRequest) => Promise<void>;
}): RefundsService {
  const { requests } = deps;
  const decided = async (actor: Actor, request: ConsoleRefundRequest) => {
    await deps.afterDecision?.(actor, request);
    return request;
  };
  return {
    listForOrder: (orderId) => requests.listForOrder(orderId),
    list(actor, query) {
      assertCan(actor, 'refunds.view');
      return requests.list(query);
    },
    request(actor, orderId, reason) {
      assertCan(actor, 'refunds.request');
      return requests.request(actor, orderId, reason);
    },
    approve(actor, requestId, decision) {
      assertCan(actor, 'refunds.approve');
      return requests.approve(actor, requestId, decision).then((request) => decided(actor, request));
    },
    reject(actor, requestId, note) {
      assertCan(actor, 'refunds.approve');
      return requests.reject(actor, requestId, note).then((request) => decided(actor, request));
    },
  };
}
