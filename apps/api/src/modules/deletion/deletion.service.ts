import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AppError,
  checkDeletionCode,
  DELETION_CODE_LENGTH,
  DELETION_CODE_TTL_MS,
  DELETION_STATUS,
  DELETION_STATUS_NAMES,
  deletionCodeAllowed,
  isDeletionCode,
  isValidMobilePhone,
  maskPhone,
  renderSms,
  type ConsoleDeletionRequest,
  type ConsolePage,
  type DeletionConfirmResponse,
  type DeletionStatus,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { SmsProvider } from '../../providers/sms/port.ts';
import { hashOneTimeCode as hashCode, newOneTimeCode, oneTimeCodeMatches as codeMatches } from '../../security/one-time-code.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { writeAudit } from '../audit/index.ts';
import { clearFeedbackContact } from '../feedback/index.ts';
import { orderDeletion } from '../order/index.ts';
import { forgetSmsLogPhone } from '../sms/index.ts';
import { deletionRepository } from './deletion.repository.ts';

/**
 * The visitor's own deletion request (docs/decisions/037-visitor-deletion-request.md). The phone the
 * visitor looked their orders up with receives a one-time code through the SMS port; the code is
 * stored only as a salted hash, expires after 10 minutes, and dies after 5 wrong tries. Once it is
 * confirmed, every order placed with that phone is covered: closed orders lose their personal data
 * in the same transaction, open ones when they close (the retention sweep calls
 * `purgeWaitingDeletions`).
 */
export interface DeletionService {
  sendCode(phone: string): Promise<{ expires_in: number }>;
  confirm(phone: string, code: string): Promise<DeletionConfirmResponse>;
  list(query: { page: number; page_size: number }): Promise<ConsolePage<ConsoleDeletionRequest>>;
  /** The confirmed requests that cover an order (the console's order page says so). */
  forOrder(orderId: number): Promise<Array<{ id: number; confirmed_at: string; status_name: string; purged_at: string | null }>>;
}

const DAY_MS = 24 * 3600 * 1000;

