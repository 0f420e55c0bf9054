import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The code's boundaries and the documents' structural claims, checked by `npm run lint` (after
 * oxlint). oxlint's no-restricted-imports cannot say "another module's repository" or "SQL only in
 * repositories", so this is a small line-based check; decision 019 says why and what each rule protects.
 *
 * Rules on each source file (.ts, .tsx, .mts, .mjs, .js under apps, packages, e2e and scripts):
 *   env         process.env is read only in apps/api/src/config (and the tools' own *.config.ts)
 *   sql         Kysely statements and sql`` only in *.repository.ts, apps/api/src/db/** and the seed
 *   repository  a module imports no other module's *.repository.ts
 *   provider    apps/api/src/providers/** imports nothing under apps/api/src/modules/** (a port speaks
 *               the outside system's wire; what it stores belongs to a module, which calls the port)
 *   package     packages/** import no app (apps/**, @kuaibao/api, @kuaibao/web, @kuaibao/console), and no
 *               app imports another. Two exceptions: packages/testing builds the API's test app from
 *               apps/api/src/test/ (its job is wiring the real app to the fakes), and the web app's
 *               build-time prerender reads the API's seed defaults (decision 028)
 *   domain      packages/domain stays pure: no node:, no DOM globals, no fetch, no process
 *   testing     @kuaibao/testing (the fake gateways) is imported only by tests
 *   status      no bare order status code ('1'…'5') compared with or given to a status field outside packages/domain
 *               (tests excepted: they pin the wire's codes):
 *               ORDER_STATUS, PROCESS_STATUS and the guards of packages/domain/src/lifecycle say what it means
 * Rules on every text file of the repository (source, CSS, Markdown, HTML, shell, JSON, YAML, the
 * deploy templates), comments and strings alike:
 *   citation    no citation of a document outside the repository: no section sign with a number
 *               ("spec §3", "architecture.md §8", a bare "§5" on a wrapped line; the repository's own
 *               documents are cited by path and heading, docs/product/x.md#heading, never by §), no
 *               research/….md, no ../shared/ path
 *   issue       no issue cited by number (the word, singular or plural, any case, then a number or
 *               #number): no reader of the repository can open the tracker; name the decision (docs/decisions/NNN-*.md) or the document instead. A GitHub
 *               URL of a dependency's issue (github.com/o/r/issues/123) does not match and is allowed:
 *               anyone can open it. Both read line by line: "issue" at the end of a line with its number
 *               on the next is not seen. npm's lockfile and .ci/ (the CI runner's entry) are not read
 * Rules on the repository as a whole:
 *   domain-test every file of packages/domain/src with logic (a function, an arrow, a class, a zod
 *               refine/superRefine/transform/preprocess) has a *.test.ts beside it; files that only
 *               declare types, constants and plain zod shapes (most of contracts/, the index barrels)
 *               are exempt, as ARCHITECTURE.md says
 *   decisions   docs/decisions/NNN-*.md are numbered 001, 002, … with no gap and no number twice, and
 *               every "decision 042" (or "decisions 034, 035") a text file names is one of them
 *   paths       every repository path a Markdown file names exists: its relative links, and each
 *               `backticked/path.ts` (matched as a suffix, so `order/order.repository.ts` resolves;
 *               globs * and {a,b} must match a file). Not checked, as not paths of the repository:
 *               absolute paths and URL paths (/etc/…, /api/…), placeholders (<resource>, NNN), build
 *               output (dist/…, a bare *.html or *.json name)
 *   tables      ARCHITECTURE.md's "Who owns which table" lists every table the migrations create, once
 *               each, and no table they do not create; a table is written (Kysely insertInto, updateTable,
 *               deleteFrom) only by files of its owner module (the row's "order: …") or files its row names.
 *               Raw sql`` writes are not seen
 *   claims      README.md's configuration table lists exactly the variables of apps/api/src/config/env-schema.ts's
 *               EnvSchema; README.md names every npm script of package.json; every apps/api/src/providers/<kind>/
 *               has the port.ts and index.ts ARCHITECTURE.md describes, and ARCHITECTURE.md's providers
 *               table names its `<kind>/port.ts`
 *
 * Tests (*.test.ts, *.test-support.ts, apps/api/src/test/) may arrange data with SQL; every other
 * rule holds for them too.
 */

export type Rule =
  | 'env'
  | 'sql'
  | 'repository'
  | 'provider'
  | 'package'
  | 'domain'
  | 'citation'
  | 'issue'
  | 'testing'
  | 'status'
  | 'domain-test'
  | 'decisions'
  | 'paths'
  | 'tables'
  | 'claims';

export const RULES: readonly Rule[] = ['env', 'sql', 'repository', 'provider', 'package', 'domain', 'citation', 'issue', 'testing', 'status', 'domain-test', 'decisions', 'paths', 'tables', 'claims'];

export interface Violation {
  rule: Rule;
  file: string;
  line: number;
  text: string;
}

/**
 * Files allowed to break a rule, with the reason beside each. It must only ever shrink, and a file
 * listed here that no longer breaks its rule is reported, so stale entries do not linger. Empty:
 * every rule holds for every file.
 */
export const ALLOWLIST: Readonly<Record<Rule, readonly string[]>> = {
  env: [],
  sql: [],
  repository: [],
  provider: [],
  package: [],
  domain: [],
  citation: [],
  issue: [],
  testing: [],
  status: [],
  'domain-test': [],
  decisions: [],
  paths: [],
  tables: [],
  claims: [],
};

const CODE_ROOTS = ['apps', 'packages', 'e2e', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
/** The text files the citation and issue rules read: everything a person writes in this repository. */
const TEXT_FILE = /\.(ts|tsx|mts|cts|mjs|cjs|js|css|md|html|sh|json|ya?ml|template|service|conf|txt|example)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'test-results', 'playwright-report', '.git', 'data', 'coverage']);
/** Written by tools, not by people: npm's lockfile (its URLs and integrity strings are not prose). */
const GENERATED_FILES = new Set(['package-lock.json']);

