import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Decision 030's budget: the JavaScript a browser downloads to show the sign-in page, gzipped. */
export const SIGN_IN_BUDGET_KB = 200;

/** One record of Vite's build manifest (dist/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The script files the sign-in page loads before it renders: every entry and what it imports
 * statically, and the sign-in page's own chunk when it is a lazy one (with its static imports).
 * Lazy chunks the entry only imports dynamically are not counted: the page does not wait for them.
 */
export function signInFiles(manifest: Manifest, signInSource: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  if (manifest[signInSource]) visit(signInSource);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * What the chunking must keep true (decision 030), as messages; empty when all holds:
 * one vendor chunk, loaded by the sign-in page; every page under `routesDir` a chunk of its own,
 * which is neither the vendor chunk nor loaded by the sign-in page (else a route change would not
 * be "that route's chunk" only, or the first page would pay for every route).
 */
export function chunkingProblems(manifest: Manifest, options: { signInSource: string; routesDir: string; vendorName: string }): string[] {
  const problems: string[] = [];
  const signIn = new Set(signInFiles(manifest, options.signInSource));
  const vendors = Object.values(manifest).filter((chunk) => chunk.name === options.vendorName && !chunk.src);
  if (vendors.length !== 1) problems.push(`expected one '${options.vendorName}' chunk, found ${vendors.length}`);
  const vendor = vendors[0];
  if (vendor && !signIn.has(vendor.file)) problems.push(`the sign-in page does not load the '${options.vendorName}' chunk`);
  const routes = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith(options.routesDir));
  if (routes.length === 0) problems.push(`no lazy route chunk under ${options.routesDir}`);
  for (const [key, chunk] of routes) {
    if (vendor && chunk.file === vendor.file) problems.push(`${key} is inside the vendor chunk`);
    if (signIn.has(chunk.file)) problems.push(`${key} is loaded by the sign-in page`);
  }
  return problems;
}

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1000;

/** The sign-in page's JavaScript as built into `dir`, file by file, gzip level 9 (what a browser transfers). */
export function measureSignIn(dir: string, signInSource: string): { kb: number; parts: Array<{ file: string; kb: number }>; manifest: Manifest } {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const parts = signInFiles(manifest, signInSource)
    .map((file) => ({ file, kb: gzipKb(readFileSync(path.join(dir, file))) }))
    .sort((a, b) => b.kb - a.kb);
  return { kb: parts.reduce((sum, part) => sum + part.kb, 0), parts, manifest };
}

/**
 * After every build: prints the sign-in page's gzipped JavaScript chunk by chunk, and fails the
 * build above the budget or when the chunking rules above break.
 */
export function signInBudget(options: { signInSource: string; routesDir: string; vendorName: string; budgetKb: number }): Plugin {
  return {
    name: 'kuaibao-sign-in-budget',
    apply: 'build',
    // writeBundle: the manifest and the final chunks (with Vite's preload lists) are on disk by then.
    writeBundle(output) {
      const { kb, parts, manifest } = measureSignIn(output.dir ?? '', options.signInSource);
      const lines = parts.map((part) => `  ${part.kb.toFixed(1).padStart(6)} kB  ${part.file}`);
      console.log(`\nconsole sign-in JS: ${kb.toFixed(1)} kB gzip in ${parts.length} file(s) (budget ${options.budgetKb} kB)\n${lines.join('\n')}`);
      const problems = chunkingProblems(manifest, options);
      if (problems.length > 0) this.error(`console chunking: ${problems.join('; ')}`);
      if (kb > options.budgetKb) this.error(`console sign-in JS is over its ${options.budgetKb} kB budget by ${(kb - options.budgetKb).toFixed(1)} kB`);
    },
  };
}
