import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every built text asset, once at build time (brotli 11, gzip 9),
 * so the server sends them without compressing per request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'kuaibao-precompress',
    apply: 'build',
    // writeBundle, not generateBundle: Vite rewrites the chunks (preload lists) after generateBundle,
    // so only the files on disk are final.
    writeBundle(output, bundle) {
      const dir = output.dir ?? '';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      }
    },
  };
}