/** Files a rule does not apply to (besides the allowlist). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /\.test-support\.tsx?$/.test(file) || file.startsWith('apps/api/src/test/');
const isToolConfig = (file: string) => /(^|\/)[a-z.-]*\.config\.(ts|mts|js|mjs)$/.test(file);
const isApiConfig = (file: string) => file === 'apps/api/src/config.ts' || file.startsWith('apps/api/src/config/');

const ENV_USE = /\bprocess\.env\b/;
const SQL_USE = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;
const DOMAIN_IMPURE = /from ['"](node:|fs['"]|path['"]|crypto['"])|\brequire\(|\b(window|document|localStorage|sessionStorage|navigator)\.|\bfetch\(|\bprocess\.|\bBuffer\./;
// A section sign with a number: the code cited the old documents as "spec §2", "Architecture §8",
// "research search.md §2.6", and by bare number on wrapped comment lines ("§5 "Annual declaration"").
// The research notes by path, and the sibling folder the old documents lived in (../shared/; not
// ../shared-state/, a folder of the API).
const CITATION = /§\s*\d|\bresearch\/[a-z-]+\.md|\.\.\/shared(?![\w-])/i;
// The word, singular or plural, any case, then whitespace and a number or #number. Not "issues/123" (a URL anyone can open).
const ISSUE = /\bissues?\s+#?\d/i;
// `status === '2'`, `process_status: '2'`, `o.status !== "1"`: a status field next to a bare code.
const STATUS_LITERAL = /\b(status|process_status)['"]?\]?\s*(===|!==|==|!=|:)\s*['"][1-5]['"]/;
const IMPORT_SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/g;
/** The apps' workspace names (apps/<name>/package.json; a test keeps this list equal to them). */
export const APP_PACKAGES = ['@kuaibao/api', '@kuaibao/console', '@kuaibao/mini-program', '@kuaibao/web'] as const;
const APP_PACKAGE = new RegExp(`^(${APP_PACKAGES.map((name) => name.replace('/', '\\/')).join('|')})(\\/|$)`);
/** The API's test support, which packages/testing wires to the fakes (bare and relative forms). */
const API_TEST_SUPPORT = /^(@kuaibao\/api\/src\/test\/|apps\/api\/src\/test\/)/;
/**
 * The one import between apps: the web app's build-time prerender renders the pages for the seed's
 * default goods and site config (decision 028), which the API's seed defines. It runs at build
 * time only; nothing of the API reaches the browser through it.
 */
