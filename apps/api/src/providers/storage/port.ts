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

/** 32 hex characters and an image or PDF extension: nothing a path could be built from. */
export const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|pdf)$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new RangeError(`invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

export function contentTypeOfKey(key: string): string {
  // PDF: a customer's document (docs/decisions/062-templates-and-customer-uploads.md).
  return key.endsWith('.png') ? 'image/png' : key.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
}
