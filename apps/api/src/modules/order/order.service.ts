import type { Kysely } from 'kysely';
import {
  ALREADY_PAID_RESULT,
  customerRefundText,
  alreadyOrderedMessage,
  AUTHORIZATION_TEMPLATE_VERSION,
  AppError,
  authorizationPlainText,
  isCreditRecordType,
  normalizeChannel,
  priceForCustomer,
  serviceRefusal,
  buildCancellationAuthorization,
  needsAuthorization,
  signerNameMatches,
  ORDER_STATUS,
  PROCESS_STATUS,
  PROCESS_STATUS_NAMES,
  filterPhoneInput,
  goodsOffersPayType,
  isDeclarationEditable,
  isOrderUnpaid,
  wasOrderPaid,
  isValidCreditCode,
  isValidIdNumber,
  isValidMobilePhone,
  normalizePhone,
  maskIdNumber,
  validateDeclaration,
  LOOKUP_MAX_ORDER_KEYS,
  lookupDate,
  maskCompanyName,
  type LookupOrder,
  type MaskedOrder,
  type MaskedOrderDetail,
  type PhoneLookupResponse,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type OrderCheckRequest,
  type OrderCheckResult,
  type OrderRecord,
  type PaySource,
  type PayType,
  type Platform,
  type PrevInfo,
  visibleCustomerRequest,
  missingOperatorInfo,
  declarationPending,
  ID_NUMBER_CONSENT_VERSION,
} from '@kuaibao/domain';
import type { Database, NewOrderAuthorization, OrderRow, PaymentAttemptRow } from '../../db/schema.ts';
import type { Db } from '../../db/query-helpers.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { checkPhoneToken } from '../../security/phone-token.ts';
import type { CompanyService } from '../company/index.ts';
import type { GoodsService } from '../goods/index.ts';
import type { SiteConfigService } from '../site-config/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { CreatePaymentResult } from '../../providers/payment/port.ts';
import type { VisitorContext } from '../../http/visitor-context.ts';
import { newOrderNumber, newPublicOrderId, shanghaiYearStart } from './order-number.ts';
import { orderRepository } from './order.repository.ts';
import type { AppMetrics } from '../../observability/metrics.ts';

/**
 * What placing and showing an order asks of the payment module: app.ts passes the payment service,
 * which is this and more. Named here rather than imported, because the payment module depends on
 * this one (it marks orders paid and refunded through modules/order/index.ts).
 */
export interface PaymentSide {
  /** docs/product/orders-and-statuses.md and provider capability; throws PAY_TYPE_NOT_ALLOWED / PAY_SOURCE_NOT_ALLOWED before anything is written. */
  checkPaymentChoice(input: { platform: Platform; payType: PayType; paySource: PaySource; openid: string | undefined }): void;
  /** Opens a new attempt (superseding pending ones) and asks the provider for a way to pay: openAttempt in a transaction of its own, then askProvider. */
  startAttempt(input: StartAttemptInput): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  /**
   * The attempt's rows in the caller's transaction (pending attempts superseded, the new one
   * inserted), so that an order and its attempt are one commit; no provider is asked. Throws
   * PAY_SOURCE_NOT_ALLOWED before writing (checkPaymentChoice refuses it earlier still).
   */
  openAttempt(trx: Db, input: StartAttemptInput): Promise<OpenedAttempt>;
  /** After that commit: superseded attempts closed at their provider, the new trade created (failures handled as startAttempt's). */
  askProvider(opened: OpenedAttempt): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  /** Asks the provider about pending attempts of an order (the paying page polling). True when a provider was asked (the order may have changed); false when nothing was due. */
  reconcileOrder(order: OrderRow): Promise<boolean>;
}