export function createDeletionService(deps: { db: Kysely<Database>; now: () => Date; vault: PersonalDataVault; sms: SmsProvider; log: FastifyBaseLogger }): DeletionService {
  const { db, now } = deps;
  // The phone's keyed hash, labelled apart from the ID-number hash that shares the key.
  const phoneHash = (phone: string) => deps.vault.hash(`deletion-request-phone\n${phone}`);

  return {
    async sendCode(phone) {
      if (!isValidMobilePhone(phone)) throw new AppError('PHONE_INVALID');
      const at = now();
      // A phone without orders gets the same answer, limits and stored request as a customer's, only
      // no SMS: the request must not tell a stranger which phones are customers (decision 049).
      const orders = await orderDeletion.ordersOfPhone(db, phone);
      const hash = phoneHash(phone);
      const sent = await deletionRepository.codesSentSince(db, hash, new Date(at.getTime() - DAY_MS).toISOString());
      const allowed = deletionCodeAllowed({ sentInLastDay: sent.sent, lastSentAt: sent.last, now: at });
      if (allowed === 'too_soon') throw new AppError('DELETION_CODE_TOO_SOON');
      if (allowed === 'too_many') throw new AppError('RATE_LIMITED');

      const code = newOneTimeCode(DELETION_CODE_LENGTH);
      const row = { codeHash: hashCode(code), expiresAt: new Date(at.getTime() + DELETION_CODE_TTL_MS).toISOString(), at: at.toISOString() };
      const open = await deletionRepository.findOpen(db, hash);
      if (open) await deletionRepository.replaceCode(db, open.id, row);
      else await deletionRepository.insertWithCode(db, { ...row, phoneHash: hash, phoneMasked: maskPhone(phone) });

      if (orders.length > 0) {
        const params = { code };
        // Not awaited: how long the provider takes must not tell whether this phone is a customer.
        void deps.sms
          .send({ phone, template: 'deletion_code', params, text: renderSms('deletion_code', params), idempotencyKey: `deletion-${hash.slice(0, 16)}-${row.at}` })
          .then((result) => {
            if (!result.ok) deps.log.warn({ template: 'deletion_code' }, 'deletion code SMS not sent');
          })
          .catch((error: unknown) => deps.log.warn({ err: error, template: 'deletion_code' }, 'deletion code SMS failed'));
      }
      return { expires_in: DELETION_CODE_TTL_MS / 1000 };
    },

    async confirm(phone, code) {
      if (!isValidMobilePhone(phone)) throw new AppError('PHONE_INVALID');
      const at = now();
      const request = await deletionRepository.findOpen(db, phoneHash(phone));
      if (!request) throw new AppError('DELETION_CODE_MISSING');
      const check = checkDeletionCode({
        status: request.status,
        codeExpiresAt: request.code_expires_at,
        attempts: request.code_attempts,
        matches: isDeletionCode(code) && codeMatches(code, request.code_hash),
        now: at,
      });
      if (check === 'locked') {
        await deletionRepository.lock(db, request.id);
        throw new AppError('DELETION_CODE_LOCKED');
      }
      if (check === 'none') throw new AppError('DELETION_CODE_MISSING');
      if (check === 'expired') throw new AppError('DELETION_CODE_EXPIRED');
      if (check === 'wrong') {
        await deletionRepository.countWrongCode(db, request.id);
        throw new AppError('DELETION_CODE_WRONG');
      }

      const atIso = at.toISOString();
      return db.transaction().execute(async (trx) => {
        const orders = await orderDeletion.ordersOfPhone(trx, phone);
        const purged = new Set(await orderDeletion.purgeClosed(trx, { ids: orders.map((order) => order.id), at: atIso }));
        const waiting = orders.length - purged.size;
        const status = waiting === 0 ? DELETION_STATUS.completed : DELETION_STATUS.waiting;
        // A second confirmation racing this one finds the request no longer waiting for its code.
        if (!(await deletionRepository.confirm(trx, request.id, { at: atIso, status }))) throw new AppError('DELETION_CODE_MISSING');
        await deletionRepository.insertOrders(trx, request.id, orders.map((order) => ({ ...order, purgedAt: purged.has(order.id) ? atIso : null })));
        // Outside the orders (decision 045): the SMS log's rows to this phone keep it masked, without
        // their texts, and complaints whose contact is this phone lose it. Open orders' later notices
        // are forgotten when the order is purged (purgeWaitingDeletions).
        await forgetSmsLogPhone(trx, { phone });
        await clearFeedbackContact(trx, phone);
        await writeAudit(trx, null, { action: 'deletion.confirm', targetType: 'deletion_request', targetId: String(request.id), after: { orders: orders.map((order) => order.out_trade_no), purged: purged.size, waiting } }, at);
        return { purged: purged.size, waiting };
      });
    },

    async forOrder(orderId) {
      const rows = await deletionRepository.listForOrder(db, orderId);
      return rows.filter((row) => row.confirmed_at !== null).map((row) => ({ id: row.id, confirmed_at: row.confirmed_at!, status_name: DELETION_STATUS_NAMES[row.status as DeletionStatus] ?? row.status, purged_at: row.purged_at }));
    },

    async list(query) {
      const [rows, total] = await Promise.all([deletionRepository.list(db, { limit: query.page_size, offset: (query.page - 1) * query.page_size }), deletionRepository.count(db)]);
      const orders = await deletionRepository.listOrdersOf(db, rows.map((row) => row.id));
      return {
        total,
        page: query.page,
        page_size: query.page_size,
        items: rows.map((row) => ({
          id: row.id,
          phone_masked: row.phone_masked,
          status: row.status,
          status_name: DELETION_STATUS_NAMES[row.status as DeletionStatus] ?? row.status,
          created_at: row.created_at,
          confirmed_at: row.confirmed_at,
          completed_at: row.completed_at,
          orders: orders.filter((order) => order.request_id === row.id).map((order) => ({ out_trade_no: order.out_trade_no, purged_at: order.purged_at })),
        })),
      };
    },
  };
}

/**
 * One step of the retention sweep (jobs/retention-sweep.ts): orders of confirmed requests that have
 * closed since lose their personal data, and requests with nothing left are completed. Returns the
 * number of orders purged.
 */
export async function purgeWaitingDeletions(db: Kysely<Database>, input: { at: string; limit: number }): Promise<number> {
  const waiting = await deletionRepository.listWaitingOrders(db, input.limit);
  if (waiting.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const purged = await orderDeletion.purgeClosed(trx, { ids: waiting.map((row) => row.order_id), at: input.at });
    await deletionRepository.markOrdersPurged(trx, purged, input.at);
    await forgetSmsLogPhone(trx, { orderIds: purged });
    const requests = new Set(waiting.filter((row) => purged.includes(row.order_id)).map((row) => row.request_id));
    await deletionRepository.completeFinished(trx, [...requests], input.at);
    return purged.length;
  });
}