const PRERENDER_SEED = { from: 'apps/web/prerender/', to: 'apps/api/src/seed/defaults.ts' };

/** A line that is only comment text: code rules skip it (a comment may name process.env). */
function isCommentLine(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*');
}

function moduleOf(file: string): string | undefined {
  return /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1];
}

function appOf(file: string): string | undefined {
  return /^apps\/([^/]+)\//.exec(file)?.[1];
}

/** Where an import points: a repository path for a relative specifier, else the bare specifier. */
function importTarget(file: string, specifier: string): string {
  return specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : specifier;
}

/** Whether `target` (from importTarget) is another app than the importing file's, or any app for a package. */
function importsApp(file: string, target: string): boolean {
  const bareApp = APP_PACKAGE.exec(target)?.[1]?.slice('@kuaibao/'.length);
  const toApp = bareApp ?? appOf(target);
  if (!toApp) return false;
  if (file.startsWith('packages/')) return !(file.startsWith('packages/testing/') && API_TEST_SUPPORT.test(target));
  const fromApp = appOf(file);
  if (file.startsWith(PRERENDER_SEED.from) && target === PRERENDER_SEED.to) return false;
  return fromApp !== undefined && fromApp !== toApp;
}

/** The violations in one file's text; `file` is relative to the repository root, with forward slashes. */
export function checkFile(file: string, text: string): Violation[] {
  const found: Violation[] = [];
  const lines = text.split('\n');
  const add = (rule: Rule, index: number) => found.push({ rule, file, line: index + 1, text: lines[index]!.trim().slice(0, 160) });
  const sourceFile = SOURCE_FILE.test(file) && CODE_ROOTS.some((root) => file.startsWith(`${root}/`));
  const inApiSrc = file.startsWith('apps/api/src/');
  const inDomain = file.startsWith('packages/domain/');
  const inProviders = file.startsWith('apps/api/src/providers/');
  const productionCode = (file.startsWith('apps/') || file.startsWith('packages/')) && !file.startsWith('packages/testing/') && !isTest(file);
  const fromModule = moduleOf(file);

  lines.forEach((line, index) => {
    if (CITATION.test(line)) add('citation', index);
    if (ISSUE.test(line)) add('issue', index);
    if (!sourceFile || isCommentLine(line)) return;
    // The e2e harness is set up by its runner's environment (E2E_PORT), like the tool configs.
    if (ENV_USE.test(line) && !isApiConfig(file) && !isToolConfig(file) && !file.startsWith('e2e/')) add('env', index);
    if (inApiSrc && SQL_USE.test(line) && !file.endsWith('.repository.ts') && !file.startsWith('apps/api/src/db/') && !file.startsWith('apps/api/src/seed/') && !isTest(file)) add('sql', index);
    if (inDomain && DOMAIN_IMPURE.test(line)) add('domain', index);
    // Migrations are history (their column defaults stay as written); tests pin the wire's codes on purpose.
    if (!inDomain && STATUS_LITERAL.test(line) && !file.startsWith('apps/api/src/db/migrations/') && !isTest(file)) add('status', index);
    for (const match of line.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1]!;
      const target = importTarget(file, specifier);
      if (productionCode && (specifier === '@kuaibao/testing' || specifier.startsWith('@kuaibao/testing/'))) add('testing', index);
      if (fromModule && specifier.startsWith('.') && specifier.endsWith('.repository.ts')) {
        const toModule = moduleOf(target);
        if (toModule && toModule !== fromModule) add('repository', index);
      }
      if (inProviders && (target.startsWith('apps/api/src/modules/') || target.startsWith('@kuaibao/api/src/modules/'))) add('provider', index);
      if (importsApp(file, target)) add('package', index);
    }
  });
  return found;
}

