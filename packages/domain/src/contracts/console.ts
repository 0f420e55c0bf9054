import { z } from 'zod';
import { GOODS_TYPES } from '../goods-texts.ts';
import { PASSWORD_MAX_LENGTH, PERMISSIONS, STAFF_ROLES } from '../staff.ts';
import { ORDER_STATUS, PROCESS_STATUS_FLOW } from '../lifecycle/order.ts';
import { REFUND_REQUEST_STATUSES, type RefundRequestStatus } from '../lifecycle/refund.ts';
import { OrderRowSchema } from '../order-row.ts';
import { OrderPrecheckSchema } from './order.ts';
import { OrderAuthorizationSchema } from './authorization.ts';
import { PayTypeSchema } from './goods.ts';
import { CONSOLE_ORDER_SORTS, CONSOLE_TIME_SORTS, type ConsoleTimeSort } from '../list-sorts.ts';
import { BULK_ORDER_MAX } from '../order-assignment.ts';
import { REPORT_TYPES } from '../report.ts';
import { CALL_NOTE_MAX_CHARS, CALL_OUTCOMES } from '../first-call-sla.ts';
import { ID_REVEAL_NOTE_MAX, ID_REVEAL_REASONS } from '../id-reveal.ts';
import { CLIENT_KEY_PATTERN } from '../order-handling.ts';
import { ConsoleCustomerFileSchema } from './message-templates.ts';

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

/**
 * A list's query string as the console builds it: the keys of the list's schema, each optional text
 * (the server coerces and checks them), except the keys `Typed` gives a type of their own (paging,
 * the view). A key the schema lacks does not compile.
 */
export type ConsoleQueryString<S extends z.ZodType, Typed extends { [K in keyof z.output<S>]?: unknown } = Record<never, never>> = {
  [K in Exclude<keyof z.output<S>, keyof Typed>]?: string | undefined;
} & Typed;

export const ConsoleLoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ConsoleLoginRequest = z.infer<typeof ConsoleLoginRequestSchema>;

export const ConsolePasswordChangeSchema = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: z.string().max(PASSWORD_MAX_LENGTH),
});
export type ConsolePasswordChange = z.input<typeof ConsolePasswordChangeSchema>;

/**
 * 'unassigned': paid orders still open that nobody has taken (decision 041). 'near_breach' and
 * 'overdue': paid, open and not called, with under 4 h left or past the 24 h promise (decision 044).
 */
