import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The one-time SMS codes of the progress page: the deletion request's (decision 037) and the phone
 * lookup's (decision 049), one implementation. The rules on when a code may be sent and typed are
 * the domain's (`deletionCodeAllowed`, `checkDeletionCode` in packages/domain/src/deletion-request.ts).
 */
export function newOneTimeCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** salt$sha256(salt:code): no code is stored as typed, so a backup or a log of the row does not hold one. */
export function hashOneTimeCode(code: string): string {
  const salt = randomBytes(12).toString('hex');
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function oneTimeCodeMatches(code: string, stored: string | null): boolean {
  if (!stored) return false;
  const [salt, digest] = stored.split('$');
  if (!salt || !digest) return false;
  const typed = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(digest, 'hex');
  return expected.length === typed.length && timingSafeEqual(typed, expected);
}
