import type { StorageConfig } from '../../config.ts';
import { createDiskStorage } from './disk.provider.ts';
import type { StorageProvider } from './port.ts';
import { createS3Storage } from './s3.provider.ts';

export type { StorageProvider, StoredObject } from './port.ts';

/** The configured storage (config.ts has already refused unknown names and missing keys). */
export function buildStorage(config: StorageConfig): StorageProvider {
  return config.provider === 's3' ? createS3Storage(config.s3!) : createDiskStorage({ dir: config.uploadsDir });
}
