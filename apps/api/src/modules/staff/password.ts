import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff passwords: scrypt (N=2^15, r=8, p=1, 32 MiB), stored as
 * `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost can be raised later without a
 * migration (verification reads the parameters from the stored value).
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 256 * (options.N ?? 1) * (options.r ?? 8) }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (!N || !r || !p || expected.length === 0) return false;
  const key = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(key, expected);
}

/** Verified against when the username is unknown, so a miss costs as long as a wrong password. */
export const DUMMY_PASSWORD_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/** A first-admin password: 16 characters from an unambiguous alphabet, with letters and digits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = randomBytes(16);
    const password = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}