/** Whether a domain file holds logic that its claim ("a test beside each file") covers. */
export function hasLogic(text: string): boolean {
  return text.split('\n').some((line) => !isCommentLine(line) && /=>|\bfunction\b|\bclass\b|\.(refine|superRefine|transform|preprocess)\(/.test(line));
}

/** Every file under `dir` (relative to root), skipping build output and dependencies. */
function listFiles(root: string, dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      // .ci holds the CI runner's entry point, not text of the project's own.
      if (!SKIPPED_DIRS.has(entry.name) && entry.name !== '.ci') listFiles(root, relative, out);
    } else if (entry.isFile()) {
      out.push(relative);
    }
  }
}

/** `domain-test`: a domain file with logic has its `*.test.ts` beside it. */
export function checkDomainTests(files: readonly string[], read: (file: string) => string): Violation[] {
  const present = new Set(files);
  return files
    .filter((file) => file.startsWith('packages/domain/src/') && file.endsWith('.ts') && !/\.(test|test-support|d)\.ts$/.test(file))
    .filter((file) => !present.has(file.replace(/\.ts$/, '.test.ts')) && hasLogic(read(file)))
    .map((file) => ({ rule: 'domain-test' as const, file, line: 1, text: `no ${path.posix.basename(file).replace(/\.ts$/, '.test.ts')} beside it` }));
}

/** `decisions`: docs/decisions/NNN-*.md numbered from 001 without a gap or a repeat. */
export function checkDecisionNumbers(files: readonly string[]): Violation[] {
  const decisions = files
    .filter((file) => /^docs\/decisions\/\d{3}-[^/]+\.md$/.test(file))
    .map((file) => ({ file, number: Number(file.slice('docs/decisions/'.length, 'docs/decisions/'.length + 3)) }))
    .sort((a, b) => a.number - b.number || a.file.localeCompare(b.file));
  const found: Violation[] = [];
  decisions.forEach(({ file, number }, index) => {
    const expected = index === 0 ? 1 : decisions[index - 1]!.number + 1;
    if (number === expected) return;
    const text = index > 0 && number === decisions[index - 1]!.number ? `number ${number} used twice` : `expected ${String(expected).padStart(3, '0')} before it`;
    found.push({ rule: 'decisions', file, line: 1, text });
  });
  return found;
}

const DECISION_REFERENCE = /\bdecisions?\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s*[–-]\s*)\d{3})*)\b/gi;

/** `decisions`: each decision a text names by number exists. */
export function checkDecisionReferences(file: string, text: string, numbers: ReadonlySet<number>): Violation[] {
  const found: Violation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const [, list] of line.matchAll(DECISION_REFERENCE)) {
      for (const [number] of list!.matchAll(/\d{3}/g)) {
        if (!numbers.has(Number(number))) found.push({ rule: 'decisions', file, line: index + 1, text: `decision ${number} does not exist` });
      }
    }
  });
  return found;
}

