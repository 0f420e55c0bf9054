import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeOfKey, type StorageProvider } from './port.ts';

/** Files in one directory (default ./data/uploads), written to a temporary name and renamed, so a reader never sees half a file. */
export function createDiskStorage(deps: { dir: string }): StorageProvider {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(deps.dir, key);
  };
  return {
    id: 'disk',
    async put({ key, body }) {
      const file = fileOf(key);
      await mkdir(deps.dir, { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
