import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue 3's budget: the JavaScript a phone downloads to show the home route. */
export const HOME_ROUTE_BUDGET_KB = 90;

type OutputChunk = { type: 'chunk'; code: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; fileName: string };
type OutputBundle = Record<string, OutputChunk | { type: 'asset' }>;

/** The entry, the lazy home chunk, and everything they import statically (what '/' loads before it renders). */
export function homeRouteChunks(bundle: OutputBundle, homeModuleSuffix: string): OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const roots = chunks.filter((chunk) => chunk.isEntry || (chunk.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(homeModuleSuffix));
  const needed = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (needed.has(chunk.fileName)) return;
    needed.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  roots.forEach(visit);
  return [...needed.values()];
}

/**
 * Prints the home route's gzipped JS after every build, chunk by chunk, and warns when it is over
 * the budget. It warns rather than fails because the route is over budget today (react-dom alone is
 * about 57 kB gzip); the number is in the build output so the work to bring it down can be measured.
 */
export function homeRouteBudget(options: { homeModuleSuffix: string; budgetKb: number }): Plugin {
  return {
    name: 'kuaibao-home-route-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = homeRouteChunks(bundle as unknown as OutputBundle, options.homeModuleSuffix);
      if (!chunks.some((chunk) => !chunk.isEntry)) this.error(`home route budget: no chunk for ${options.homeModuleSuffix}`);
      const gzipBytes = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
      const kb = gzipBytes / 1000;
      const line = `home route JS: ${kb.toFixed(1)} kB gzip in ${chunks.length} chunks (budget ${options.budgetKb} kB)`;
      const parts = chunks
        .map((chunk) => ({ name: chunk.fileName, kb: gzipSync(chunk.code, { level: 9 }).length / 1000 }))
        .sort((a, b) => b.kb - a.kb)
        .map((part) => `  ${part.kb.toFixed(1).padStart(6)} kB  ${part.name}`);
      const report = `${line}\n${parts.join('\n')}`;
      console.log(`\n${report}`);
      if (kb > options.budgetKb) this.warn(`home route JS is over its ${options.budgetKb} kB budget by ${(kb - options.budgetKb).toFixed(1)} kB`);
    },
  };
}
