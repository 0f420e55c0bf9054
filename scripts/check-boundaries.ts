import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The code's boundaries, checked by `npm run lint` (after oxlint). oxlint's no-restricted-imports
 * cannot say "another module's repository" or "SQL only in repositories", so this is a small
 * line-based check; decision 019 says why and what each rule protects.
 *
 *   env        process.env is read only in apps/api/src/config (and the tools' own *.config.ts)
 *   sql        Kysely statements and sql`` only in *.repository.ts, apps/api/src/db/** and the seed
 *   repository a module imports no other module's *.repository.ts
 *   domain     packages/domain stays pure: no node:, no DOM globals, no fetch, no process
 *   citation   no comment cites a document outside the repository (the old spec, architecture and research notes: any §)
 *   testing    @kuaibao/testing (the fake gateways) is imported only by tests
 *   status     no bare order status code ('1'…'5') compared with or given to a status field outside packages/domain
 *              (tests excepted: they pin the wire's codes):
 *              ORDER_STATUS, PROCESS_STATUS and the guards of packages/domain/src/lifecycle say what it means
 *
 * Tests (*.test.ts, *.test-support.ts, apps/api/src/test/) may arrange data with SQL; every other
 * rule holds for them too.
 */

export type Rule = 'env' | 'sql' | 'repository' | 'domain' | 'citation' | 'testing' | 'status';

export interface Violation {
  rule: Rule;
  file: string;
  line: number;
  text: string;
}

/**
 * Files allowed to break a rule, with the reason beside each. Empty since issue 12's merge; it must
 * only ever shrink, and a file listed here that no longer breaks its rule is reported, so stale
 * entries do not linger.
 */
export const ALLOWLIST: Readonly<Record<Rule, readonly string[]>> = {
  env: [],
  sql: [],
  repository: [],
  domain: [],
  citation: [],
  testing: [],
  status: [],
};

const SCANNED_ROOTS = ['apps', 'packages', 'e2e', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'test-results', 'playwright-report']);

/** Files a rule does not apply to (besides the allowlist). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /\.test-support\.tsx?$/.test(file) || file.startsWith('apps/api/src/test/');
const isToolConfig = (file: string) => /(^|\/)[a-z.-]*\.config\.(ts|mts|js|mjs)$/.test(file);
const isApiConfig = (file: string) => file === 'apps/api/src/config.ts' || file.startsWith('apps/api/src/config/');

const ENV_USE = /\bprocess\.env\b/;
const SQL_USE = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;
const DOMAIN_IMPURE = /from ['"](node:|fs['"]|path['"]|crypto['"])|\brequire\(|\b(window|document|localStorage|sessionStorage|navigator)\.|\bfetch\(|\bprocess\.|\bBuffer\./;
// Any section sign with a number: the code cited the old documents as "spec §2", "Architecture §8",
// "research search.md §2.6", and by bare number on wrapped comment lines ("§5 "Annual declaration"").
const CITATION = /§\s*\d|\bresearch\/[a-z-]+\.md/i;
// `status === '2'`, `process_status: '2'`, `o.status !== "1"`: a status field next to a bare code.
const STATUS_LITERAL = /\b(status|process_status)['"]?\]?\s*(===|!==|==|!=|:)\s*['"][1-5]['"]/;
const IMPORT_SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/g;

/** A line that is only comment text: code rules skip it (a comment may name process.env). */
function isCommentLine(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*');
}

function moduleOf(file: string): string | undefined {
  return /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1];
}

