import { z } from 'zod';
import { GOODS_TYPES } from '../goods-texts.ts';
import { PASSWORD_MAX_LENGTH, STAFF_ROLES, type Permission, type StaffRole } from '../staff.ts';
import { ORDER_STATUS, PROCESS_STATUS_FLOW } from '../lifecycle/order.ts';
import { REFUND_REQUEST_STATUSES, type RefundRequestStatus } from '../lifecycle/refund.ts';
import type { OrderRowShape } from '../order-row.ts';
import { PayTypeSchema } from './goods.ts';

/**
 * The console's API under /api/console/ (apps/console ↔ apps/api). Requests are validated with
 * these schemas; responses are typed here so both sides read the same shapes. Ids are the
 * orders' internal ids: the console is staff-only.
 */

const text = (max: number) => z.string().trim().max(max);
const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};
/** A calendar day in Asia/Shanghai, as the date pickers send it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ConsoleLoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ConsoleLoginRequest = z.infer<typeof ConsoleLoginRequestSchema>;

export const ConsolePasswordChangeSchema = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const CONSOLE_ORDER_VIEWS = ['new', 'mine', 'overdue', 'all'] as const;
export type ConsoleOrderView = (typeof CONSOLE_ORDER_VIEWS)[number];
export const CONSOLE_ORDER_SORTS = ['pay_time_asc', 'pay_time_desc', 'created_desc'] as const;

export const ConsoleOrderListQuerySchema = z.object({
  ...pageFields,
  view: z.enum(CONSOLE_ORDER_VIEWS).default('all'),
  q: text(64).optional(),
  goods_type: z.enum(GOODS_TYPES).optional(),
  /** payment status: 1 unpaid, 2 paid, 4 refunded */
  status: z.enum([ORDER_STATUS.unpaid, ORDER_STATUS.paid, ORDER_STATUS.refunded]).optional(),
  process_status: z.enum(PROCESS_STATUS_FLOW).optional(),
  /** 'none' = nobody has taken it; a number = that staff member */
  handler: z.union([z.literal('none'), z.coerce.number().int().positive()]).optional(),
  date_field: z.enum(['create', 'pay']).default('create'),
  from: day.optional(),
  to: day.optional(),
  sort: z.enum(CONSOLE_ORDER_SORTS).optional(),
});
export type ConsoleOrderListQuery = z.infer<typeof ConsoleOrderListQuerySchema>;

export const ConsoleIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ConsoleFileParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), fileId: z.coerce.number().int().positive().max(2_147_483_647) });

export const ConsoleTakeOrderSchema = z.object({ force: z.boolean().default(false) });
export const ConsoleProcessStatusChangeSchema = z.object({
  process_status: z.enum(PROCESS_STATUS_FLOW),
  note: text(500).default(''),
});
export type ConsoleProcessStatusChange = z.infer<typeof ConsoleProcessStatusChangeSchema>;

export const ConsoleOrderNoteSchema = z.object({ content: text(1000).min(1) });
export const ConsoleRefundRequestSchema = z.object({ reason: text(500).min(1) });
export const ConsoleRefundDecisionSchema = z.object({ note: text(500).default('') });
export const CONSOLE_REFUND_REQUEST_STATUSES = REFUND_REQUEST_STATUSES;
export type ConsoleRefundRequestStatus = RefundRequestStatus;
export const ConsoleRefundListQuerySchema = z.object({ ...pageFields, status: z.enum(CONSOLE_REFUND_REQUEST_STATUSES).optional() });

