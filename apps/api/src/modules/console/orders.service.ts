import {
  AppError,
  ERROR_CATALOG,
  mayAssignTo,
  roleCan,
  takenByOtherText,
  type CallOutcome,
  type ConsoleCompletionRule,
  type GoodsType,
  type ConsoleBulkProcessStatus,
  type ConsoleBulkResult,
  type ConsoleOrderCounts,
  type ConsoleOrderDetail,
  type ConsoleOrderFile,
  type ConsoleOrderListItem,
  type ConsoleOrderListQuery,
  type ConsolePage,
  type ConsoleProcessStatusChange,
  type ConsoleRevealIdRequest,
  maskIdNumber,
  netOfRefundFen,
  orderPrecheckOf,
  visibleCustomerRequest,
} from '@kuaibao/domain';
import type { FeedbackInbox } from '../feedback/index.ts';
import { toListItem, type OrderHandlingService } from '../order/index.ts';
import type { OrderAuthorizations } from '../order/index.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import type { PaymentLink } from './payment-link.ts';
import type { RefundRequestReader } from './refunds.service.ts';
import type { SmsLogReader } from './console-sms-log.service.ts';

export { toListItem };

export interface ConsoleOrdersService {
  list(actor: Actor, query: ConsoleOrderListQuery): Promise<ConsolePage<ConsoleOrderListItem>>;
  counts(actor: Actor): Promise<ConsoleOrderCounts>;
  detail(actor: Actor, id: number): Promise<ConsoleOrderDetail>;
  take(actor: Actor, id: number, force: boolean): Promise<ConsoleOrderDetail>;
  changeProcessStatus(actor: Actor, id: number, change: ConsoleProcessStatusChange): Promise<ConsoleOrderDetail>;
  addNote(actor: Actor, id: number, content: string, clientKey?: string): Promise<ConsoleOrderDetail>;
  /** Records a call to the customer with its outcome (decision 044). */
  recordCall(actor: Actor, id: number, call: { outcome: CallOutcome; note: string; client_key?: string | undefined }): Promise<ConsoleOrderDetail>;
  /** Bulk actions (decision 041): each order through its single-order rule and audit; refusals come back per order. */
  bulkTake(actor: Actor, ids: readonly number[]): Promise<ConsoleBulkResult>;
  bulkAssign(actor: Actor, ids: readonly number[], staffId: number): Promise<ConsoleBulkResult>;
  bulkChangeProcessStatus(actor: Actor, ids: readonly number[], change: Omit<ConsoleBulkProcessStatus, 'ids'>): Promise<ConsoleBulkResult>;
  /** Per service, whether completing an order needs a screenshot (read by anyone who handles; set by admins). */
  completionRules(actor: Actor): Promise<ConsoleCompletionRule[]>;
  setCompletionRule(actor: Actor, goodsType: GoodsType, screenshotRequired: boolean): Promise<ConsoleCompletionRule>;
  uploadScreenshot(actor: Actor, id: number, file: { body: Buffer; filename: string }): Promise<ConsoleOrderFile>;
  /** The annual-report figures the customer gave by phone (decision 062). */
  recordPhoneFigures(actor: Actor, id: number, figures: Record<string, string>): Promise<ConsoleOrderDetail>;
  deleteScreenshot(actor: Actor, id: number, fileId: number): Promise<void>;
  /** The full ID number, for the explicit and audited click. */
  revealIdNumber(actor: Actor, id: number, why: ConsoleRevealIdRequest): Promise<{ entity_idno: string }>;
  /** The cancellation's 授权委托书 as a PDF (decision 035). */
  authorizationPdf(actor: Actor, id: number): Promise<{ filename: string; body: Buffer }>;
}

/**
 * Orders as staff see them: the order module's handling service behind the console's permissions,
 * and the order detail put together from the modules that own its parts (payments, refund
 * requests, SMS log).
 */