export interface StartAttemptInput {
  order: OrderRow;
  payType: PayType;
  paySource: PaySource;
  description: string;
  returnUrl: string | undefined;
  notifyBaseUrl: string;
  clientIp: string;
  openid?: string | undefined;
  /** The WeChat app that issued `openid` (its appid is the one the trade is created under). */
  openidApp?: 'wx-oa' | 'wx-mp' | undefined;
}

/** An attempt written by openAttempt and not yet created at its provider. */
export interface OpenedAttempt {
  readonly attempt: PaymentAttemptRow;
  /** The order's attempts it superseded, to close at their provider after the commit. */
  readonly superseded: readonly PaymentAttemptRow[];
  readonly input: StartAttemptInput;
}

export interface OrderService {
  createOrder(form: CreateOrderRequest, visitor: VisitorContext): Promise<CreateOrderResponse>;
  /**
   * Whether creating the order would be refused as "already ordered": the same checks in the same
   * order up to that refusal, no order and no payment (docs/decisions/032-texts-per-service.md).
   */
  checkAlreadyOrdered(form: OrderCheckRequest): Promise<OrderCheckResult>;
  /** The order as the visitor sees it; a pending payment is first checked with the provider. */
  getOrderForVisitor(publicId: string): Promise<OrderRecord>;
  /**
   * GET /api/h5/order/detail: the whole order to its ordering device (the order's key), a verified
   * phone (its token) or its logged-in owner; to anyone else holding the id, the masked view
   * (docs/decisions/049-phone-lookup-masked-until-proven.md).
   */
  getOrderForDevice(publicId: string, proof: LookupProof & { userId?: number | undefined }): Promise<OrderRecord | MaskedOrderDetail>;
  findPrevInfo(publicId: string): Promise<PrevInfo | null>;
  /**
   * Progress lookup by phone (docs/product/orders-and-statuses.md): paid orders, newest first; each
   * whole when this device proves it (the order's key, or a token of this phone), else masked (decision 049).
   */
  listOrdersByPhone(rawPhone: string | undefined, proof?: LookupProof): Promise<PhoneLookupResponse>;
  /**
   * The annual declaration after payment (docs/product/orders-and-statuses.md, PUT /api/h5/order). Only the visitor who created
   * the order may file it: `proof` is the edit key from the creation answer, or the logged-in
   * visitor, who must own the order (decision 012). Knowing the order id is not enough.
   */
  saveDeclaration(input: { publicId: string; entityExtra: Record<string, string>; proof: DeclarationProof }): Promise<OrderRecord>;
  /** An order row as the visitor sees it (the corp module lists a visitor's own orders with it). */
  recordOf(order: OrderRow): Promise<OrderRecord>;
}

/** What a device brings to see orders whole (decision 049). */
export interface LookupProof {
  /** The token of a phone verified by SMS code on this device. */
  phoneToken?: string | undefined;
  /** One order's key (detail), or the device's own orders as `<id>.<key>,…` (lookup). */
  key?: string | undefined;
  keys?: string | undefined;
}

/** The device's own orders a lookup presents, by id; at most LOOKUP_MAX_ORDER_KEYS are read. */
function presentedKeys(keys: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (keys ?? '').split(',').slice(0, LOOKUP_MAX_ORDER_KEYS)) {
    const dot = pair.indexOf('.');
    if (dot > 0) map.set(pair.slice(0, dot), pair.slice(dot + 1));
  }
  return map;
}

/** What a phone number alone shows of an order (decision 049): nothing that names its owner. */
function maskedView(order: OrderRow): MaskedOrder {
  return {
    access: 'masked',
    goods_type: order.goods_type as MaskedOrder['goods_type'],
    goods_name: order.goods_name,
    status: order.status,
    process_status: order.process_status,
    process_status_name: order.process_status_name,
    entity_name: maskCompanyName(order.entity_name),
    create_date: lookupDate(order.create_time),
  };
}

