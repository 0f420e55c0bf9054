import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph's rules, checked by `npm run lint` after the boundary check:
 *
 *   deep   code outside apps/api/src/modules/<m>/ imports that module only through modules/<m>/index.ts,
 *          the list of what the module offers the rest of the server (tests may reach in: they
 *          arrange what they check)
 *   cycle  no import cycle among the source files of apps/, packages/, scripts/ and e2e/: relative
 *          imports and @kuaibao/* workspace imports, resolved to files; `import type` counts too,
 *          since two files whose types need each other cannot be read, moved or split apart
 *   name   no two non-test source files under apps/api/src share a base name, so a stack trace, a
 *          search or an import names one file; the names a folder's role fixes are exempt
 *          (NAME_EXEMPT says which and why)
 *
 * The imports are read by a small scanner that skips comments and the text of strings and
 * templates, so a test's fixture ("import … from '…'" inside a string) is not an import.
 */

export type ImportRule = 'deep' | 'cycle' | 'name';

export interface ImportViolation {
  rule: ImportRule;
  /** The importing file (deep), the first file of the cycle (cycle), a file with the shared name (name). */
  file: string;
  line: number;
  message: string;
}

export interface ImportAllowlist {
  /**
   * By module, the importers that may still reach inside it. Entries may only be removed; one whose
   * importer no longer reaches inside that module is reported as stale.
   */
  deep: Readonly<Record<string, readonly string[]>>;
  /** Base names that may still be shared under apps/api/src; stale once only one file has it. */
  name: readonly string[];
}

export const ALLOWLIST: ImportAllowlist = {
  deep: {},
  name: [],
};

/**
 * Base names a folder's role fixes, so the folder names the file: `index.ts`, a folder's entry
 * (each module's public list, each provider kind's choice by config); `port.ts`, a provider kind's
 * port (ARCHITECTURE.md#the-providers). The console's route files (modules/console/routes/) are
 * named by the resource whose console routes they hold, one per resource (CONTRIBUTING.md#add-a-route),
 * beside that resource's own routes.
 */
const NAME_EXEMPT = (file: string) => /(^|\/)(index|port)\.tsx?$/.test(file) || file.startsWith('apps/api/src/modules/console/routes/');

const SCANNED_ROOTS = ['apps', 'packages', 'scripts', 'e2e'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'test-results', 'playwright-report']);
const MODULES_DIR = 'apps/api/src/modules/';

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /\.test-support\.tsx?$/.test(file) || file.startsWith('apps/api/src/test/');

export interface ImportStatement {
  specifier: string;
  line: number;
  /** `import type` / `export type`: erased at run time, still a dependency of the file. */
  typeOnly: boolean;
}