const BUILD_OUTPUT = /(^|\/)(dist|node_modules)\//;
const NAMED_PATH = /`([^`\s]+)`/g;
const LINK = /\]\(([^()\s]+)\)/g;
// A file name with an extension we write, or a lower-case folder path of two or more parts ending in a slash (`modules/console/`; a bare
// `uploads/` is more often a folder the server makes than one of the repository).
const PATH_LIKE = /^[\w.@{},*/-]+\.(ts|tsx|mts|mjs|js|md|sh|css|json|html|template|service|conf)$|^[a-z.][\w.@-]*(\/[\w.@-]+)+\/$/;

/** A backticked name as a pattern over repository paths, matched as a suffix at a folder boundary. */
function pathPattern(name: string): RegExp {
  const body = name
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\{([^}]*)\}/g, (_all, options: string) => `(?:${options.split(',').join('|')})`);
  return new RegExp(`(^|/)${body}${name.endsWith('/') ? '' : '$'}`);
}

/** Whether a backticked token names a repository path this check should find (see the header). */
function isCheckedName(name: string): boolean {
  if (!PATH_LIKE.test(name)) return false;
  if (name.startsWith('/') || name.startsWith('~') || name.includes('NNN') || BUILD_OUTPUT.test(name)) return false;
  if (!name.includes('/') && /\.(html|json)$/.test(name)) return false;
  return true;
}

/** `paths`: every relative link and backticked repository path of a Markdown file exists. */
export function checkNamedPaths(file: string, text: string, files: readonly string[], exists: (relative: string) => boolean): Violation[] {
  const found: Violation[] = [];
  const lines = text.split('\n');
  let inFence = false;
  lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) return;
    const add = (name: string) => found.push({ rule: 'paths', file, line: index + 1, text: `${name} does not exist` });
    for (const [, target] of line.matchAll(LINK)) {
      const linked = target!.replace(/#.*$/, '');
      if (!linked || /^[a-z][a-z0-9+.-]*:/i.test(linked) || linked.startsWith('/')) continue;
      if (!exists(path.posix.normalize(path.posix.join(path.posix.dirname(file), linked)))) add(linked);
    }
    for (const [, token] of line.matchAll(NAMED_PATH)) {
      const name = token!.replace(/#.*$/, '');
      if (!isCheckedName(name)) continue;
      const pattern = pathPattern(name);
      if (!files.some((candidate) => pattern.test(candidate))) add(name);
    }
  });
  return found;
}

const CREATED_TABLE = /createTable\(\s*'(\w+)'\)|CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?!temp\.)(\w+)/gi;

/** The tables the migrations create (temporary tables aside). */
export function migrationTables(migrations: ReadonlyArray<{ file: string; text: string }>): Set<string> {
  const tables = new Set<string>();
  for (const { text } of migrations) for (const match of text.matchAll(CREATED_TABLE)) tables.add((match[1] ?? match[2])!);
  return tables;
}

const TABLE_WRITE = /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'(\w+)'/g;

/** Which files write each table through Kysely (the API's code; tests, migrations and the seed's bulk load aside). */
export function tableWriters(sources: ReadonlyArray<{ file: string; text: string }>): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const { file, text } of sources) {
    if (!file.startsWith('apps/api/src/') || isTest(file) || file.startsWith('apps/api/src/db/migrations/') || file.startsWith('apps/api/src/seed/')) continue;
    for (const [, table] of text.matchAll(TABLE_WRITE)) {
      if (!writers.has(table!)) writers.set(table!, new Set());
      writers.get(table!)!.add(file);
    }
  }
  return writers;
}

/**
 * `tables`: ARCHITECTURE.md's owner table names each migration's table exactly once, and nothing
 * else; and each table is written only inside its owner module (`order: …` → apps/api/src/modules/order/)
 * or by a file its row names.
 */
export function checkTableOwners(architecture: string, tables: ReadonlySet<string>, writers: ReadonlyMap<string, ReadonlySet<string>> = new Map()): Violation[] {
  const file = 'ARCHITECTURE.md';
  const found: Violation[] = [];
  const lines = architecture.split('\n');
  const start = lines.findIndex((line) => /^## Who owns which table/.test(line));
  if (start < 0) return [{ rule: 'tables', file, line: 1, text: 'no "## Who owns which table" section' }];
  const listedAt = new Map<string, number>();
  for (let index = start + 1; index < lines.length && !/^## /.test(lines[index]!); index += 1) {
    const cells = lines[index]!.split('|');
    if (cells.length < 3 || /^\s*(Table|-+)\s*$/.test(cells[1]!)) continue;
    const ownerModules = (/^\s*([\w-]+(?:,\s*[\w-]+)*):/.exec(cells[2] ?? '')?.[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    const named = [...cells.slice(2).join('|').matchAll(/`([^`\s]+\.ts)`/g)].map((match) => match[1]!);
    const allowedWriter = (writer: string) =>
      ownerModules.some((name) => writer.startsWith(`apps/api/src/modules/${name}/`)) || named.some((name) => writer === name || writer.endsWith(`/${name}`));
    for (const [, table] of cells[1]!.matchAll(/`(\w+)`/g)) {
      if (listedAt.has(table!)) found.push({ rule: 'tables', file, line: index + 1, text: `${table} listed twice (line ${listedAt.get(table!)! + 1})` });
      else listedAt.set(table!, index);
      if (!tables.has(table!)) found.push({ rule: 'tables', file, line: index + 1, text: `${table}: no migration creates it` });
      for (const writer of [...(writers.get(table!) ?? [])].sort()) {
        if (!allowedWriter(writer)) found.push({ rule: 'tables', file, line: index + 1, text: `${table} is written by ${writer}, outside its owner and not named in its row` });
      }
    }
  }
  for (const table of [...tables].sort()) {
    if (!listedAt.has(table)) found.push({ rule: 'tables', file, line: start + 1, text: `${table} (created by a migration) has no owner listed` });
  }
  return found;
}

