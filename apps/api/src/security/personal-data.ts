import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The legal representative's ID number at rest (architecture §5, §10): AES-256-GCM
 * ciphertext, base64(iv ‖ tag ‖ data), plus a keyed hash beside it so lookups never
 * need to decrypt. Responses carry only the masked form.
 */
export interface PersonalDataVault {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  hash(plain: string): string;
}

export function createPersonalDataVault(keys: { encryptionKey: Buffer; hashKey: string }): PersonalDataVault {
  if (keys.encryptionKey.length !== 32) throw new RangeError('the ID encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.encryptionKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    decrypt(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', keys.encryptionKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    hash(plain) {
      return createHmac('sha256', keys.hashKey).update(plain, 'utf8').digest('hex');
    },
  };
}