// What the code before a string must end with for the string to be an import's specifier, with
// earlier strings replaced by "" (so a `from` in an earlier statement does not count).
const STATIC_FROM = /(?:^|[^.\w$])(import|export)\b([^;"]*?)\bfrom\s*$/;
const BARE_IMPORT = /(?:^|[^.\w$])import\s*$/;
const DYNAMIC_IMPORT = /(?:^|[^.\w$])import\s*\(\s*$/;
// After these a `/` starts a regular expression, not a division.
const BEFORE_REGEX = /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|in|of|void|delete|throw|new|else|do|await|yield))\s*$/;

/** The import and re-export specifiers of one file's text, with their lines. */
export function importsOf(text: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  // The code since the last string or `;` (an import's keywords all come after both), comments dropped.
  let code = '';
  let line = 1;
  let i = 0;
  // Open template literals: each entry counts the braces open in its current `${…}`.
  const templates: number[] = [];
  const n = text.length;

  const readQuoted = (quote: string): string => {
    let value = '';
    i += 1;
    while (i < n && text[i] !== quote && text[i] !== '\n') {
      if (text[i] === '\\' && i + 1 < n) {
        if (text[i + 1] === '\n') line += 1;
        value += text[i + 1];
        i += 2;
      } else {
        value += text[i];
        i += 1;
      }
    }
    if (text[i] === quote) i += 1;
    return value;
  };

  /** Reads template text up to its end or its next `${`; true when it stopped at `${`. */
  const readTemplateText = (): boolean => {
    while (i < n) {
      const c = text[i]!;
      if (c === '\\') {
        if (text[i + 1] === '\n') line += 1;
        i += 2;
      } else if (c === '`') {
        i += 1;
        return false;
      } else if (c === '$' && text[i + 1] === '{') {
        i += 2;
        return true;
      } else {
        if (c === '\n') line += 1;
        i += 1;
      }
    }
    return false;
  };

  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '\n') {
      line += 1;
      code += c;
      i += 1;
    } else if (c === '/' && next === '/') {
      while (i < n && text[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      i += 2;
      while (i < n && !(text[i] === '*' && text[i + 1] === '/')) {
        if (text[i] === '\n') line += 1;
        i += 1;
      }
      i += 2;
      code += ' ';
    } else if (c === '/' && BEFORE_REGEX.test(code)) {
      // A regular expression: skip it (its quotes are not strings). It cannot span lines.
      i += 1;
      let inClass = false;
      while (i < n && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i += 1;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i += 1;
      }
      if (text[i] === '/') i += 1;
      code += '/r/';
    } else if (c === "'" || c === '"') {
      const startLine = line;
      const before = code;
      const value = readQuoted(c);
      const statement = STATIC_FROM.exec(before);
      if (statement) {
        found.push({ specifier: value, line: startLine, typeOnly: /^\s*type\b/.test(statement[2]!) && !/^\s*type\s*,/.test(statement[2]!) });
      } else if (BARE_IMPORT.test(before) || DYNAMIC_IMPORT.test(before)) {
        found.push({ specifier: value, line: startLine, typeOnly: false });
      }
      code = '""';
    } else if (c === '`') {
      i += 1;
      code = '""';
      if (readTemplateText()) templates.push(0);
    } else if (templates.length > 0 && c === '{') {
      templates[templates.length - 1]! += 1;
      code += c;
      i += 1;
    } else if (templates.length > 0 && c === '}') {
      i += 1;
      if (templates[templates.length - 1] === 0) {
        templates.pop();
        if (readTemplateText()) templates.push(0);
      } else {
        templates[templates.length - 1]! -= 1;
        code += c;
      }
    } else if (c === ';') {
      code = ';';
      i += 1;
    } else {
      code += c;
      i += 1;
    }
  }
  return found;
}

/** A workspace package: where it lives and what its `exports` map names. */
export interface Workspace {
  dir: string;
  exports: Record<string, string> | undefined;
}

/** The file an import names, or undefined when it is not one of ours (a package, an asset). */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>, workspaces: ReadonlyMap<string, Workspace>): string | undefined {
  const bare = specifier.replace(/[?#].*$/, '');
  let target: string | undefined;
  if (bare.startsWith('.')) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  } else {
    const match = /^(@kuaibao\/[^/]+)(\/.*)?$/.exec(bare);
    const workspace = match ? workspaces.get(match[1]!) : undefined;
    if (!match || !workspace) return undefined;
    const subpath = `.${match[2] ?? ''}`;
    const exported = workspace.exports ? workspace.exports[subpath] : subpath;
    if (!exported) return undefined;
    target = path.posix.normalize(path.posix.join(workspace.dir, exported));
  }
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return undefined;
}

const moduleOf = (file: string) => (file.startsWith(MODULES_DIR) ? file.slice(MODULES_DIR.length).split('/')[0] : undefined);

interface Edge {
  to: string;
  line: number;
  typeOnly: boolean;
}

/** The strongly connected sets of more than one file (or a file importing itself), by Tarjan's algorithm. */
function cyclicSets(graph: ReadonlyMap<string, Edge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const sets: string[][] = [];
  let counter = 0;
  const visit = (start: string) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge]!.to;
        frame.edge += 1;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter);
          counter += 1;
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const set: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          set.push(member);
        } while (member !== frame.node);
        const selfLoop = set.length === 1 && edges.some((edge) => edge.to === frame.node);
        if (set.length > 1 || selfLoop) sets.push(set.sort());
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return sets.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest cycle through the set's first file, as the files and the import lines that close it. */
function shortestCycle(set: readonly string[], graph: ReadonlyMap<string, Edge[]>): Array<{ file: string; edge: Edge }> {
  const members = new Set(set);
  const start = set[0]!;
  const cameFrom = new Map<string, { file: string; edge: Edge }>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const edge of graph.get(file) ?? []) {
      if (!members.has(edge.to) || cameFrom.has(edge.to)) continue;
      cameFrom.set(edge.to, { file, edge });
      if (edge.to === start) {
        const steps: Array<{ file: string; edge: Edge }> = [];
        let at = start;
        do {
          const step = cameFrom.get(at)!;
          steps.unshift(step);
          at = step.file;
        } while (at !== start);
        return steps;
      }
      queue.push(edge.to);
    }
  }
  return [];
}

export interface ImportReport {
  violations: ImportViolation[];
  /** Allowlist entries that no longer match anything: remove them. */
  stale: string[];
}

