import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built web app's manifest: source file → chunk (chunk names are hashes only, decision 011). */
const MANIFEST = fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url));

/** A pattern for the address of the chunk built from `source` (e.g. 'src/payment/pay-page.tsx'). */
export function chunkUrlOf(source: string): RegExp {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`no chunk for ${source} in ${MANIFEST}: build the web app first`);
  return new RegExp(`/${entry.file.replaceAll('.', '\\.')}$`);
}
