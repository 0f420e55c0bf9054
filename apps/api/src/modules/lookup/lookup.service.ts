import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  checkDeletionCode,
  DELETION_CODE_LENGTH,
  DELETION_CODE_RESEND_MS,
  DELETION_CODE_TTL_MS,
  deletionCodeAllowed,
  filterPhoneInput,
  isDeletionCode,
  isValidMobilePhone,
  renderSms,
  type LookupCodeResponse,
  type LookupVerifyResponse,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { SmsProvider } from '../../providers/sms/port.ts';
import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from '../../security/one-time-code.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { issuePhoneToken } from '../../security/phone-token.ts';
import { phoneHasPaidOrders } from '../order/index.ts';
import { lookupRepository } from './lookup.repository.ts';

/**
 * The SMS code that opens the phone lookup's full view (docs/decisions/049-phone-lookup-masked-until-proven.md),
 * with the deletion request's code rules (decision 037): one a minute and five a day per phone, ten
 * minutes, five tries. Asking for a code answers the same whether or not the phone has orders: the
 * row, the limits and the answer are the same; only a phone with paid orders is sent the SMS, and
 * the answer does not wait for it (its time would tell).
 */
export interface LookupService {
  sendCode(rawPhone: string): Promise<LookupCodeResponse>;
  verify(rawPhone: string, code: string): Promise<LookupVerifyResponse>;
}

const DAY_MS = 24 * 3600 * 1000;

function phoneOf(raw: string): string {
  const phone = filterPhoneInput(raw).value;
  if (!phone) throw new AppError('PHONE_EMPTY');
  if (!isValidMobilePhone(phone)) throw new AppError('PHONE_INVALID');
  return phone;
}

export function createLookupService(deps: { db: Kysely<Database>; now: () => Date; vault: PersonalDataVault; sms: SmsProvider; log: FastifyBaseLogger }): LookupService {
  const { db, now } = deps;
  // Labelled apart from the deletion request's hash of the same phone.
  const phoneHash = (phone: string) => deps.vault.hash(`lookup-code-phone\n${phone}`);

  return {
    async sendCode(rawPhone) {
      const phone = phoneOf(rawPhone);
      const at = now();
      const hash = phoneHash(phone);
      const dayAgo = new Date(at.getTime() - DAY_MS).toISOString();
      await lookupRepository.deleteBefore(db, dayAgo);
      const sent = await lookupRepository.codesSince(db, hash, dayAgo);
      const allowed = deletionCodeAllowed({ sentInLastDay: sent.sent, lastSentAt: sent.last, now: at });
      if (allowed === 'too_soon') throw new AppError('DELETION_CODE_TOO_SOON');
      if (allowed === 'too_many') throw new AppError('RATE_LIMITED');

      const code = newOneTimeCode(DELETION_CODE_LENGTH);
      const row = { phoneHash: hash, codeHash: hashOneTimeCode(code), expiresAt: new Date(at.getTime() + DELETION_CODE_TTL_MS).toISOString(), at: at.toISOString() };
      await lookupRepository.insert(db, row);
      if (await phoneHasPaidOrders(db, phone)) {
        const params = { code };
        // Not awaited: how long the provider takes must not tell whether this phone is a customer.
        void deps.sms
          .send({ phone, template: 'lookup_code', params, text: renderSms('lookup_code', params), idempotencyKey: `lookup-${hash.slice(0, 16)}-${row.at}` })
          .then((result) => {
            if (!result.ok) deps.log.warn({ template: 'lookup_code' }, 'lookup code SMS not sent');
          })
          .catch((error: unknown) => deps.log.warn({ err: error, template: 'lookup_code' }, 'lookup code SMS failed'));
      }
      return { expires_in: DELETION_CODE_TTL_MS / 1000, resend_in: DELETION_CODE_RESEND_MS / 1000 };
    },

    async verify(rawPhone, code) {
      const phone = phoneOf(rawPhone);
      const at = now();
      const row = await lookupRepository.latest(db, phoneHash(phone));
      if (!row) throw new AppError('DELETION_CODE_MISSING');
      const check = checkDeletionCode({
        status: row.status,
        codeExpiresAt: row.code_expires_at,
        attempts: row.code_attempts,
        matches: isDeletionCode(code) && oneTimeCodeMatches(code, row.code_hash),
        now: at,
      });
      if (check === 'locked') {
        await lookupRepository.lock(db, row.id);
        throw new AppError('DELETION_CODE_LOCKED');
      }
      if (check === 'none') throw new AppError('DELETION_CODE_MISSING');
      if (check === 'expired') throw new AppError('DELETION_CODE_EXPIRED');
      if (check === 'wrong') {
        await lookupRepository.countWrongCode(db, row.id);
        throw new AppError('DELETION_CODE_WRONG');
      }
      if (!(await lookupRepository.markUsed(db, row.id))) throw new AppError('DELETION_CODE_MISSING');
      const { token, expiresAt } = issuePhoneToken(deps.vault, phone, at);
      return { phone_token: token, expires_at: expiresAt };
    },
  };
}
