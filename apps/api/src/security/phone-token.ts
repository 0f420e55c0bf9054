import { LOOKUP_PHONE_TOKEN_TTL_MS } from '@kuaibao/domain';
import type { PersonalDataVault } from './personal-data.ts';

/**
 * The proof that a device typed the SMS code sent to a phone (docs/decisions/049-phone-lookup-masked-until-proven.md):
 * `<expiry in epoch seconds>.<capability over the phone and that expiry>`. Signed with the vault's
 * capability key, so a client cannot make one, move one to another phone or stretch its expiry; not
 * stored, so nothing to clean up (it simply expires after 30 days).
 */
export function issuePhoneToken(vault: PersonalDataVault, phone: string, now: Date): { token: string; expiresAt: string } {
  const expires = Math.floor((now.getTime() + LOOKUP_PHONE_TOKEN_TTL_MS) / 1000);
  return { token: `${expires}.${vault.capability('lookup.phone', `${phone}\n${expires}`)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Whether `token` proves `phone` now: well-formed, not expired, and signed for this phone and this expiry. */
export function checkPhoneToken(vault: PersonalDataVault, phone: string, token: string | undefined, now: Date): boolean {
  const match = token ? /^(\d{1,12})\.([\w-]{32})$/.exec(token) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  return vault.checkCapability('lookup.phone', `${phone}\n${expires}`, match[2]);
}
