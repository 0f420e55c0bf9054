import path from 'node:path';

/** Relative paths in settings (SQLITE_FILE, WEB_DIST, key files …) are read from the repository root. */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