export function createConsoleOrdersService(deps: {
  now: () => Date;
  vault: PersonalDataVault;
  handling: OrderHandlingService;
  payments: PaymentLink;
  refundRequests: RefundRequestReader & { countPending(): Promise<number> };
  feedback: Pick<FeedbackInbox, 'countOpen'>;
  smsLog: SmsLogReader;
  authorizations: OrderAuthorizations;
  /** the customer's deletion requests covering an order (decision 037) */
  deletion?: { forOrder(orderId: number): Promise<NonNullable<ConsoleOrderDetail['deletion_requests']>> };
}): ConsoleOrdersService {
  const { now, vault, handling } = deps;

  async function buildDetail(id: number): Promise<ConsoleOrderDetail> {
    const { order, files, notes, calls, history, customerFiles } = await handling.find(id);
    const [attempts, providerEvents, refundRequests, sms, authorization, deletionRequests] = await Promise.all([
      deps.payments.listAttempts(id),
      deps.payments.listProviderEvents(id),
      deps.refundRequests.listForOrder(id),
      deps.smsLog.listForOrder(id),
      deps.authorizations.find(id),
      deps.deletion ? deps.deletion.forOrder(id) : Promise.resolve([]),
    ]);
    let entityExtra: Record<string, string> | null = null;
    try {
      entityExtra = JSON.parse(order.entity_extra) as Record<string, string> | null;
    } catch {
      entityExtra = null;
    }
    return {
      ...toListItem(order, now()),
      public_id: order.public_id,
      entity_idno: order.entity_idno_enc ? maskIdNumber(vault.decrypt(order.entity_idno_enc)) : '',
      has_idno: order.entity_idno_enc !== null,
      idno_purged_at: order.idno_purged_at,
      entity_extra: entityExtra,
      pay_source: order.pay_source,
      platform: order.platform,
      consent_version: order.consent_version,
      consent_time: order.consent_time,
      idno_consent_version: order.idno_consent_version,
      idno_consent_time: order.idno_consent_time,
      precheck: orderPrecheckOf(order),
      authorization,
      update_time: order.update_time,
      files,
      notes,
      calls,
      history,
      attempts,
      provider_events: providerEvents,
      refund_requests: refundRequests,
      sms,
      customer_request: visibleCustomerRequest(order),
      refunded_fen: order.refunded_fen,
      net_fen: netOfRefundFen({ paidFen: order.total_fee, refundedFen: order.refunded_fen }),
      refund_reason: order.refund_reason,
      deletion_requests: deletionRequests,
      customer_files: customerFiles,
    };
  }

  /**
   * Runs one order's change per id, each in its own transaction (as a single-order action would), in
   * the order given. A refusal (an AppError) is that order's result, in the catalog's Chinese words;
   * anything else is a fault and ends the request.
   */
  async function eachOrder(ids: readonly number[], change: (id: number) => Promise<void>): Promise<ConsoleBulkResult> {
    const numbers = await handling.orderNumbers(ids);
    const result: ConsoleBulkResult = { done: [], failed: [] };
    for (const id of ids) {
      const outTradeNo = numbers.get(id);
      if (outTradeNo === undefined) {
        result.failed.push({ id, out_trade_no: '', code: ERROR_CATALOG.ORDER_NOT_FOUND.code, message: ERROR_CATALOG.ORDER_NOT_FOUND.message });
        continue;
      }
      try {
        await change(id);
        result.done.push({ id, out_trade_no: outTradeNo });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A colleague's order names the colleague, as a single take does.
        const message = error.errorCode === 'CONSOLE_ORDER_TAKEN_BY_OTHER' ? takenByOtherText(error.detail) : ERROR_CATALOG[error.errorCode].message;
        result.failed.push({ id, out_trade_no: outTradeNo, code: error.code, message });
      }
    }
    return result;
  }

  return {
    async list(actor, query) {
      assertCan(actor, 'orders.view');
      return handling.list(actor, query);
    },

    async counts(actor) {
      assertCan(actor, 'orders.view');
      const [queue, refundsPending, feedbackOpen] = await Promise.all([handling.queueCounts(actor), deps.refundRequests.countPending(), deps.feedback.countOpen()]);
      return { ...queue, refunds_pending: refundsPending, feedback_open: feedbackOpen };
    },

    async detail(actor, id) {
      assertCan(actor, 'orders.view');
      return buildDetail(id);
    },

    async authorizationPdf(actor, id) {
      assertCan(actor, 'orders.view');
      const { order } = await handling.find(id);
      return { filename: `授权委托书-${order.out_trade_no}.pdf`, body: await deps.authorizations.pdf(order) };
    },

    async take(actor, id, force) {
      assertCan(actor, 'orders.handle');
      await handling.take(actor, id, force);
      return buildDetail(id);
    },

    async changeProcessStatus(actor, id, change) {
      assertCan(actor, 'orders.handle');
      await handling.changeProcessStatus(actor, id, change);
      return buildDetail(id);
    },

    async bulkTake(actor, ids) {
      assertCan(actor, 'orders.handle');
      return eachOrder(ids, (id) => handling.take(actor, id, false));
    },

    async bulkAssign(actor, ids, staffId) {
      assertCan(actor, 'orders.handle');
      // Refused as a whole before any order: a clerk assigning to a colleague is no per-order matter.
      if (!mayAssignTo({ staffId: actor.id, mayReassign: roleCan(actor.role, 'orders.reassign') }, staffId)) throw new AppError('CONSOLE_ASSIGN_FORBIDDEN');
      return eachOrder(ids, (id) => handling.assign(actor, id, staffId));
    },

    async bulkChangeProcessStatus(actor, ids, change) {
      assertCan(actor, 'orders.handle');
      // Nobody saw any order's completion warnings (no screenshot, no call, no annual figures): such an
      // order is reported back, to be completed on its own page (packages/domain/src/order-completion.ts).
      return eachOrder(ids, (id) => handling.changeProcessStatus(actor, id, { ...change, confirm_without_declaration: false }, { bulk: true }));
    },

    async addNote(actor, id, content, clientKey) {
      assertCan(actor, 'orders.handle');
      await handling.addNote(actor, id, content, clientKey);
      return buildDetail(id);
    },

    async recordCall(actor, id, call) {
      assertCan(actor, 'orders.handle');
      await handling.recordCall(actor, id, call);
      return buildDetail(id);
    },

    async completionRules(actor) {
      assertCan(actor, 'orders.view');
      return handling.completionRules();
    },

    async setCompletionRule(actor, goodsType, screenshotRequired) {
      assertCan(actor, 'config.edit');
      return handling.setCompletionRule(actor, goodsType, screenshotRequired);
    },

    async uploadScreenshot(actor, id, file) {
      assertCan(actor, 'orders.handle');
      return handling.uploadScreenshot(actor, id, file);
    },

    async recordPhoneFigures(actor, id, figures) {
      assertCan(actor, 'orders.handle');
      await handling.recordPhoneFigures(actor, id, figures);
      return buildDetail(id);
    },

    async deleteScreenshot(actor, id, fileId) {
      assertCan(actor, 'orders.handle');
      return handling.deleteScreenshot(actor, id, fileId);
    },

    async revealIdNumber(actor, id, why) {
      assertCan(actor, 'orders.reveal_id');
      return handling.revealIdNumber(actor, id, why);
    },
  };
}
