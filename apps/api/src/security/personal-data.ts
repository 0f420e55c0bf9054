import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { createKeyedMac } from './keyed-mac.ts';

/**
 * The legal representative's ID number at rest (ARCHITECTURE.md#who-owns-which-table, docs/product/trust-and-personal-data.md): AES-256-GCM
 * ciphertext, base64(iv ‖ tag ‖ data), plus a keyed hash beside it so lookups never
 * need to decrypt. Responses carry only the masked form. The hash key also derives (under its
 * own label) the capabilities the server hands out, such as an order's edit key (decision 012).
 */
export interface PersonalDataVault {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  hash(plain: string): string;
  /**
   * A capability for `purpose` on `id` (decision 012): base64url, 32 characters (192 bits). Derived,
   * not stored, so it can be handed out again; whoever holds it may do `purpose` to `id`.
   */
  capability(purpose: CapabilityPurpose, id: string): string;
  /** Whether `presented` is that capability; constant time. */
  checkCapability(purpose: CapabilityPurpose, id: string, presented: string | undefined): boolean;
}

/** What a capability lets its holder do. */
export type CapabilityPurpose = 'order.declaration' | 'lookup.phone' | 'invoice.file' | 'reminder.optout';

/** Labels the capability key apart from the ID-number hash, which uses the same secret. */
const CAPABILITY_KEY_INFO = 'kuaibao capability key v1';

export function createPersonalDataVault(keys: { encryptionKey: Buffer; hashKey: string }): PersonalDataVault {
  if (keys.encryptionKey.length !== 32) throw new RangeError('the ID encryption key must be 32 bytes');
  // No new secret: the ID hash key under its own label, so a capability and an ID hash never share a key.
  const capabilities = createKeyedMac(keys.hashKey, CAPABILITY_KEY_INFO);
  // Key objects made once: Node imports a raw key on every cipher or HMAC it is given to, which
  // cost several times the cipher itself on the order poll (decision 029).
  const encryptionKey = createSecretKey(keys.encryptionKey);
  const hashKey = createSecretKey(Buffer.from(keys.hashKey, 'utf8'));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    decrypt(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    hash(plain) {
      return createHmac('sha256', hashKey).update(plain, 'utf8').digest('hex');
    },
    // 24 bytes: 32 base64url characters, 192 bits.
    capability: (purpose, id) => capabilities.tag(`${purpose}\n${id}`, 24),
    checkCapability: (purpose, id, presented) => capabilities.verify(`${purpose}\n${id}`, presented, 24),
  };
}
