import path from 'node:path';
import { settingsNeededBy } from './errors.ts';
import { repoRoot } from './paths.ts';
import type { Env } from './env-schema.ts';

export interface StorageConfig {
  provider: 'disk' | 's3';
  uploadsDir: string;
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string } | undefined;
}

/** File storage settings; S3's missing keys go into `missing` (the caller throws naming them all). */
export function storageSettings(e: Env, missing: string[]): StorageConfig {
  const need = settingsNeededBy(e, missing);
  const s3 =
    e.STORAGE_PROVIDER === 's3'
      ? {
          endpoint: need('S3_ENDPOINT', 'STORAGE_PROVIDER=s3').replace(/\/$/, ''),
          region: e.S3_REGION,
          bucket: need('S3_BUCKET', 'STORAGE_PROVIDER=s3'),
          accessKeyId: need('S3_ACCESS_KEY_ID', 'STORAGE_PROVIDER=s3'),
          secretAccessKey: need('S3_SECRET_ACCESS_KEY', 'STORAGE_PROVIDER=s3'),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined;
  // Uploads live beside the embedded database unless told otherwise (tests and e2e runs get their own).
  const sqliteDir = path.dirname(path.resolve(repoRoot, e.SQLITE_FILE));
  return { provider: e.STORAGE_PROVIDER, uploadsDir: path.resolve(repoRoot, e.UPLOADS_DIR ?? path.join(sqliteDir, 'uploads')), s3 };
}
