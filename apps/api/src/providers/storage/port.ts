/**
 * The file storage port: completion screenshots and any other upload. Disk under ./data/uploads
 * is the default; an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS in S3 mode)
 * is the alternative. Keys are ours (random names, see STORAGE_KEY_PATTERN); the API serves
 * objects at /uploads/<key> whatever the backend, so URLs never change when the backend does.
 * Infrastructure failures throw; a missing object is `undefined`.
 */
export type StorageProviderId = 'disk' | 's3';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface StorageProvider {
  readonly id: StorageProviderId;
  put(input: { key: string; body: Buffer; contentType: string }): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** 32 hex characters and an image or PDF extension (a customer's document, docs/decisions/062-templates-and-customer-uploads.md): nothing a path could be built from. */
export const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|pdf)$/;
/**
 * Issued invoices (docs/decisions/060-invoices.md): PDF or OFD. Never served at /uploads/ (that route
 * takes STORAGE_KEY_PATTERN only): the customer's link is signed, the console's needs a session.
 */
export const INVOICE_STORAGE_KEY_PATTERN = /^[0-9a-f]{32}\.(pdf|ofd)$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) && !INVOICE_STORAGE_KEY_PATTERN.test(key)) throw new RangeError(`invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

export function contentTypeOfKey(key: string): string {
  if (key.endsWith('.pdf')) return 'application/pdf';
  if (key.endsWith('.ofd')) return 'application/ofd';
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
