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
    generateBundle(_output, bundle) {
      const files = Object.values(bundle).flatMap((item) => {
        if (!COMPRESSIBLE.test(item.fileName)) return [];
        const content = item.type === 'chunk' ? item.code : item.source;
        const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
        return bytes.length < MIN_BYTES ? [] : [{ fileName: item.fileName, bytes }];
      });
      for (const { fileName, bytes } of files) {
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(bytes, { level: 9 }) });
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
        this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotli });
      }
    },
  };
}