export const CONSOLE_ORDER_VIEWS = ['new', 'mine', 'unassigned', 'near_breach', 'overdue', 'all'] as const;
export type ConsoleOrderView = (typeof CONSOLE_ORDER_VIEWS)[number];
/** A day range (Shanghai days, both included) and a time order, on every time-based list. */
const timeWindowFields = { from: day.optional(), to: day.optional(), sort: z.enum(CONSOLE_TIME_SORTS).optional() };
export interface ConsoleTimeWindow {
  from?: string | undefined;
  to?: string | undefined;
  sort?: ConsoleTimeSort | undefined;
}


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
  /** the link's `source` the orders came from (order-channel.ts); 'none' = orders without one */
  channel: z
    .string()
    .trim()
    .toLowerCase()
    .max(32)
    .regex(/^[a-z0-9][a-z0-9_-]*$/)
    .optional(),
  from: day.optional(),
  to: day.optional(),
  sort: z.enum(CONSOLE_ORDER_SORTS).optional(),
  /** '1': the 全部订单 view also lists unpaid orders, which it leaves out by default (decision 061) */
  include_unpaid: z.enum(['0', '1']).optional(),
  /** only these orders (comma-separated ids, at most BULK_ORDER_MAX): the export of the selected rows (decision 041) */
  ids: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${BULK_ORDER_MAX - 1}}$`))
    .optional(),
});
export type ConsoleOrderListQuery = z.infer<typeof ConsoleOrderListQuerySchema>;

export const ConsoleIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ConsoleFileParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), fileId: z.coerce.number().int().positive().max(2_147_483_647) });

export const ConsoleTakeOrderSchema = z.object({ force: z.boolean().default(false) });
export type ConsoleTakeOrder = z.input<typeof ConsoleTakeOrderSchema>;
export const ConsoleProcessStatusChangeSchema = z.object({
  process_status: z.enum(PROCESS_STATUS_FLOW),
  note: text(500).default(''),
  /** the clerk saw that an annual report's figures are missing and completes it anyway */
  confirm_without_declaration: z.boolean().default(false),
});
export type ConsoleProcessStatusChange = z.infer<typeof ConsoleProcessStatusChangeSchema>;
/** What the console sends (the note may be left out). */
export type ConsoleProcessStatusChangeInput = z.input<typeof ConsoleProcessStatusChangeSchema>;

/** The orders a bulk action works on (decision 041): distinct ids, at most BULK_ORDER_MAX. */
const bulkIds = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1)
  .max(BULK_ORDER_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate ids' });
export const ConsoleBulkTakeSchema = z.object({ ids: bulkIds });
export type ConsoleBulkTake = z.infer<typeof ConsoleBulkTakeSchema>;
export const ConsoleBulkAssignSchema = z.object({ ids: bulkIds, staff_id: z.number().int().positive().max(2_147_483_647) });
export type ConsoleBulkAssign = z.infer<typeof ConsoleBulkAssignSchema>;
export const ConsoleBulkProcessStatusSchema = z.object({ ids: bulkIds, process_status: z.enum(PROCESS_STATUS_FLOW), note: text(500).default('') });
export type ConsoleBulkProcessStatus = z.infer<typeof ConsoleBulkProcessStatusSchema>;
export type ConsoleBulkProcessStatusInput = z.input<typeof ConsoleBulkProcessStatusSchema>;
/** What a bulk action did: the orders changed (or already so), and each refused one with why, in Chinese. */
export const ConsoleBulkResultSchema = z.object({
  done: z.array(z.object({ id: z.number().int(), out_trade_no: z.string() })),
  failed: z.array(z.object({ id: z.number().int(), out_trade_no: z.string(), code: z.number().int(), message: z.string() })),
});
export type ConsoleBulkResult = z.infer<typeof ConsoleBulkResultSchema>;

/** The lists whose filters a staff member can save, on the server (decision 045). */
export const SAVED_FILTER_LISTS = ['orders', 'refunds', 'sms', 'audit', 'invoices'] as const;
export type SavedFilterList = (typeof SAVED_FILTER_LISTS)[number];
/** How many filters one staff member keeps per list. */
export const SAVED_FILTERS_PER_LIST = 30;
export const ConsoleSavedFilterListQuerySchema = z.object({ list: z.enum(SAVED_FILTER_LISTS) });
/** Saving under a name the staff member already uses for that list replaces it. */
export const ConsoleSavedFilterCreateSchema = z.object({ list: z.enum(SAVED_FILTER_LISTS), name: text(30).min(1), search: text(2000) });
export type ConsoleSavedFilterCreate = z.input<typeof ConsoleSavedFilterCreateSchema>;
export const ConsoleSavedFilterSchema = z.object({ id: z.number().int(), list: z.enum(SAVED_FILTER_LISTS), name: z.string(), search: z.string(), created_at: z.string() });
export type ConsoleSavedFilter = z.infer<typeof ConsoleSavedFilterSchema>;
/** `deleted: false` when the id is not one of the caller's filters (someone else's reads the same as none). */
export const ConsoleSavedFilterDeletedSchema = z.object({ deleted: z.boolean() });

/** One user action's key (a double click sends it twice; the row is stored once): CLIENT_KEY_PATTERN. */
const clientKey = z.string().regex(CLIENT_KEY_PATTERN).optional();
export const ConsoleOrderNoteSchema = z.object({ content: text(1000).min(1), client_key: clientKey });
/** POST /api/console/orders/:id/calls: a call made to the customer, with its outcome (decision 044). */
export const ConsoleOrderCallRequestSchema = z.object({ outcome: z.enum(CALL_OUTCOMES), note: text(CALL_NOTE_MAX_CHARS).default(''), client_key: clientKey });
export type ConsoleOrderCallInput = z.input<typeof ConsoleOrderCallRequestSchema>;
export type ConsoleOrderNoteInput = z.input<typeof ConsoleOrderNoteSchema>;
export const ConsoleRefundRequestSchema = z.object({ reason: text(500).min(1) });
export type ConsoleRefundRequestInput = z.input<typeof ConsoleRefundRequestSchema>;
export const ConsoleRefundDecisionSchema = z.object({ note: text(500).default('') });
export type ConsoleRefundDecision = z.input<typeof ConsoleRefundDecisionSchema>;
/**
 * Approving: everything paid, or `amount_fen` (integer fen) of it with `partial_reason`, which the
 * customer reads (decision 057). Bounds and the reason are the domain's (partial-refund.ts), so a
 * wrong amount gets its own catalog code rather than a schema error.
 */
export const ConsoleRefundApproveSchema = z.object({ note: text(500).default(''), amount_fen: z.number().optional(), partial_reason: text(200).optional() });
export type ConsoleRefundApprove = z.input<typeof ConsoleRefundApproveSchema>;
export const CONSOLE_REFUND_REQUEST_STATUSES = REFUND_REQUEST_STATUSES;
export type ConsoleRefundRequestStatus = RefundRequestStatus;
export const ConsoleRefundListQuerySchema = z.object({ ...pageFields, status: z.enum(CONSOLE_REFUND_REQUEST_STATUSES).optional(), ...timeWindowFields });

export const FEEDBACK_STATUSES = ['open', 'handled'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/**
 * The complaint inbox's views (docs/decisions/056-complaints-on-the-right-order.md), as the order list's:
 * open complaints near their 3-working-day deadline or past it, mine, nobody's.
 */
export const CONSOLE_FEEDBACK_VIEWS = ['near_breach', 'overdue', 'mine', 'unassigned'] as const;
export type ConsoleFeedbackView = (typeof CONSOLE_FEEDBACK_VIEWS)[number];
export const ConsoleFeedbackListQuerySchema = z.object({
  ...pageFields,
  status: z.enum(FEEDBACK_STATUSES).optional(),
  type: z.enum(REPORT_TYPES).optional(),
  view: z.enum(CONSOLE_FEEDBACK_VIEWS).optional(),
  /** one order's complaints (the order page) */
  order_id: z.coerce.number().int().positive().optional(),
  ...timeWindowFields,
});
/** PUT /api/console/feedback/:id/assignee: who handles the complaint (decision 041's rule). */
export const ConsoleFeedbackAssignSchema = z.object({ staff_id: z.coerce.number().int().positive() });
export type ConsoleFeedbackAssign = z.infer<typeof ConsoleFeedbackAssignSchema>;
/** GET /api/console/feedback/counts: open complaints in each view. */
export const ConsoleFeedbackCountsSchema = z.object({ open: z.number().int(), near_breach: z.number().int(), overdue: z.number().int(), mine: z.number().int(), unassigned: z.number().int() });
export type ConsoleFeedbackCounts = z.infer<typeof ConsoleFeedbackCountsSchema>;
export const ConsoleFeedbackUpdateSchema = z.object({ status: z.enum(FEEDBACK_STATUSES), reply: text(1000).default('') });
export type ConsoleFeedbackUpdate = z.input<typeof ConsoleFeedbackUpdateSchema>;

export const ConsoleSmsListQuerySchema = z.object({ ...pageFields, q: text(32).optional(), order_id: z.coerce.number().int().positive().optional(), status: z.enum(['SENT', 'FAILED']).optional(), ...timeWindowFields });
export const ConsoleAuditListQuerySchema = z.object({
  ...pageFields,
  action: text(64).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
  target_type: text(32).optional(),
  target_id: text(64).optional(),
  /** an order by its KB order number (what staff see), not its internal id */
  order_no: text(32).optional(),
  ...timeWindowFields,
});

export const ConsoleGoodsUpdateSchema = z.object({
  name: text(60).min(1),
  type: z.enum(GOODS_TYPES),
  /** yuan as typed, e.g. "199" or "199.50"; stored as fen */
  price_yuan: z.string().trim().max(16),
  /** the 个体工商户 price, yuan as typed; '' = the same price for everyone (customer-price.ts) */
  individual_price_yuan: z.string().trim().max(16).optional(),
  pay_types: z.array(PayTypeSchema).min(1).max(2),
  sort: z.coerce.number().int().min(0).max(9999),
  active: z.boolean(),
  description: text(300).default(''),
});
export type ConsoleGoodsUpdate = z.infer<typeof ConsoleGoodsUpdateSchema>;

/** Per service: whether completing an order needs a completion screenshot (packages/domain/src/order-completion.ts). */
export const ConsoleCompletionRuleSchema = z.object({
  goods_type: z.enum(GOODS_TYPES),
  screenshot_required: z.boolean(),
  /** what applies when no admin chose (compulsory for a cancellation) */
  default_required: z.boolean(),
});
export type ConsoleCompletionRule = z.infer<typeof ConsoleCompletionRuleSchema>;
export const ConsoleCompletionRuleParamSchema = z.object({ goods_type: z.enum(GOODS_TYPES) });
export const ConsoleCompletionRuleUpdateSchema = z.object({ screenshot_required: z.boolean() });
export type ConsoleCompletionRuleUpdate = z.infer<typeof ConsoleCompletionRuleUpdateSchema>;

export const ConsoleSiteConfigUpdateSchema = z.object({ value: z.unknown() });
export type ConsoleSiteConfigUpdate = z.input<typeof ConsoleSiteConfigUpdateSchema>;
export const ConsoleSiteConfigKeyParamSchema = z.object({ key: z.string().max(64) });

export const ConsoleStaffCreateSchema = z.object({
  username: z.string().trim().toLowerCase().max(32),
  display_name: text(32).min(1),
  role: z.enum(STAFF_ROLES),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
export type ConsoleStaffCreate = z.input<typeof ConsoleStaffCreateSchema>;
export const ConsoleStaffUpdateSchema = z.object({
  display_name: text(32).min(1).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  active: z.boolean().optional(),
  /** a new password set by an admin; the staff member must change it at next login */
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ConsoleStaffUpdate = z.input<typeof ConsoleStaffUpdateSchema>;

export const ConsoleDashboardQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });

// ---- responses ----
// Schemas, not bare interfaces: the API checks its answers against them in tests and publishes them
// in /api/openapi.json; the console reads the inferred types.

/** A page of a list. */
export interface ConsolePage<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
export function consolePageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
}

export const ConsoleSessionStaffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  must_change_password: z.boolean(),
});
export type ConsoleSessionStaff = z.infer<typeof ConsoleSessionStaffSchema>;

export const ConsoleStaffRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  must_change_password: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type ConsoleStaffRow = z.infer<typeof ConsoleStaffRowSchema>;

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
  // Set when the retention sweep removed the phone and the legal representative's name: the queue shows 已按期删除 (decision 031).
  'contact_purged_at',
  // The first call recorded (decision 044): the SLA column.
  'first_call_time',
  // The record a 信用修复 order repairs (credit-records.ts); null for the other services.
  'credit_record',
  // The link's `source` the order came from (order-channel.ts); null for none.
  'channel',
] as const satisfies readonly (keyof z.infer<typeof OrderRowSchema>)[];

/** GET /api/console/staff/handlers: who may be picked as an order's handler. */
export const ConsoleHandlerSchema = z.object({ id: z.number().int(), display_name: z.string() });
export type ConsoleHandler = z.infer<typeof ConsoleHandlerSchema>;

export const ConsoleOrderListItemSchema = OrderRowSchema.pick(
  Object.fromEntries(CONSOLE_ORDER_LIST_COLUMNS.map((column) => [column, true])) as { [K in (typeof CONSOLE_ORDER_LIST_COLUMNS)[number]]: true },
).extend({
  /** the 24-hour promise is broken: paid, open, nobody called (firstCallSla's breached) */
  overdue: z.boolean(),
  /** the first-call clock at the time of the answer (packages/domain/src/first-call-sla.ts) */
  sla: z.object({ state: z.enum(['met', 'met_late', 'running', 'near_breach', 'breached', 'none']), deadline: z.string().nullable(), minutes: z.number().int() }),
});
export type ConsoleOrderListItem = z.infer<typeof ConsoleOrderListItemSchema>;

export const ConsoleOrderCountsSchema = z.object({
  /** paid and still pending (process status 1), nobody or anybody handling */
  new_paid: z.number().int(),
  /** paid, open and not called, less than 4 h before the 24-hour promise runs out */
  near_breach: z.number().int(),
  /** paid more than 24 h ago, open and not called: the promise is broken */
  overdue: z.number().int(),
  /** taken by me and not completed or ended */
  mine_open: z.number().int(),
  refunds_pending: z.number().int(),
  feedback_open: z.number().int(),
});
export type ConsoleOrderCounts = z.infer<typeof ConsoleOrderCountsSchema>;

export const ConsoleOrderFileSchema = z.object({ id: z.number().int(), url: z.string(), created_at: z.string() });
export type ConsoleOrderFile = z.infer<typeof ConsoleOrderFileSchema>;

export const ConsoleOrderNoteEntrySchema = z.object({ id: z.number().int(), staff_name: z.string(), content: z.string(), created_at: z.string() });
export type ConsoleOrderNote = z.infer<typeof ConsoleOrderNoteEntrySchema>;

export const ConsoleOrderCallSchema = z.object({
  id: z.number().int(),
  staff_name: z.string(),
  outcome: z.enum(CALL_OUTCOMES),
  note: z.string(),
  created_at: z.string(),
});
export type ConsoleOrderCall = z.infer<typeof ConsoleOrderCallSchema>;

export const ConsoleStatusHistoryEntrySchema = z.object({
  id: z.number().int(),
  from_process_status: z.string().nullable(),
  to_process_status: z.string(),
  process_status_name: z.string(),
  staff_name: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type ConsoleStatusHistoryEntry = z.infer<typeof ConsoleStatusHistoryEntrySchema>;

export const ConsolePaymentAttemptSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  pay_type: z.string(),
  pay_source: z.string(),
  out_trade_no: z.string(),
  amount_fen: z.number().int(),
  status: z.string(),
  provider_txn_id: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type ConsolePaymentAttempt = z.infer<typeof ConsolePaymentAttemptSchema>;

export const ConsoleProviderEventSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  event_id: z.string(),
  out_trade_no: z.string().nullable(),
  verified: z.boolean(),
  result: z.string(),
  created_at: z.string(),
});
export type ConsoleProviderEvent = z.infer<typeof ConsoleProviderEventSchema>;

export const ConsoleRefundRequestRecordSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  out_trade_no: z.string(),
  entity_name: z.string(),
  total_fee: z.number().int(),
  status: z.enum(CONSOLE_REFUND_REQUEST_STATUSES),
  reason: z.string(),
  requested_by_name: z.string(),
  created_at: z.string(),
  decided_by_name: z.string(),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
  /** what the payment side answered, in words */
  result_message: z.string(),
  out_refund_no: z.string(),
  /** the amount approved, integer fen; null until approved (decision 057) */
  amount_fen: z.number().int().nullable(),
  /** the reason of a partial refund, shown to the customer; '' otherwise */
  partial_reason: z.string(),
  /** what the order's refund returned so far, integer fen */
  refunded_fen: z.number().int(),
});
export type ConsoleRefundRequest = z.infer<typeof ConsoleRefundRequestRecordSchema>;

export const ConsoleSmsLogEntrySchema = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  out_trade_no: z.string(),
  /** masked: 138****5678 */
  phone: z.string(),
  template: z.string(),
  template_title: z.string(),
  content: z.string(),
  provider: z.string(),
  status: z.enum(['SENT', 'FAILED']),
  provider_message_id: z.string(),
  error: z.string(),
  created_at: z.string(),
});
export type ConsoleSmsLogEntry = z.infer<typeof ConsoleSmsLogEntrySchema>;

export const ConsoleOrderDetailSchema = ConsoleOrderListItemSchema.extend({
  public_id: z.string(),
  /** masked (first 3 and last 4); '' after the retention purge */
  entity_idno: z.string(),
  has_idno: z.boolean(),
  /** when the retention sweep removed the ID number; null while it is kept (decision 031) */
  idno_purged_at: z.string().nullable(),
  entity_extra: z.record(z.string(), z.string()).nullable(),
  pay_source: z.string(),
  platform: z.string(),
  consent_version: z.string().nullable(),
  consent_time: z.string().nullable(),
  /** the separate consent to processing the ID number: its text's version and time (decision 050); null on older orders */
  idno_consent_version: z.string().nullable(),
  idno_consent_time: z.string().nullable(),
  /** the annual-report pre-check recorded at creation (decision 023); null when not pre-checked */
  precheck: OrderPrecheckSchema.nullable(),
  /** the 授权委托书 confirmed for a cancellation (decision 035); null for other services */
  authorization: OrderAuthorizationSchema.nullable(),
  update_time: z.string(),
  files: z.array(ConsoleOrderFileSchema),
  notes: z.array(ConsoleOrderNoteEntrySchema),
  /** the calls recorded, oldest first (decision 044) */
  calls: z.array(ConsoleOrderCallSchema),
  history: z.array(ConsoleStatusHistoryEntrySchema),
  attempts: z.array(ConsolePaymentAttemptSchema),
  provider_events: z.array(ConsoleProviderEventSchema),
  refund_requests: z.array(ConsoleRefundRequestRecordSchema),
  sms: z.array(ConsoleSmsLogEntrySchema),
  /** the open request of 待客户补充 (decision 043), as the visitor sees it; null when none is open */
  customer_request: z.string().nullable(),
  /** the order's money (decision 057): what its refund returned, integer fen, and paid − refunded */
  refunded_fen: z.number().int(),
  net_fen: z.number().int(),
  /** a partial refund's reason, as the customer reads it; '' otherwise */
  refund_reason: z.string(),
  /** the customer's confirmed deletion requests that cover this order (decision 037): the order page says so */
  deletion_requests: z.array(z.object({ id: z.number().int(), confirmed_at: z.string(), status_name: z.string(), purged_at: z.string().nullable() })).optional(),
  /** the documents the customer uploaded on /checkDetail, oldest first (docs/decisions/062-templates-and-customer-uploads.md) */
  customer_files: z.array(ConsoleCustomerFileSchema),
});
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetailSchema>;

/** POST /api/console/orders/:id/reveal-id: the full ID number, once, audited. */
/** POST /api/console/orders/:id/reveal-id: why the full ID number is needed (id-reveal.ts); 其他 needs a note. */
export const ConsoleRevealIdRequestSchema = z.object({ reason: z.enum(ID_REVEAL_REASONS), note: text(ID_REVEAL_NOTE_MAX).default('') });
export type ConsoleRevealIdInput = z.input<typeof ConsoleRevealIdRequestSchema>;
export type ConsoleRevealIdRequest = z.output<typeof ConsoleRevealIdRequestSchema>;
export const ConsoleRevealedIdSchema = z.object({ entity_idno: z.string() });
export type ConsoleRevealedId = z.infer<typeof ConsoleRevealedIdSchema>;

export interface ConsoleRefundDecisionResult {
  request: ConsoleRefundRequest;
}

export const ConsoleFeedbackSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  content: z.string(),
  contact: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string(),
  handled_by_name: z.string(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
  /** the order the visitor picked and proved theirs, and its number; null / '' when none (decision 056) */
  order_id: z.number().int().nullable(),
  out_trade_no: z.string(),
  /** the company the visitor named without a verified order, as typed; '' when none */
  company_name: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string(),
  /** the end of the third working day after it arrived; '' for none */
  due_at: z.string(),
  /** the 3-working-day clock at the time of the answer (packages/domain/src/complaint-sla.ts) */
  sla: z.object({ state: z.enum(['met', 'met_late', 'running', 'near_breach', 'breached', 'none']), deadline: z.string().nullable(), minutes: z.number().int() }),
});
export type ConsoleFeedback = z.infer<typeof ConsoleFeedbackSchema>;

export const ConsoleGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  price_fen: z.number().int(),
  /** the 个体工商户 price in fen; null = price_fen for everyone */
  individual_price_fen: z.number().int().nullable(),
  pay_types: z.array(z.string()),
  sort: z.number().int(),
  active: z.boolean(),
  description: z.string(),
});
export type ConsoleGoods = z.infer<typeof ConsoleGoodsSchema>;

export const ConsoleSiteConfigEntrySchema = z.object({
  key: z.string(),
  value: z.unknown(),
  /** what the key is for, in Chinese */
  label: z.string(),
  kind: z.enum(['text', 'multiline', 'lines', 'variant']),
});
export type ConsoleSiteConfigEntry = z.infer<typeof ConsoleSiteConfigEntrySchema>;

/** The first-run checklist (operator-info.ts setupChecklist): what a fresh deployment still lacks. */
export const ConsoleSetupChecklistSchema = z.object({
  done: z.boolean(),
  items: z.array(
    z.object({
      key: z.enum(['operator_name', 'operator_credit_code', 'icp_filing', 'service_contact', 'sms_sign_name', 'payment_providers', 'sms_provider']),
      label: z.string(),
      done: z.boolean(),
      where: z.enum(['site_config', 'environment']),
      /** while open, production refuses orders (operator-readiness.ts) */
      blocksOrders: z.boolean(),
    }),
  ),
});
export type ConsoleSetupChecklist = z.infer<typeof ConsoleSetupChecklistSchema>;

export const ConsoleAuditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
  /** the order's KB number when the target is an order */
  order_no: z.string().optional(),
  /** the staff member's name when the target is one (auditTargetText) */
  target_name: z.string().optional(),
});
export type ConsoleAuditEntry = z.infer<typeof ConsoleAuditEntrySchema>;

/**
 * Orders paid in the period: revenue_fen is what they paid, refunded_fen what of it has since gone
 * back (full refunds), net_fen = revenue_fen − refunded_fen (decision 042: a refunded ¥999 once sat in 今日收入).
 */
const periodTotals = z.object({ paid_orders: z.number().int(), revenue_fen: z.number().int(), refunded_orders: z.number().int(), refunded_fen: z.number().int(), net_fen: z.number().int() });
/** The money fields are left out for a staff member without `money.view` (decision 058: a clerk sees no income). */
const periodFigures = periodTotals.partial({ revenue_fen: true, refunded_fen: true, net_fen: true });
export const ConsoleDashboardSchema = z.object({
  today: periodFigures,
  month: periodFigures,
  /**
   * Distinct devices per step over the last `days` days, each step a subset of the one before
   * (devices that also passed every earlier step); `paid_outside`: paying devices in those days that
   * the events did not follow through every step (decision 045).
   */
  funnel: z.object({ days: z.number().int(), steps: z.array(z.object({ key: z.string(), label: z.string(), devices: z.number().int() })), paid_outside: z.number().int() }),
  /**
   * Every paid order once: those still paid by process status, then the refunded ones (order_status
   * '4', process_status ''), so the buckets add up to all paid orders.
   */
  by_process_status: z.array(z.object({ process_status: z.string(), order_status: z.string(), name: z.string(), count: z.number().int() })),
  overdue: z.object({ count: z.number().int(), orders: z.array(ConsoleOrderListItemSchema) }),
});
export type ConsoleDashboard = z.infer<typeof ConsoleDashboardSchema>;

/** The owner's trends: 30 or 90 Beijing days (the queries stay bounded). */
export const ConsoleDashboardTrendsQuerySchema = z.object({ days: z.enum(['30', '90']).default('30').transform(Number) });
const periodChangeSchema = z.object({ current: z.number(), previous: z.number(), delta: z.number(), ratio: z.number().nullable() });
const paidSplit = z.object({ key: z.string(), name: z.string(), paid_orders: z.number().int(), revenue_fen: z.number().int() });
const turnaroundSchema = z.object({ orders: z.number().int(), median_minutes: z.number().nullable(), p90_minutes: z.number().nullable() });
export const ConsoleDashboardTrendsSchema = z.object({
  days: z.number().int(),
  /** the period [since, until) and the previous one [previous_since, since), ISO instants */
  since: z.string(),
  until: z.string(),
  previous_since: z.string(),
  /** one entry per Beijing day of the period, oldest first, days without orders included */
  daily: z.array(z.object({ day: z.string(), paid_orders: z.number().int(), revenue_fen: z.number().int(), refunded_orders: z.number().int() })),
  /** this period against the previous one of the same length */
  comparison: z.object({ paid_orders: periodChangeSchema, revenue_fen: periodChangeSchema, refunded_orders: periodChangeSchema }),
  by_service: z.array(paidSplit),
  by_pay_type: z.array(paidSplit),
  /** per channel (the link's `source`; key '' = none): orders created and orders paid in the period, with what they paid */
  by_channel: z.array(paidSplit.extend({ orders: z.number().int() })),
  /**
   * paid → completed over orders completed in the period; paid → taken over orders paid in the period
   * and taken (the audit log's first `order.take`); paid → first call over orders paid in the period
   * and called (the first recorded call, decision 044)
   */
  turnaround: z.object({ paid_to_completed: turnaroundSchema, paid_to_taken: turnaroundSchema, paid_to_first_call: turnaroundSchema }),
  /**
   * The 24-hour promise over orders paid in the period (decision 044): called on time, called late,
   * and not called past the deadline while still open (breached_open); `breached` is late + breached_open.
   * `open_now` counts every open order breached now, whenever it was paid.
   */
  first_call: z.object({ paid_orders: z.number().int(), met: z.number().int(), met_late: z.number().int(), breached_open: z.number().int(), breached: z.number().int(), open_now: z.number().int() }),
  /** open orders held now, and completions, calls and refunds in the period, per clerk */
  clerks: z.array(z.object({ staff_id: z.number().int(), name: z.string(), open_orders: z.number().int(), completed: z.number().int(), calls: z.number().int(), refunded: z.number().int() })),
});
export type ConsoleDashboardTrends = z.infer<typeof ConsoleDashboardTrendsSchema>;

/** GET /api/console/directory-source: where company suggestions come from, and what the vendor costs. */
export const ConsoleDirectoryVendorDaySchema = z.object({
  day: z.string(),
  calls: z.number().int(),
  answered: z.number().int(),
  failed: z.number().int(),
  by_status: z.array(z.object({ status: z.string(), text: z.string(), calls: z.number().int() })),
});
export const ConsoleDirectorySourceSchema = z.object({
  provider: z.enum(['local', 'qichacha']),
  vendor: z
    .object({
      /** the Shanghai calendar day the budget counts */
      today: z.string(),
      daily_budget: z.number().int(),
      calls_today: z.number().int(),
      /** ISO time until which the vendor is not asked; null while it is */
      paused_until: z.string().nullable(),
      pause_reason: z.string().nullable(),
      /** the reason in Chinese ('' when not paused) */
      pause_text: z.string(),
      /** keywords whose vendor answer is cached: searching them again costs nothing */
      cached_keywords: z.number().int(),
      /** the last 30 days, newest first; days without calls are left out */
      days: z.array(ConsoleDirectoryVendorDaySchema),
    })
    .nullable(),
});
export type ConsoleDirectorySource = z.infer<typeof ConsoleDirectorySourceSchema>;

/**
 * GET /api/console/customers (decision 043): one customer's orders, complaints and SMS, by the
 * legal representative's phone or the company's credit code (exactly one).
 */
export const ConsoleCustomerQuerySchema = z
  .object({
    phone: z.string().trim().regex(/^1\d{10}$/).optional(),
    credit_code: z.string().trim().toUpperCase().regex(/^[0-9A-Z]{18}$/).optional(),
  })
  .refine((query) => (query.phone === undefined) !== (query.credit_code === undefined), { message: 'phone or credit_code, not both' });
export type ConsoleCustomerQuery = z.infer<typeof ConsoleCustomerQuerySchema>;

/** The most of each list the customer view shows; `truncated` says when a list was cut. */
export const CONSOLE_CUSTOMER_VIEW_LIMIT = 200;

export const ConsoleCustomerViewSchema = z.object({
  phone: z.string().nullable(),
  credit_code: z.string().nullable(),
  orders: z.array(ConsoleOrderListItemSchema),
  feedback: z.array(ConsoleFeedbackSchema),
  sms: z.array(ConsoleSmsLogEntrySchema),
  truncated: z.boolean(),
});
export type ConsoleCustomerView = z.infer<typeof ConsoleCustomerViewSchema>;