export const FEEDBACK_STATUSES = ['open', 'handled'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const ConsoleFeedbackListQuerySchema = z.object({ ...pageFields, status: z.enum(FEEDBACK_STATUSES).optional() });
export const ConsoleFeedbackUpdateSchema = z.object({ status: z.enum(FEEDBACK_STATUSES), reply: text(1000).default('') });

export const ConsoleSmsListQuerySchema = z.object({ ...pageFields, q: text(32).optional(), order_id: z.coerce.number().int().positive().optional() });
export const ConsoleAuditListQuerySchema = z.object({
  ...pageFields,
  action: text(64).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
  target_type: text(32).optional(),
  target_id: text(64).optional(),
});

export const ConsoleGoodsUpdateSchema = z.object({
  name: text(60).min(1),
  type: z.enum(GOODS_TYPES),
  /** yuan as typed, e.g. "199" or "199.50"; stored as fen */
  price_yuan: z.string().trim().max(16),
  pay_types: z.array(PayTypeSchema).min(1).max(2),
  sort: z.coerce.number().int().min(0).max(9999),
  active: z.boolean(),
  description: text(300).default(''),
});
export type ConsoleGoodsUpdate = z.infer<typeof ConsoleGoodsUpdateSchema>;

export const ConsoleSiteConfigUpdateSchema = z.object({ value: z.unknown() });
export const ConsoleSiteConfigKeyParamSchema = z.object({ key: z.string().max(64) });

export const ConsoleStaffCreateSchema = z.object({
  username: z.string().trim().toLowerCase().max(32),
  display_name: text(32).min(1),
  role: z.enum(STAFF_ROLES),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
export const ConsoleStaffUpdateSchema = z.object({
  display_name: text(32).min(1).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  active: z.boolean().optional(),
  /** a new password set by an admin; the staff member must change it at next login */
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

export const ConsoleDashboardQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });

// ---- responses ----

export interface ConsolePage<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface ConsoleSessionStaff {
  id: number;
  username: string;
  display_name: string;
  role: StaffRole;
  permissions: Permission[];
  must_change_password: boolean;
}

export interface ConsoleStaffRow {
  id: number;
  username: string;
  display_name: string;
  role: StaffRole;
  active: boolean;
  must_change_password: boolean;
  created_at: string;
  last_login_at: string | null;
}

/** The order columns a queue row shows (the full row carries ciphertext the list never needs). */
export const CONSOLE_ORDER_LIST_COLUMNS = [
  'id',
  'out_trade_no',
  'goods_id',
  'goods_type',
  'goods_name',
  'entity_name',
  'entity_id',
  'entity_legal',
  'entity_phone',
  'total_fee',
  'status',
  'process_status',
  'process_status_name',
  'pay_type',
  'pay_time',
  'create_time',
  'admin_id',
  'admin_name',
] as const satisfies readonly (keyof OrderRowShape)[];

export interface ConsoleOrderListItem extends Pick<OrderRowShape, (typeof CONSOLE_ORDER_LIST_COLUMNS)[number]> {
  overdue: boolean;
}

export interface ConsoleOrderCounts {
  /** paid and still pending (process status 1), nobody or anybody handling */
  new_paid: number;
  /** paid more than 24 h ago and still pending */
  overdue: number;
  /** taken by me and not completed or ended */
  mine_open: number;
  refunds_pending: number;
  feedback_open: number;
}

export interface ConsoleOrderFile {
  id: number;
  url: string;
  created_at: string;
}

export interface ConsoleOrderNote {
  id: number;
  staff_name: string;
  content: string;
  created_at: string;
}

export interface ConsoleStatusHistoryEntry {
  id: number;
  from_process_status: string | null;
  to_process_status: string;
  process_status_name: string;
  staff_name: string;
  note: string;
  created_at: string;
}

export interface ConsolePaymentAttempt {
  id: number;
  provider: string;
  pay_type: string;
  pay_source: string;
  out_trade_no: string;
  amount_fen: number;
  status: string;
  provider_txn_id: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface ConsoleProviderEvent {
  id: number;
  provider: string;
  event_id: string;
  out_trade_no: string | null;
  verified: boolean;
  result: string;
  created_at: string;
}

export interface ConsoleRefundRequest {
  id: number;
  order_id: number;
  out_trade_no: string;
  entity_name: string;
  total_fee: number;
  status: ConsoleRefundRequestStatus;
  reason: string;
  requested_by_name: string;
  created_at: string;
  decided_by_name: string;
  decided_at: string | null;
  decision_note: string;
  /** what the payment side answered, in words */
  result_message: string;
  out_refund_no: string;
}

export interface ConsoleOrderDetail extends ConsoleOrderListItem {
  public_id: string;
  /** masked (first 3 and last 4); '' after the retention purge */
  entity_idno: string;
  has_idno: boolean;
  entity_extra: Record<string, string> | null;
  pay_source: string;
  platform: string;
  consent_version: string | null;
  consent_time: string | null;
  update_time: string;
  files: ConsoleOrderFile[];
  notes: ConsoleOrderNote[];
  history: ConsoleStatusHistoryEntry[];
  attempts: ConsolePaymentAttempt[];
  provider_events: ConsoleProviderEvent[];
  refund_requests: ConsoleRefundRequest[];
  sms: ConsoleSmsLogEntry[];
}

export interface ConsoleRefundDecisionResult {
  request: ConsoleRefundRequest;
}

export interface ConsoleSmsLogEntry {
  id: number;
  order_id: number | null;
  out_trade_no: string;
  /** masked: 138****5678 */
  phone: string;
  template: string;
  template_title: string;
  content: string;
  provider: string;
  status: 'SENT' | 'FAILED';
  provider_message_id: string;
  error: string;
  created_at: string;
}

export interface ConsoleFeedback {
  id: number;
  type: string;
  content: string;
  contact: string;
  status: FeedbackStatus;
  reply: string;
  handled_by_name: string;
  handled_at: string | null;
  created_at: string;
}

export interface ConsoleGoods {
  id: number;
  name: string;
  type: string;
  price_fen: number;
  pay_types: string[];
  sort: number;
  active: boolean;
  description: string;
}

export interface ConsoleSiteConfigEntry {
  key: string;
  value: unknown;
  /** what the key is for, in Chinese */
  label: string;
  kind: 'text' | 'multiline' | 'lines' | 'variant';
}

export interface ConsoleAuditEntry {
  id: number;
  staff_id: number | null;
  staff_name: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: string;
}

export interface ConsoleDashboard {
  today: { paid_orders: number; revenue_fen: number; refunded_orders: number };
  month: { paid_orders: number; revenue_fen: number; refunded_orders: number };
  /** distinct devices per step over the last `days` days */
  funnel: { days: number; steps: Array<{ key: string; label: string; devices: number }> };
  /** paid orders by process status */
  by_process_status: Array<{ process_status: string; name: string; count: number }>;
  overdue: { count: number; orders: ConsoleOrderListItem[] };
}