/** The variables EnvSchema declares (one `NAME: z…` per line inside `EnvSchema = z.object({ … })`). */
export function schemaVariables(schema: string): Set<string> {
  const start = schema.indexOf('EnvSchema = z.object({');
  if (start < 0) return new Set();
  const body = schema.slice(start, schema.indexOf('\n});', start));
  return new Set([...body.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!));
}

/** `claims`: README's settings and scripts, and the providers' shape ARCHITECTURE describes. */
export function checkClaims(input: { readme: string; schema: string; scripts: readonly string[]; architecture: string; files: readonly string[] }): Violation[] {
  const found: Violation[] = [];
  const readmeLines = input.readme.split('\n');
  const tableStart = readmeLines.findIndex((line) => /^\| Variable \|/.test(line));
  const documented = new Set<string>();
  const tableEnd = tableStart < 0 ? 0 : readmeLines.length;
  for (let index = tableStart + 1; index < tableEnd && readmeLines[index]!.startsWith('|'); index += 1) {
    for (const [, name] of readmeLines[index]!.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) documented.add(name!);
  }
  const declared = schemaVariables(input.schema);
  const tableLine = Math.max(tableStart, 0) + 1;
  for (const name of [...declared].sort()) if (!documented.has(name)) found.push({ rule: 'claims', file: 'README.md', line: tableLine, text: `${name} (config/env-schema.ts) is missing from the configuration table` });
  for (const name of [...documented].sort()) if (!declared.has(name)) found.push({ rule: 'claims', file: 'README.md', line: tableLine, text: `${name} is in the configuration table but not in config/env-schema.ts` });
  for (const script of input.scripts) {
    // Script names are letters, digits, ':' and '-', none of them special in a pattern.
    const mention = script === 'start' || script === 'test' ? `npm (run )?${script}` : `npm run ${script}`;
    if (!new RegExp(`\\b${mention}(?![\\w:-])`).test(input.readme)) found.push({ rule: 'claims', file: 'README.md', line: 1, text: `npm run ${script} (package.json) is not named` });
  }
  const kinds = [...new Set(input.files.map((file) => /^apps\/api\/src\/providers\/([^/]+)\//.exec(file)?.[1]).filter((kind): kind is string => kind !== undefined))].sort();
  for (const kind of kinds) {
    for (const part of ['port.ts', 'index.ts']) {
      if (!input.files.includes(`apps/api/src/providers/${kind}/${part}`)) found.push({ rule: 'claims', file: 'ARCHITECTURE.md', line: 1, text: `providers/${kind}/ has no ${part}` });
    }
    if (!input.architecture.includes(`\`${kind}/port.ts\``)) found.push({ rule: 'claims', file: 'ARCHITECTURE.md', line: 1, text: `the providers table does not name ${kind}/port.ts` });
  }
  return found;
}

export interface BoundaryReport {
  violations: Violation[];
  /** Allowlisted files that no longer break their rule: remove them from ALLOWLIST. */
  stale: Array<{ rule: Rule; file: string }>;
}

/** Checks every file of the repository; allowlisted (rule, file) pairs pass. */
export function checkBoundaries(root: string, allowlist: Readonly<Record<Rule, readonly string[]>> = ALLOWLIST): BoundaryReport {
  const files: string[] = [];
  listFiles(root, '', files);
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  // This check and its test spell out every pattern they look for.
  const texts = files.filter((file) => TEXT_FILE.test(file) && !file.endsWith('.d.ts') && !GENERATED_FILES.has(path.posix.basename(file)) && !file.startsWith('scripts/check-boundaries.'));
  const exists = (relative: string) => existsSync(path.join(root, relative));
  const migrations = files.filter((file) => /^apps\/api\/src\/db\/migrations\/\d+_[^/]+\.ts$/.test(file)).map((file) => ({ file, text: read(file) }));
  const decisionNumbers = new Set(files.map((file) => /^docs\/decisions\/(\d{3})-[^/]+\.md$/.exec(file)?.[1]).filter((number) => number !== undefined).map(Number));
  const all = [
    ...texts.flatMap((file) => {
      const text = read(file);
      return [...checkFile(file, text), ...checkDecisionReferences(file, text, decisionNumbers), ...(file.endsWith('.md') ? checkNamedPaths(file, text, files, exists) : [])];
    }),
    ...checkDomainTests(files, read),
    ...checkDecisionNumbers(files),
    ...(files.includes('ARCHITECTURE.md') && migrations.length > 0
      ? checkTableOwners(read('ARCHITECTURE.md'), migrationTables(migrations), tableWriters(files.filter((file) => file.startsWith('apps/api/src/') && SOURCE_FILE.test(file)).map((file) => ({ file, text: read(file) }))))
      : []),
    ...(['README.md', 'ARCHITECTURE.md', 'package.json', 'apps/api/src/config/env-schema.ts'].every((file) => files.includes(file))
      ? checkClaims({
          readme: read('README.md'),
          schema: read('apps/api/src/config/env-schema.ts'),
          scripts: Object.keys((JSON.parse(read('package.json')) as { scripts?: Record<string, string> }).scripts ?? {}),
          architecture: read('ARCHITECTURE.md'),
          files,
        })
      : []),
  ];
  const allowed = (violation: Violation) => allowlist[violation.rule].includes(violation.file);
  const violating = new Set(all.map((violation) => `${violation.rule} ${violation.file}`));
  const stale = (Object.keys(allowlist) as Rule[]).flatMap((rule) => allowlist[rule].filter((file) => !violating.has(`${rule} ${file}`)).map((file) => ({ rule, file })));
  return { violations: all.filter((violation) => !allowed(violation)), stale };
}

const RULE_HELP: Record<Rule, string> = {
  env: 'read settings through apps/api/src/config (loadConfig, readEnv, environmentWith)',
  sql: 'move the statement into the owning module’s *.repository.ts',
  repository: 'call the owning module’s service, not its repository',
  provider: 'a provider speaks its outside system only: the module calls the port and keeps what it stores',
  package: 'packages never import apps, and apps never import each other: move the shared part into a package',
  domain: 'packages/domain is pure: no Node, DOM or I/O',
  citation: 'link a file in the repository instead (docs/product/…, docs/decisions/…, ARCHITECTURE.md)',
  issue: 'name the decision (docs/decisions/NNN-*.md) or the document instead: no reader of the repository can open the issue',
  testing: '@kuaibao/testing is for tests only',
  status: 'name the status: ORDER_STATUS / PROCESS_STATUS or a guard of packages/domain/src/lifecycle',
  'domain-test': 'add a test beside it (ARCHITECTURE.md: a test beside each domain file with logic)',
  decisions: 'number decisions 001, 002, … in order; a number given up keeps a short note saying so',
  paths: 'name a file that exists (or mark an example with <placeholder>)',
  tables: 'keep ARCHITECTURE.md#who-owns-which-table equal to the tables the migrations create and their writers',
  claims: 'make README.md / ARCHITECTURE.md say what the code does (or the code do what they say)',
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
