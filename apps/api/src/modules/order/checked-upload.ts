import { randomBytes } from 'node:crypto';
import { AppError, uploadCheck, type ErrorCode } from '@kuaibao/domain';
import type { StorageProvider } from '../../providers/storage/index.ts';

/**
 * The one path of an uploaded file, whoever sends it (a clerk's completion screenshot, a
 * customer's document, docs/decisions/062-templates-and-customer-uploads.md): the domain's check of
 * its bytes (size, signature, no markup), each refusal as the kind's catalog code; then the object
 * under a 128-bit random name, recorded by the caller, and removed again if the record fails.
 */
export function checkedUploadType<T extends string>(
  body: Buffer,
  rules: { maxBytes: number; typeOf: (bytes: Uint8Array) => T | undefined },
  refusals: { MISSING: ErrorCode; TOO_LARGE: ErrorCode; TYPE_INVALID: ErrorCode },
): T {
  const check = uploadCheck(body, rules);
  if (!check.ok) throw new AppError(refusals[check.refusal]);
  return check.type;
}

export async function storeThenRecord<R>(storage: StorageProvider, object: { body: Buffer; type: string; extension: string }, record: (key: string) => Promise<R>): Promise<R> {
  const key = `${randomBytes(16).toString('hex')}.${object.extension}`;
  await storage.put({ key, body: object.body, contentType: object.type });
  try {
    return await record(key);
  } catch (error) {
    // Nothing refers to the object: remove it rather than leave an orphan.
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