/** What a declaration request brings to show it comes from the order's visitor (decision 012). */
export interface DeclarationProof {
  /** `edit_key` of the request body. */
  editKey?: string | undefined;
  /** The visitor behind a valid x-token, if any. */
  userId?: number | undefined;
}

/** How many orders one phone lookup returns at most. */
const PHONE_LOOKUP_LIMIT = 20;

/**
 * The order number is the second plus six random digits: at a few hundred orders a second two of
 * them meet every few seconds (the birthday bound), and the unique index refuses the second. A new
 * number is drawn and the transaction runs again (the API bench found it, decision 029).
 */
const ORDER_NUMBER_ATTEMPTS = 4;

async function withFreshOrderNumbers<T>(place: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await place();
    } catch (error) {
      if (attempt >= ORDER_NUMBER_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/** An unpaid order this recent is reused when the visitor switches payment method. */
const REUSE_WINDOW_MS = 2 * 3600 * 1000;

/** The phone as the form reads it (+86, spaces, dashes: `normalizePhone`), checked and stored that way. */
function withNormalizedPhone<T extends OrderCheckRequest>(form: T): T {
  return { ...form, entity_phone: normalizePhone(form.entity_phone) };
}

/** The business rules of the order form, in the order the spec checks them (docs/product/orders-and-statuses.md#form-submit). */
function checkForm(form: OrderCheckRequest): void {
  if (!form.entity_name || !form.entity_idno || !form.entity_phone) throw new AppError('FORM_INCOMPLETE');
  if (!form.entity_id || !form.entity_legal) throw new AppError('COMPANY_NOT_CHOSEN');
  if (!isValidCreditCode(form.entity_id)) throw new AppError('CREDIT_CODE_INVALID');
  if (!isValidIdNumber(form.entity_idno)) throw new AppError('ID_NUMBER_INVALID');
  if (!isValidMobilePhone(form.entity_phone)) throw new AppError('PHONE_INVALID');
  if (form.extra?.consent !== true) throw new AppError('CONSENT_REQUIRED');
  // The ID number is sensitive: its processing is consented to apart from the agreement (decision 050).
  if (form.extra?.idno_consent !== true) throw new AppError('ID_NUMBER_CONSENT_REQUIRED');
}

/** Only our own pages may be the return address of a payment (no open redirect). */
function safeReturnUrl(candidate: string | undefined, origin: string): string {
  const fallback = `${origin}/pay`;
  if (!candidate) return fallback;
  try {
    const url = new URL(candidate, origin);
    return url.origin === origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

export function createOrderService(deps: {
  db: Kysely<Database>;
  goods: GoodsService;
  payments: PaymentSide;
  vault: PersonalDataVault;
  now: () => Date;
  /** orders created (the app's registry; absent in unit tests) */
  metrics?: AppMetrics;
  /** the annual-report pre-check stored for the company (decision 023) */
  companies: Pick<CompanyService, 'storedPrecheck' | 'registrationStatus'>;
  /** the current agreement version, which an order must name (decision 034); the agent's name for an authorisation (decision 035) */
  siteConfig: Pick<SiteConfigService, 'currentAgreement' | 'getSiteConfig'>;
  /** Production: no order while the operator is not named (docs/decisions/047-operator-before-money.md). */
  requireNamedOperator?: boolean;
}): OrderService {
  const { db, vault, now } = deps;

  async function toRecord(order: OrderRow): Promise<OrderRecord> {
    // Screenshots attach to paid orders only (order-handling.service.ts): an order never paid, the
    // one a paying page polls every second, has none to read.
    const files = wasOrderPaid(order.status) ? await orderRepository.listFiles(db, order.id) : [];
    const entityExtra = order.entity_extra ? (JSON.parse(order.entity_extra) as Record<string, string> | null) : null;
    return {
      id: order.public_id,
      status: order.status,
      process_status: order.process_status,
      process_status_name: order.process_status_name,
      pay_time: order.pay_time,
      out_trade_no: order.out_trade_no,
      pay_type: order.pay_type as PayType,
      pay_source: order.pay_source as PaySource,
      total_fee: order.total_fee,
      goods_id: order.goods_id,
      goods_type: order.goods_type as OrderRecord['goods_type'],
      goods_name: order.goods_name,
      entity_name: order.entity_name,
      entity_id: order.entity_id,
      entity_legal: order.entity_legal,
      entity_idno: order.entity_idno_enc ? maskIdNumber(vault.decrypt(order.entity_idno_enc)) : '',
      entity_phone: order.entity_phone,
      entity_extra: entityExtra,
      files,
      create_time: order.create_time,
      admin_name: order.admin_name || null,
      status_name: order.process_status_name,
      customer_request: visibleCustomerRequest(order),
      credit_record: isCreditRecordType(order.credit_record) ? order.credit_record : null,
      declaration_pending: declarationPending({ ...order, entity_extra: entityExtra }),
      refunded_fen: order.refunded_fen,
      refund_text: customerRefundText({ paidFen: order.total_fee, refundedFen: order.refunded_fen, partialReason: order.refund_reason }),
    };
  }

  /**
   * A cancellation's authorisation (docs/decisions/035-cancellation-authorisation.md): confirmed
   * (the tick), on the current template, signed with the legal representative's name; recorded as
   * the text built from the order, at the server's time, from the client address the trusted-proxy
   * rule gives (request.ip: a forged X-Forwarded-For is not believed).
   */
  async function confirmedAuthorization(form: CreateOrderRequest, visitor: VisitorContext, nowIso: string): Promise<Omit<NewOrderAuthorization, 'order_id'>> {
    const confirmation = form.authorization;
    if (!confirmation || confirmation.confirmed !== true) throw new AppError('AUTHORIZATION_REQUIRED');
    if (confirmation.template_version !== AUTHORIZATION_TEMPLATE_VERSION) throw new AppError('AUTHORIZATION_OUTDATED');
    if (!signerNameMatches(confirmation.signer_name, form.entity_legal)) throw new AppError('AUTHORIZATION_NAME_MISMATCH');
    const config = await deps.siteConfig.getSiteConfig(visitor.corpId);
    const built = buildCancellationAuthorization({ entityName: form.entity_name, creditCode: form.entity_id, legalName: form.entity_legal, agentName: config.operator_name ?? '', agentCreditCode: config.operator_credit_code ?? '' });
    return {
      template_version: built.templateVersion,
      text: authorizationPlainText(built),
      signer_name: confirmation.signer_name,
      agent_name: built.parties[3]![1],
      confirmed_at: nowIso,
      client_ip: visitor.clientIp,
    };
  }

  return {
    async checkAlreadyOrdered(sent) {
      const form = withNormalizedPhone(sent);
      checkForm(form);
      const goods = await deps.goods.getActiveGoods(Number(form.goods_id));
      const alreadyPaid = await orderRepository.findPaidSince(db, { entityId: form.entity_id, goodsId: goods.id, since: shanghaiYearStart(now()) });
      return alreadyPaid ? { alreadyOrdered: true, message: alreadyOrderedMessage(goods.type) } : { alreadyOrdered: false, message: '' };
    },

    async createOrder(sent, visitor) {
      const form = withNormalizedPhone(sent);
      checkForm(form);
      // Before anything is written: a site that does not say who takes the money takes none.
      if (deps.requireNamedOperator) {
        // The visitor reads the catalog's words; the console's first-run checklist names what is missing.
        if (missingOperatorInfo(await deps.siteConfig.getSiteConfig(visitor.corpId)).length > 0) throw new AppError('OPERATOR_NOT_READY');
      }
      // Consent counts for the text the visitor was shown, and only the current text governs a new
      // order (docs/decisions/034-versioned-agreements.md): an older or unknown version is refused,
      // and the page fetches the current one and asks again.
      const agreement = await deps.siteConfig.currentAgreement();
      if (!agreement || form.extra?.agreement_version !== agreement.version) throw new AppError('AGREEMENT_OUTDATED');
      // The ID-number consent's text ships with the pages: only the current wording counts (decision 050).
      if (form.extra?.idno_consent_version !== ID_NUMBER_CONSENT_VERSION) throw new AppError('ID_NUMBER_CONSENT_OUTDATED');
      const goods = await deps.goods.getActiveGoods(Number(form.goods_id));
      if (!goodsOffersPayType(goods.pay_type, form.pay_type)) throw new AppError('PAY_TYPE_NOT_ALLOWED');
      // 信用修复 repairs one named record, asked before paying; the other services store none.
      const creditRecord = goods.type === 'credit_repair' ? form.credit_record : undefined;
      if (goods.type === 'credit_repair' && !isCreditRecordType(creditRecord)) throw new AppError('CREDIT_RECORD_REQUIRED');
      // A service the company's registration status rules out is refused before anything is
      // written or charged; the status is the one the server looks up, never the client's
      // (docs/product/registration-status.md).
      const refusal = serviceRefusal(await deps.companies.registrationStatus(form.entity_id), goods.type);
      if (refusal) throw new AppError(refusal);
      // In-app payment needs the payer's openid: the logged-in visitor's; without a login, extra.openid.
      const openid = visitor.payer?.openid ?? (typeof form.extra?.openid === 'string' && form.extra.openid ? form.extra.openid : undefined);
      const userId = visitor.payer?.userId ?? null;
      // The openid's own app decides the appid WeChat Pay charges under; without a login, the platform says which app's page sent it.
      const openidApp = visitor.payer?.appKind ?? (form.source === 'wx-mp' ? 'wx-mp' : 'wx-oa');
      deps.payments.checkPaymentChoice({ platform: form.source, payType: form.pay_type, paySource: form.pay_source, openid });

      const current = now();
      const nowIso = current.toISOString();
      const alreadyPaid = await orderRepository.findPaidSince(db, { entityId: form.entity_id, goodsId: goods.id, since: shanghaiYearStart(current) });
      if (alreadyPaid) return ALREADY_PAID_RESULT;

      // What the visitor was shown on /pay: the pre-check's stored answer (the page asked a moment
      // ago; no source is asked here, so creating an order never waits on a vendor).
      const precheck = await deps.companies.storedPrecheck(form.entity_id, goods.type);
      const precheckColumns = {
        precheck_result: precheck?.result ?? null,
        precheck_year: precheck?.year ?? null,
        precheck_publish_date: precheck ? precheck.publishDate : null,
        precheck_checked_at: precheck?.checkedAt ?? null,
        // Going on past a notice means something only when there was one to see.
        precheck_continued: precheck?.result === 'published' && form.precheck_continued === true ? 1 : 0,
      };

      const authorization = needsAuthorization(goods.type) ? await confirmedAuthorization(form, visitor, nowIso) : null;

      const idnoHash = vault.hash(form.entity_idno);
      // The link's `source` the visitor came by: a short slug or nothing, never a refusal (order-channel.ts).
      const channel = normalizeChannel(form.channel);
      let created = false;
      const attemptInput = (order: OrderRow): StartAttemptInput => ({
        order,
        payType: form.pay_type,
        paySource: form.pay_source,
        description: `${goods.name}-${form.entity_name}`,
        // Only a redirect payment comes back to a page; a scanned QR is paid on another device.
        returnUrl: form.pay_source === 'h5' ? safeReturnUrl(form.return_url, visitor.origin) : undefined,
        notifyBaseUrl: visitor.origin,
        clientIp: visitor.clientIp,
        openid,
        openidApp,
      });
      // The order and its payment attempt are one commit; the provider is asked after it.
      const place = () => db.transaction().execute(async (trx) => {
        const order = await placeOrder(trx);
        return deps.payments.openAttempt(trx, attemptInput(order));
      });
      const placeOrder = async (trx: Db): Promise<OrderRow> => {
        const reusable = await orderRepository.findReusableUnpaid(trx, {
          deviceId: visitor.deviceId,
          goodsId: goods.id,
          entityId: form.entity_id,
          idnoHash,
          phone: form.entity_phone,
          since: new Date(current.getTime() - REUSE_WINDOW_MS).toISOString(),
        });
        // Never reuse another visitor's order (two WeChat accounts on one device).
        if (reusable && reusable.user_id === userId) {
          // A recreation (another method, or 仍要办理 after the notice) records the latest pre-check.
          // The consent is the latest one: the version this request was shown, at this time.
          const consent = { consent_version: agreement.version, consent_time: nowIso, idno_consent_version: ID_NUMBER_CONSENT_VERSION, idno_consent_time: nowIso };
          // The first channel that brought the order stays; one that had none takes this visit's.
          const record = { credit_record: creditRecord ?? null, channel: reusable.channel ?? channel };
          await orderRepository.updateOrder(trx, reusable.id, { pay_type: form.pay_type, pay_source: form.pay_source, ...precheckColumns, ...consent, ...record, update_time: nowIso });
          if (authorization) await orderRepository.saveAuthorization(trx, { ...authorization, order_id: reusable.id });
          return { ...reusable, pay_type: form.pay_type, pay_source: form.pay_source, ...precheckColumns, ...consent, ...record };
        }
        created = true;
        const inserted = await orderRepository.insertOrder(trx, {
          public_id: newPublicOrderId(),
          out_trade_no: newOrderNumber(current),
          corp_id: visitor.corpId,
          goods_id: goods.id,
          goods_type: goods.type,
          goods_name: goods.name,
          entity_name: form.entity_name,
          entity_id: form.entity_id,
          entity_legal: form.entity_legal,
          entity_idno_enc: vault.encrypt(form.entity_idno),
          entity_idno_hash: idnoHash,
          entity_phone: form.entity_phone,
          entity_extra: JSON.stringify(form.entity_extra ?? null),
          extra: JSON.stringify(form.extra ?? {}),
          status: ORDER_STATUS.unpaid,
          process_status: PROCESS_STATUS.pending,
          process_status_name: PROCESS_STATUS_NAMES[PROCESS_STATUS.pending],
          pay_type: form.pay_type,
          pay_source: form.pay_source,
          // The price for this company's kind, the server's own reading of the form (never a client's amount).
          total_fee: priceForCustomer(goods, form.entity_id, form.entity_name),
          pay_time: null,
          admin_id: null,
          platform: form.source,
          device_id: visitor.deviceId,
          link_id: visitor.linkId,
          share_id: visitor.shareId,
          prev_id: visitor.prevId,
          user_id: userId,
          consent_version: agreement.version,
          consent_time: nowIso,
          idno_consent_version: ID_NUMBER_CONSENT_VERSION,
          idno_consent_time: nowIso,
          ...precheckColumns,
          credit_record: creditRecord ?? null,
          channel,
          create_time: nowIso,
          update_time: nowIso,
        });
        if (authorization) await orderRepository.saveAuthorization(trx, { ...authorization, order_id: inserted.id });
        return inserted;
      };
      const opened = await withFreshOrderNumbers(place);
      const order = opened.input.order;
      if (created) deps.metrics?.ordersCreated.inc({ goods_type: goods.type });

      const payment = await deps.payments.askProvider(opened);
      // The edit key goes to this answer only (a reused order gets it again: it is derived, decision 012).
      const base = { isPaied: false, orderId: order.public_id, payFee: order.total_fee, editKey: vault.capability('order.declaration', order.public_id) };
      switch (payment.kind) {
        case 'qr':
          return { ...base, qrcodeUrl: payment.content, qrcode: payment.content };
        case 'redirect':
          // A desktop redirect (Alipay page.pay, when configured) is also offered as jumpUrl.
          return { ...base, h5_url: payment.url, ...(form.pay_source === 'native' ? { jumpUrl: payment.url } : {}) };
        case 'jsapi':
          return { ...base, payParam: JSON.stringify(payment.params) };
      }
    },

    async getOrderForVisitor(publicId) {
      let order = await orderRepository.findByPublicId(db, publicId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (isOrderUnpaid(order.status)) {
        // Read again only when a provider was asked (at most every 2 s per attempt, decision 024):
        // otherwise nothing changed it since the read above, and a paying page polls every second.
        if (await deps.payments.reconcileOrder(order)) order = (await orderRepository.findById(db, order.id)) ?? order;
      }
      return toRecord(order);
    },

    async getOrderForDevice(publicId, proof) {
      let order = await orderRepository.findByPublicId(db, publicId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      // As getOrderForVisitor: the paying page polls with the key, but its status must move either way.
      if (isOrderUnpaid(order.status) && (await deps.payments.reconcileOrder(order))) order = (await orderRepository.findById(db, order.id)) ?? order;
      const owner = proof.userId !== undefined && order.user_id !== null && order.user_id === proof.userId;
      const whole =
        owner ||
        vault.checkCapability('order.declaration', order.public_id, proof.key) ||
        (!!order.entity_phone && checkPhoneToken(vault, order.entity_phone, proof.phoneToken, now()));
      if (!whole) return { ...maskedView(order), id: order.public_id };
      return toRecord(order);
    },

    async listOrdersByPhone(rawPhone, proof = {}) {
      const phone = filterPhoneInput(rawPhone ?? '').value;
      if (!phone) throw new AppError('PHONE_EMPTY');
      if (!isValidMobilePhone(phone)) throw new AppError('PHONE_INVALID');
      const rows = await orderRepository.listPaidByPhone(db, phone, PHONE_LOOKUP_LIMIT);
      const verified = checkPhoneToken(vault, phone, proof.phoneToken, now());
      const keys = presentedKeys(proof.keys);
      const orders = await Promise.all(
        rows.map(async (row): Promise<LookupOrder> =>
          verified || vault.checkCapability('order.declaration', row.public_id, keys.get(row.public_id)) ? { access: 'full', ...(await toRecord(row)) } : maskedView(row),
        ),
      );
      return { verified, orders };
    },

    async saveDeclaration({ publicId, entityExtra, proof }) {
      const order = await orderRepository.findByPublicId(db, publicId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      // Before anything about the order's state: a visitor without the right learns nothing more.
      const owner = proof.userId !== undefined && order.user_id !== null && order.user_id === proof.userId;
      if (!owner && !vault.checkCapability('order.declaration', order.public_id, proof.editKey)) throw new AppError('ORDER_EDIT_FORBIDDEN');
      if (!isDeclarationEditable(order)) throw new AppError('ORDER_NOT_EDITABLE');
      const checked = validateDeclaration(entityExtra, order.entity_name);
      if (!checked.ok) throw new AppError(checked.error);
      const saved = await orderRepository.updateEntityExtra(db, { id: order.id, entityExtra: JSON.stringify(checked.value), now: now().toISOString() });
      if (!saved) throw new AppError('ORDER_NOT_EDITABLE');
      return toRecord({ ...order, entity_extra: JSON.stringify(checked.value) });
    },

    recordOf: toRecord,

    async findPrevInfo(publicId) {
      if (!publicId) return null;
      const order = await orderRepository.findByPublicId(db, publicId);
      if (!order) return null;
      return {
        goods_id: order.goods_id,
        entity_name: order.entity_name,
        entity_id: order.entity_id,
        entity_legal: order.entity_legal,
        entity_phone: order.entity_phone,
      };
    },
  };
}
