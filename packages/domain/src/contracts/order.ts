import { z } from 'zod';
import { GOODS_TYPES } from '../goods-texts.ts';
import { PaySourceSchema, PayTypeSchema, PlatformSchema } from './goods.ts';
import { AuthorizationConfirmationSchema } from './authorization.ts';
import { CREDIT_RECORD_TYPES } from '../credit-records.ts';

const shortText = (max: number) => z.string().trim().max(max);

/**
 * The order form (docs/product/data.md). Field rules beyond shape (ID checksum, phone prefixes,
 * credit code, consent) are checked by the order service with the domain rules, so the
 * visitor gets the spec's message rather than a generic validation error.
 */
export const CreateOrderRequestSchema = z.object({
  goods_id: z.union([z.string().regex(/^\d{1,9}$/), z.number().int().positive()]).default('1'),
  pay_type: PayTypeSchema,
  pay_source: PaySourceSchema.default('h5'),
  source: PlatformSchema.default('web'),
  entity_name: shortText(100),
  entity_id: shortText(18),
  entity_legal: shortText(50),
  entity_idno: shortText(18),
  // Room for a country code and separators ("+86 138-1234-5678"): the service reads it with normalizePhone.
  entity_phone: shortText(20),
  entity_extra: z.record(z.string(), z.string().max(100)).optional(),
  extra: z
    .object({
      /** The visitor ticked the agreement (docs/product/orders-and-statuses.md#consent). */
      consent: z.boolean().optional(),
      /** The agreement version the visitor was shown; must be the current one (docs/decisions/034-versioned-agreements.md). */
      agreement_version: z.string().max(32).optional(),
      /** The separate consent to processing the ID number, and the version of its text (docs/decisions/050-separate-id-number-consent.md). */
      idno_consent: z.boolean().optional(),
      idno_consent_version: z.string().max(32).optional(),
      /** Set by the server in the response for desktop; ignored on input. */
    })
    .catchall(z.union([z.string().max(200), z.number(), z.boolean()]))
    .optional(),
  /** Where an h5 payment returns to; must be on our own host (checked by the server). */
  return_url: z.string().max(500).optional(),
  /**
   * The visitor saw the pre-check's "already published" notice and chose 我已了解，仍要办理
   * (docs/product/annual-report-precheck.md). The result itself is the server's, never the client's.
   */
  precheck_continued: z.boolean().optional(),
  /** The confirmed authorisation; required for a licence cancellation (docs/decisions/035-cancellation-authorisation.md). */
  authorization: AuthorizationConfirmationSchema.optional(),
  /**
   * 信用修复: the record to repair (credit-records.ts). Any short text passes the shape; the order
   * service refuses a missing or unknown one with the catalog's words (CREDIT_RECORD_REQUIRED).
   */
  credit_record: z.string().max(32).optional(),
  /**
   * The link's `source` the visitor came by (/?source=douyin). The service keeps a short slug and
   * drops anything else (order-channel.ts): any value, even a malformed one, passes here, so a bad
   * link never stops an order (docs/decisions/059-prices-per-customer-kind-and-channel.md).
   */
  channel: z.string().optional().catch(undefined),
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

/**
 * "Has this company already ordered this service?", asked when /pay opens (docs/decisions/032-texts-per-service.md).
 * The same form as the order's creation, checked by the same rules, so the answer tells no one
 * more than creating the order would: nothing about payment, and no order is made.
 */
export const OrderCheckRequestSchema = CreateOrderRequestSchema.pick({
  goods_id: true,
  source: true,
  entity_name: true,
  entity_id: true,
  entity_legal: true,
  entity_idno: true,
  entity_phone: true,
  extra: true,
});
export type OrderCheckRequest = z.infer<typeof OrderCheckRequestSchema>;

/** `message`: the service's "already ordered" text from the error catalog; '' when not ordered. */
export const OrderCheckResultSchema = z.object({ alreadyOrdered: z.boolean(), message: z.string() });
export type OrderCheckResult = z.infer<typeof OrderCheckResultSchema>;

/**
 * The annual-report pre-check an order recorded at its creation (orders.precheck_*,
 * docs/decisions/023-annual-report-precheck.md): what the source had said, and whether the visitor
 * went on past the "already published" notice.
 */
export const OrderPrecheckSchema = z.object({
  result: z.enum(['published', 'not_published', 'unavailable']),
  year: z.number().int(),
  /** YYYY-MM-DD or '' (published only) */
  publishDate: z.string(),
  continued: z.boolean(),
});
export type OrderPrecheck = z.infer<typeof OrderPrecheckSchema>;
export type OrderPrecheckResult = OrderPrecheck['result'];

/** Object form of the order-creation answer (docs/product/data.md). */
export const CreateOrderResultSchema = z.object({
  isPaied: z.boolean(),
  orderId: z.string(),
  payFee: z.number().int(),
  h5_url: z.string().optional(),
  payParam: z.string().optional(),
  qrcodeUrl: z.string().optional(),
  qrcodeBase64: z.string().optional(),
  qrcode: z.string().optional(),
  jumpUrl: z.string().optional(),
  /**
   * The order's edit key (decision 012): only this answer carries it, never a lookup. The paying
   * browser keeps it and sends it back as `edit_key` to file the annual declaration.
   */
  editKey: z.string(),
});
export type CreateOrderResult = z.infer<typeof CreateOrderResultSchema>;

export const CreateOrderResponseSchema = z.union([z.string(), CreateOrderResultSchema]);
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

export const OrderIdQuerySchema = z.object({ id: z.string().trim().min(1).max(64) });

export const OrderFileSchema = z.object({ url: z.string() });

/** An order as the visitor app receives it (docs/product/data.md). `entity_idno` is always masked. */
export const OrderRecordSchema = z.object({
  id: z.string(),
  status: z.string(),
  process_status: z.string(),
  process_status_name: z.string(),
  pay_time: z.string().nullable(),
  out_trade_no: z.string(),
  pay_type: PayTypeSchema,
  pay_source: PaySourceSchema,
  total_fee: z.number().int(),
  goods_id: z.number().int(),
  goods_type: z.enum(GOODS_TYPES),
  goods_name: z.string(),
  entity_name: z.string(),
  entity_id: z.string(),
  entity_legal: z.string(),
  entity_idno: z.string(),
  entity_phone: z.string(),
  entity_extra: z.record(z.string(), z.string()).nullable(),
  files: z.array(OrderFileSchema),
  create_time: z.string(),
  admin_name: z.string().nullable(),
  status_name: z.string(),
  /** what the specialist asks the customer to supply, while the order is 待客户补充 (decision 043); null otherwise */
  customer_request: z.string().nullable(),
  /** 信用修复: the record to repair (credit-records.ts); null for the other services. Optional for older answers. */
  credit_record: z.enum(CREDIT_RECORD_TYPES).nullable().optional(),
  /** a paid annual report whose figures are still to be filled in (declarationPending; decision 050) */
  declaration_pending: z.boolean(),
  /** what the refund returned, integer fen (0 before any; decision 057). Optional for older answers. */
  refunded_fen: z.number().int().optional(),
  /** the refund in words for the customer (customerRefundText): the amount, what was paid and, when partial, why; '' before any */
  refund_text: z.string().optional(),
});
export type OrderRecord = z.infer<typeof OrderRecordSchema>;

/**
 * What a phone number alone shows of an order (docs/decisions/049-phone-lookup-masked-until-proven.md):
 * service, status, the company with its middle masked (maskCompanyName), the date. No id, no number.
 */
export const MaskedOrderSchema = z.object({
  access: z.literal('masked'),
  goods_type: z.enum(GOODS_TYPES),
  goods_name: z.string(),
  status: z.string(),
  process_status: z.string(),
  process_status_name: z.string(),
  entity_name: z.string(),
  /** YYYY-MM-DD, Asia/Shanghai */
  create_date: z.string(),
});
export type MaskedOrder = z.infer<typeof MaskedOrderSchema>;

/** The whole order, to the ordering device or a verified phone. */
export const FullLookupOrderSchema = OrderRecordSchema.extend({ access: z.literal('full') });
export type FullLookupOrder = z.infer<typeof FullLookupOrderSchema>;
export const LookupOrderSchema = z.discriminatedUnion('access', [FullLookupOrderSchema, MaskedOrderSchema]);
export type LookupOrder = z.infer<typeof LookupOrderSchema>;

/**
 * GET /api/h5/order/phone. `phone_token`: the device's proof that it verified this phone by SMS;
 * `keys`: the device's own orders, `<id>.<key>` joined by commas (each order's key from its creation).
 */
export const PhoneLookupQuerySchema = z.object({
  phone: z.string().max(32).optional(),
  phone_token: z.string().trim().max(200).optional(),
  keys: z.string().trim().max(1200).optional(),
});
export const PhoneLookupResponseSchema = z.object({
  /** The phone is verified on this device (a valid phone_token): every order is whole. */
  verified: z.boolean(),
  orders: z.array(LookupOrderSchema),
});
export type PhoneLookupResponse = z.infer<typeof PhoneLookupResponseSchema>;

/** GET /api/h5/order/detail: whole with the order's key, a verified phone's token or the owner's login; else masked. */
export const OrderDetailQuerySchema = OrderIdQuerySchema.extend({
  key: z.string().trim().max(64).optional(),
  phone_token: z.string().trim().max(200).optional(),
});
export const MaskedOrderDetailSchema = MaskedOrderSchema.extend({ id: z.string() });
export type MaskedOrderDetail = z.infer<typeof MaskedOrderDetailSchema>;
export const OrderDetailResponseSchema = z.union([OrderRecordSchema, MaskedOrderDetailSchema]);

/** POST /api/h5/order/phone/code and /verify: the SMS code that proves the phone (decision 037's code rules). */
export const LookupCodeRequestSchema = z.object({ phone: z.string().max(32) });
export type LookupCodeRequest = z.infer<typeof LookupCodeRequestSchema>;
export const LookupCodeResponseSchema = z.object({ expires_in: z.number().int(), resend_in: z.number().int() });
export type LookupCodeResponse = z.infer<typeof LookupCodeResponseSchema>;
export const LookupVerifyRequestSchema = z.object({ phone: z.string().max(32), code: z.string().max(12) });
export type LookupVerifyRequest = z.infer<typeof LookupVerifyRequestSchema>;
export const LookupVerifyResponseSchema = z.object({ phone_token: z.string(), expires_at: z.string() });
export type LookupVerifyResponse = z.infer<typeof LookupVerifyResponseSchema>;

/** PUT /api/h5/order (docs/product/api.md): the annual declaration. */
export const UpdateOrderExtraRequestSchema = z.object({
  id: z.string().trim().min(1).max(64),
  corp_id: z.union([z.number().int(), z.string()]).optional(),
  entity_extra: z.record(z.string(), z.string().max(100)),
  /** The edit key from the order's creation; a logged-in owner (x-token) may leave it out (decision 012). */
  edit_key: z.string().trim().max(64).optional(),
});
export type UpdateOrderExtraRequest = z.infer<typeof UpdateOrderExtraRequestSchema>;