/** Checks a set of files (repository-relative paths, forward slashes) against the three rules. */
export function checkImports(files: ReadonlyMap<string, string>, workspaces: ReadonlyMap<string, Workspace>, allowlist: ImportAllowlist = ALLOWLIST): ImportReport {
  const names = new Set(files.keys());
  const graph = new Map<string, Edge[]>();
  const violations: ImportViolation[] = [];
  const deepSeen = new Set<string>();
  for (const [file, text] of files) {
    const edges: Edge[] = [];
    for (const statement of importsOf(text)) {
      const to = resolveImport(file, statement.specifier, names, workspaces);
      if (!to) continue;
      edges.push({ to, line: statement.line, typeOnly: statement.typeOnly });
      const into = moduleOf(to);
      if (!into || moduleOf(file) === into || isTest(file) || to === `${MODULES_DIR}${into}/index.ts`) continue;
      deepSeen.add(`${file} ${into}`);
      if (allowlist.deep[into]?.includes(file)) continue;
      violations.push({ rule: 'deep', file, line: statement.line, message: `imports ${to}: import modules/${into}/index.ts instead (export from it what you need)` });
    }
    graph.set(file, edges);
  }

  for (const set of cyclicSets(graph)) {
    const steps = shortestCycle(set, graph);
    const route = [set[0]!, ...steps.map((step) => `${step.edge.to}${step.edge.typeOnly ? ' (type)' : ''}`)].join('\n      → ');
    const more = set.length > steps.length ? ` (${set.length} files import each other in all: ${set.join(', ')})` : '';
    violations.push({ rule: 'cycle', file: set[0]!, line: steps[0]?.edge.line ?? 1, message: `import cycle:\n      ${route}${more}` });
  }

  const byName = new Map<string, string[]>();
  for (const file of [...names].sort()) {
    if (!file.startsWith('apps/api/src/') || isTest(file) || NAME_EXEMPT(file)) continue;
    const base = path.posix.basename(file);
    byName.set(base, [...(byName.get(base) ?? []), file]);
  }
  const sharedNames = new Set<string>();
  for (const [base, holders] of byName) {
    if (holders.length < 2) continue;
    sharedNames.add(base);
    if (allowlist.name.includes(base)) continue;
    violations.push({ rule: 'name', file: holders[0]!, line: 1, message: `${base} is also the name of ${holders.slice(1).join(', ')}: name each file by what it is` });
  }

  const stale = [
    ...Object.entries(allowlist.deep).flatMap(([into, importers]) =>
      importers.filter((from) => !deepSeen.has(`${from} ${into}`)).map((from) => `ALLOWLIST.deep.${into} lists ${from}, which no longer reaches inside modules/${into}: remove it`),
    ),
    ...allowlist.name.filter((base) => !sharedNames.has(base)).map((base) => `ALLOWLIST.name lists ${base}, which only one file has now: remove it`),
  ];
  return { violations, stale };
}

/** The source files under the code roots, repository-relative with forward slashes. */
function listSourceFiles(root: string): string[] {
  const found: string[] = [];
  const folders = [...SCANNED_ROOTS];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    const entries = existsSync(path.join(root, folder)) ? readdirSync(path.join(root, folder), { withFileTypes: true }) : [];
    for (const entry of entries) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) folders.push(relative);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(relative);
    }
  }
  return found.sort();
}

/** The workspace packages named in the root package.json, by package name. */
export function readWorkspaces(root: string): Map<string, Workspace> {
  const workspaces = new Map<string, Workspace>();
  const patterns: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? [];
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    try {
      return readdirSync(path.join(root, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`);
    } catch {
      return [];
    }
  });
  for (const dir of dirs) {
    let manifest: { name?: string; exports?: Record<string, string> };
    try {
      manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (manifest.name) workspaces.set(manifest.name, { dir, exports: manifest.exports });
  }
  return workspaces;
}

/** Reads every source file under the code roots of the repository at `root` and checks them. */
export function checkRepository(root: string, allowlist: ImportAllowlist = ALLOWLIST): ImportReport {
  const files = new Map(listSourceFiles(root).map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  return checkImports(files, readWorkspaces(root), allowlist);
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  const { violations, stale } = checkRepository(root);
  for (const violation of violations) console.error(`${violation.file}:${violation.line}: [${violation.rule}] ${violation.message}`);
  for (const entry of stale) console.error(`scripts/check-imports.ts: ${entry}`);
  if (violations.length > 0 || stale.length > 0) {
    console.error(`\nimports: ${violations.length} violation(s), ${stale.length} stale allowlist entr${stale.length === 1 ? 'y' : 'ies'} (scripts/check-imports.ts)`);
    process.exitCode = 1;
  } else {
    console.log('imports: ok');
  }
}