/** The violations in one file's text; `file` is relative to the repository root, with forward slashes. */
export function checkFile(file: string, text: string): Violation[] {
  const found: Violation[] = [];
  const lines = text.split('\n');
  const add = (rule: Rule, index: number) => found.push({ rule, file, line: index + 1, text: lines[index]!.trim().slice(0, 160) });
  const inApiSrc = file.startsWith('apps/api/src/');
  const inDomain = file.startsWith('packages/domain/');
  const productionCode = (file.startsWith('apps/') || file.startsWith('packages/')) && !file.startsWith('packages/testing/') && !isTest(file);
  const fromModule = moduleOf(file);

  lines.forEach((line, index) => {
    if (CITATION.test(line)) add('citation', index);
    if (isCommentLine(line)) return;
    // The e2e harness is set up by its runner's environment (E2E_PORT), like the tool configs.
    if (ENV_USE.test(line) && !isApiConfig(file) && !isToolConfig(file) && !file.startsWith('e2e/')) add('env', index);
    if (inApiSrc && SQL_USE.test(line) && !file.endsWith('.repository.ts') && !file.startsWith('apps/api/src/db/') && !file.startsWith('apps/api/src/seed/') && !isTest(file)) add('sql', index);
    if (inDomain && DOMAIN_IMPURE.test(line)) add('domain', index);
    // Migrations are history (their column defaults stay as written); tests pin the wire's codes on purpose.
    if (!inDomain && STATUS_LITERAL.test(line) && !file.startsWith('apps/api/src/db/migrations/') && !isTest(file)) add('status', index);
    for (const match of line.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1]!;
      if (productionCode && (specifier === '@kuaibao/testing' || specifier.startsWith('@kuaibao/testing/'))) add('testing', index);
      if (fromModule && specifier.startsWith('.') && specifier.endsWith('.repository.ts')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const toModule = moduleOf(target);
        if (toModule && toModule !== fromModule) add('repository', index);
      }
    }
  });
  return found;
}

function listSourceFiles(root: string, dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listSourceFiles(root, relative, out);
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(relative);
    }
  }
}

export interface BoundaryReport {
  violations: Violation[];
  /** Allowlisted files that no longer break their rule: remove them from ALLOWLIST. */
  stale: Array<{ rule: Rule; file: string }>;
}

/** Checks every source file under the repository's code roots; allowlisted (rule, file) pairs pass. */
export function checkBoundaries(root: string, allowlist: Readonly<Record<Rule, readonly string[]>> = ALLOWLIST): BoundaryReport {
  const files: string[] = [];
  for (const dir of SCANNED_ROOTS) listSourceFiles(root, dir, files);
  // This check and its test spell out every pattern they look for.
  const checked = files.filter((file) => !file.startsWith('scripts/check-boundaries.'));
  const all = checked.flatMap((file) => checkFile(file, readFileSync(path.join(root, file), 'utf8')));
  const allowed = (violation: Violation) => allowlist[violation.rule].includes(violation.file);
  const violating = new Set(all.map((violation) => `${violation.rule} ${violation.file}`));
  const stale = (Object.keys(allowlist) as Rule[]).flatMap((rule) => allowlist[rule].filter((file) => !violating.has(`${rule} ${file}`)).map((file) => ({ rule, file })));
  return { violations: all.filter((violation) => !allowed(violation)), stale };
}

const RULE_HELP: Record<Rule, string> = {
  env: 'read settings through apps/api/src/config (loadConfig, readEnv, environmentWith)',
  sql: 'move the statement into the owning module’s *.repository.ts',
  repository: 'call the owning module’s service, not its repository',
  domain: 'packages/domain is pure: no Node, DOM or I/O',
  citation: 'link a file in the repository instead (docs/product/…, docs/decisions/…, ARCHITECTURE.md)',
  testing: '@kuaibao/testing is for tests only',
  status: 'name the status: ORDER_STATUS / PROCESS_STATUS or a guard of packages/domain/src/lifecycle',
};

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  const { violations, stale } = checkBoundaries(root);
  for (const violation of violations) console.error(`${violation.file}:${violation.line}: [${violation.rule}] ${violation.text}\n    ${RULE_HELP[violation.rule]}`);
  for (const entry of stale) console.error(`scripts/check-boundaries.ts: ALLOWLIST.${entry.rule} lists ${entry.file}, which no longer breaks the rule: remove it`);
  if (violations.length > 0 || stale.length > 0) {
    console.error(`\nboundaries: ${violations.length} violation(s), ${stale.length} stale allowlist entr${stale.length === 1 ? 'y' : 'ies'} (scripts/check-boundaries.ts)`);
    process.exitCode = 1;
  } else {
    console.log('boundaries: ok');
  }
}
