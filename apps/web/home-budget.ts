import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The budget of decision 011 (docs/decisions/011-home-route-budget.md): the JavaScript a phone downloads to show the home route. */
export const HOME_ROUTE_BUDGET_KB = 90;

export type OutputChunk = {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  fileName: string;
};
export type OutputBundle = Record<string, OutputChunk | { type: 'asset' }>;

const normalise = (id: string) => id.replaceAll('\\', '/');

/**
 * What '/' loads before it renders: the entry, the chunk holding the home page when it is a
 * separate one, and everything they import statically. Null when no chunk holds the home page.
 */
export function homeRouteChunks(bundle: OutputBundle, homeModuleSuffix: string): OutputChunk[] | null {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const holdsHome = (chunk: OutputChunk) => chunk.moduleIds.some((id) => normalise(id).endsWith(homeModuleSuffix));
  const homeChunk = chunks.find(holdsHome);
  if (!homeChunk) return null;
  const needed = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (needed.has(chunk.fileName)) return;
    needed.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  visit(homeChunk);
  return [...needed.values()];
}

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1000;

/**
 * Prints the home route's gzipped JS after every build, chunk by chunk, and fails the build
 * when it is over the budget (gzip level 9, summed per chunk: what a phone transfers).
 */
export function homeRouteBudget(options: { homeModuleSuffix: string; budgetKb: number }): Plugin {
  return {
    name: 'kuaibao-home-route-budget',
    // The client build only: the prerender's SSR bundle (decision 028) is not what a phone downloads.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // writeBundle, not generateBundle: Vite adds the preload lists after generateBundle, so the files
    // on disk are what a phone downloads.
    writeBundle(output, bundle) {
      const chunks = homeRouteChunks(bundle as unknown as OutputBundle, options.homeModuleSuffix);
      if (!chunks) return this.error(`home route budget: no chunk holds ${options.homeModuleSuffix}`);
      const dir = output.dir ?? '';
      const parts = chunks
        .map((chunk) => ({ name: chunk.fileName, kb: gzipKb(readFileSync(path.join(dir, chunk.fileName))) }))
        .sort((a, b) => b.kb - a.kb);
      const kb = parts.reduce((sum, part) => sum + part.kb, 0);
      const lines = parts.map((part) => `  ${part.kb.toFixed(1).padStart(6)} kB  ${part.name}`);
      console.log(`\nhome route JS: ${kb.toFixed(1)} kB gzip in ${chunks.length} chunk(s) (budget ${options.budgetKb} kB)\n${lines.join('\n')}`);
      if (kb > options.budgetKb) this.error(`home route JS is over its ${options.budgetKb} kB budget by ${(kb - options.budgetKb).toFixed(1)} kB`);
    },
  };
}
