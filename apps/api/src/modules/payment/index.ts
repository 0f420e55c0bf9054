/*
 * The payment module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerPaymentRoutes } from './payment.routes.ts';
export { createPaymentService, type PaymentService } from './payment.service.ts';
export type { RefundOrderResult, SweepResult } from './payment-types.ts';
export { createReconciliationService, type ReconciliationService, type RunDayResult } from './reconciliation.service.ts';
export { createRefundRequests, type RefundApproval, type RefundRequests } from './refund-requests.service.ts';
export { createWechatComplaints, refundProgressRefusal, type WechatComplaints } from './wechat-complaints.service.ts';
export { orderMoneyFacts, type OrderMoneyFacts } from './payment-ledger.ts';
export { monthCloseRuns } from './reconciliation.service.ts';
