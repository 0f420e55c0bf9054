import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWLIST,
  APP_PACKAGES,
  RULES,
  checkBoundaries,
  checkClaims,
  checkDecisionNumbers,
  checkDecisionReferences,
  checkDomainTests,
  checkFile,
  checkNamedPaths,
  checkTableOwners,
  hasLogic,
  migrationTables,
  schemaVariables,
  tableWriters,
  type Rule,
} from './check-boundaries.ts';

const NOTHING_ALLOWED = Object.fromEntries(RULES.map((rule) => [rule, []])) as unknown as Record<Rule, string[]>;
// The citation and issue fixtures are assembled so this test file does not cite anything itself.
const SECTION = '\u00a7';
const ISSUE = 'issue';
const REPOSITORY = path.resolve(import.meta.dirname, '..');

/** One file per rule that breaks it, and beside each the same kind of file that keeps it. */
const FIXTURES: Record<string, string> = {
  'apps/api/src/modules/order/order.service.ts': 'export const port = process.env.PORT;\n',
  'apps/api/src/config/env-schema.ts': 'export const port = process.env.PORT;\n',
  'apps/api/src/modules/feedback/feedback.service.ts': "export const rows = (db) => db.selectFrom('feedback').selectAll().execute();\n",
  'apps/api/src/modules/feedback/feedback.repository.ts': "export const rows = (db) => db.selectFrom('feedback').selectAll().execute();\n",
  'apps/api/src/modules/payment/payment.service.ts': "import { orderRepository } from '../order/order.repository.ts';\nimport { paymentRepository } from './payment.repository.ts';\n",
  'packages/domain/src/clock.ts': "import { randomUUID } from 'node:crypto';\nexport const id = () => randomUUID();\n",
  'packages/domain/src/clock.test.ts': "import { id } from './clock.ts';\nexpect(id()).toHaveLength(36);\n",
  'packages/domain/src/money.ts': 'export const fen = (yuan: number) => Math.round(yuan * 100);\n',
  'packages/domain/src/money.test.ts': "import { fen } from './money.ts';\nexpect(fen(1.05)).toBe(105);\n",
  // Logic without a test beside it; and a plain shape, which needs none.
  'packages/domain/src/rounding.ts': 'export function roundFen(fen: number) {\n  return Math.round(fen);\n}\n',
  'packages/domain/src/contracts/goods.ts': "import { z } from 'zod';\nexport const GoodsSchema = z.object({ id: z.number().int(), name: z.string().max(60) });\n",
  'packages/domain/src/index.ts': "export * from './money.ts';\nexport * from './contracts/goods.ts';\n",
  'apps/web/src/pay.ts': `// The countdown (spec ${SECTION}2 "Payment").\nexport {};\n`,
  'apps/web/src/home.ts': '// The home form (docs/product/screens.md#home).\nexport {};\n',
  'apps/web/src/styles/theme.css': `/* Palettes (spec ${SECTION}1): gold for v0. */\n:root { --primary: #c90; }\n`,
  'apps/web/src/styles/layout.css': '/* Desktop dialogs (docs/product/screens.md#desktop). */\n.dialog { width: 300px; }\n',
  'apps/console/src/lists.tsx': `// One line per cell (${ISSUE} 12).\nexport {};\n`,
  'apps/console/src/toasts.tsx': '// Bottom left (decision 002; antd: github.com/ant-design/ant-design/issues/12345).\nexport {};\n',
  'apps/api/src/providers/payment/build.ts': "import { startFakeAlipayGateway } from '@kuaibao/testing';\nexport { startFakeAlipayGateway };\n",
  'apps/api/src/providers/directory/local.provider.ts': "import type { CompanyRepository } from '../../modules/company/company.repository.ts';\nimport type { DirectoryPort } from './port.ts';\n",
  'apps/api/src/providers/sms/console.provider.ts': "import type { SmsPort } from './port.ts';\nimport { formatYuan } from '@kuaibao/domain';\n",
  'packages/testing/src/fake-gateways-server.ts': "import { readEnv } from '@kuaibao/api/src/config.ts';\n",
  'packages/testing/src/fake-gateways-app.ts': "import { buildTestApp } from '@kuaibao/api/src/test/helper.ts';\nimport { ORDER_STATUS } from '@kuaibao/domain';\n",
  'apps/web/src/pages/detail.tsx': "export const paid = (order) => order.status === '2';\n",
  'apps/web/src/pages/detail.test.tsx': "expect(order).toMatchObject({ status: '2' });\n",
  'apps/web/src/pages/list.tsx': "import { ORDER_STATUS } from '@kuaibao/domain';\nexport const paid = (order) => order.status === ORDER_STATUS.paid;\n",
  'apps/api/src/providers/payment/alipay/alipay.provider.test.ts': "import { startFakeAlipayGateway } from '@kuaibao/testing';\nexport { startFakeAlipayGateway };\n",
  // 003 is missing; 002 names a file that is gone, beside a placeholder, a glob and a link that resolve.
  'docs/decisions/001-stack.md': '# 001 — Stack\n\nSee `apps/web/src/home.ts` and [the architecture](../../ARCHITECTURE.md#the-parts).\n',
  'docs/decisions/002-envelope.md': '# 002 — Envelope\n\nWas in `apps/web/src/envelope.ts`; routes in `modules/<resource>/<resource>.routes.ts`, styles in `apps/web/src/styles/*.css`.\n',
  'docs/decisions/004-signature.md': '# 004 — Signature\n\nBuilt into `dist/assets/index.js` and `check.html`; served at `/api/openapi.json`.\n',
  'apps/api/src/db/migrations/001_initial.ts': "await db.schema.createTable('orders').execute();\nawait sql`CREATE TABLE feedback (id integer)`.execute(db);\nawait sql`CREATE VIRTUAL TABLE temp.scratch USING fts5vocab(main, x, 'row')`.execute(db);\n",
  'apps/api/src/db/migrations/002_saved_filters.ts': "await db.schema.createTable('saved_filters').execute();\n",
  'ARCHITECTURE.md': '# Architecture\n\n## Who owns which table\n\n| Table | Owner | Reached through |\n|---|---|---|\n| `orders` | order | — |\n| `feedback` | feedback | — |\n\n## The path of one order\n',
};

describe('check-boundaries on a fixture tree', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'kuaibao-boundaries-'));
    for (const [file, text] of Object.entries(FIXTURES)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('fails a fixture tree that breaks each rule, naming the file and line, and passes the files that keep it', () => {
    const { violations } = checkBoundaries(root, NOTHING_ALLOWED);
    const seen = violations.map(({ rule, file, line }) => ({ rule, file, line })).sort((a, b) => a.rule.localeCompare(b.rule) || a.file.localeCompare(b.file) || a.line - b.line);
    expect(seen).toEqual([
      { rule: 'citation', file: 'apps/web/src/pay.ts', line: 1 },
      { rule: 'citation', file: 'apps/web/src/styles/theme.css', line: 1 },
      { rule: 'decisions', file: 'docs/decisions/004-signature.md', line: 1 },
      { rule: 'domain', file: 'packages/domain/src/clock.ts', line: 1 },
      { rule: 'domain-test', file: 'packages/domain/src/rounding.ts', line: 1 },
      { rule: 'env', file: 'apps/api/src/modules/order/order.service.ts', line: 1 },
      { rule: 'issue', file: 'apps/console/src/lists.tsx', line: 1 },
      { rule: 'package', file: 'packages/testing/src/fake-gateways-server.ts', line: 1 },
      { rule: 'paths', file: 'docs/decisions/002-envelope.md', line: 3 },
      { rule: 'provider', file: 'apps/api/src/providers/directory/local.provider.ts', line: 1 },
      { rule: 'repository', file: 'apps/api/src/modules/payment/payment.service.ts', line: 1 },
      { rule: 'sql', file: 'apps/api/src/modules/feedback/feedback.service.ts', line: 1 },
      { rule: 'status', file: 'apps/web/src/pages/detail.tsx', line: 1 },
      { rule: 'tables', file: 'ARCHITECTURE.md', line: 3 },
      { rule: 'testing', file: 'apps/api/src/providers/payment/build.ts', line: 1 },
    ]);
    expect(violations.find((violation) => violation.rule === 'paths')?.text).toBe('apps/web/src/envelope.ts does not exist');
    expect(violations.find((violation) => violation.rule === 'tables')?.text).toBe('saved_filters (created by a migration) has no owner listed');
    expect(violations.find((violation) => violation.rule === 'decisions')?.text).toBe('expected 003 before it');
  });

  it('lets an allowlisted file pass its rule only, and reports an allowlisted file that no longer breaks it', () => {
    const { violations, stale } = checkBoundaries(root, {
      ...NOTHING_ALLOWED,
      sql: ['apps/api/src/modules/feedback/feedback.service.ts', 'apps/api/src/modules/goods/goods.service.ts'],
      issue: ['apps/console/src/lists.tsx'],
    });
    expect([...new Set(violations.map((violation) => violation.rule))].sort()).toEqual(
      ['citation', 'decisions', 'domain', 'domain-test', 'env', 'package', 'paths', 'provider', 'repository', 'status', 'tables', 'testing'].sort(),
    );
    expect(stale).toEqual([{ rule: 'sql', file: 'apps/api/src/modules/goods/goods.service.ts' }]);
  });
});

describe('checkFile', () => {
  it.each([
    ['env', 'apps/console/src/lib/client.ts', 'const base = process.env.BASE;'],
    ['sql', 'apps/api/src/jobs/sweep.ts', 'await sql`select 1`.execute(db);'],
    ['sql', 'apps/api/src/modules/staff/staff.service.ts', "await db.updateTable('staff').set({ disabled: 1 }).execute();"],
    ['sql', 'apps/api/src/modules/staff/staff.service.ts', "await db.deleteFrom('staff_sessions').execute();"],
    ['sql', 'apps/api/src/modules/staff/staff.service.ts', "await db.insertInto('staff').values(row).execute();"],
    ['repository', 'apps/api/src/modules/console/orders.service.ts', "const { orderRepository } = await import('../order/order.repository.ts');"],
    ['provider', 'apps/api/src/providers/directory/qichacha.provider.ts', "import { validStoredAnswer } from '../../modules/company/annual-report-checks.ts';"],
    ['provider', 'apps/api/src/providers/directory/index.ts', "import type { CompanyRepository } from '../../modules/company/company.repository.ts';"],
    ['provider', 'apps/api/src/providers/payment/build.ts', "export { paymentService } from '../../modules/payment/payment.service.ts';"],
    ['package', 'packages/testing/src/alipay/fake-gateway.ts', "import { shanghaiDateTime } from '@kuaibao/api/src/providers/payment/shanghai-time.ts';"],
    ['package', 'packages/domain/src/texts.ts', "import { HOME } from '../../../apps/web/src/texts.ts';"],
    ['package', 'packages/domain/src/texts.ts', "import { Console } from '@kuaibao/console';"],
    ['package', 'packages/testing/src/web.ts', "const { App } = await import('@kuaibao/web/src/app.tsx');"],
    ['package', 'apps/console/src/lib/client.ts', "import { buildApp } from '../../../api/src/app.ts';"],
    ['package', 'apps/web/src/api/client.ts', "import type { Config } from '@kuaibao/api/src/config.ts';"],
    ['domain', 'packages/domain/src/storage.ts', 'const saved = localStorage.getItem(key);'],
    ['domain', 'packages/domain/src/lookup.ts', 'const answer = await fetch(url);'],
    ['domain', 'packages/domain/src/key.ts', "const key = Buffer.from(text, 'hex');"],
    ['citation', 'apps/api/src/modules/order/order.service.ts', `/** Refunds (architecture ${SECTION}6). */`],
    ['citation', 'apps/api/src/modules/order/order.service.ts', `// Sweeps back off (research ${SECTION}5.3).`],
    ['citation', 'apps/api/src/seed/synthetic-companies.ts', ` * directory (research/search.md ${SECTION}2.1).`],
    ['citation', 'packages/domain/src/keyword.ts', ` * Company-name search keys (research search.md ${SECTION}2.3).`],
    ['citation', 'packages/domain/src/credit-code.ts', ` * mod-31 check character. Architecture ${SECTION}8: a code that fails is not offered.`],
    ['citation', 'packages/domain/src/annual-declaration.ts', ` * entity_extra, ${SECTION}4 "Annual report fill-in").`],
    ['citation', 'apps/web/src/common/service-dialog.module.css', `/* Desktop: exactly 300×342 (spec ${SECTION}9). */`],
    ['citation', 'apps/web/src/styles/global.css', ` * WCAG AA, frontend research ${SECTION}2).`],
    ['citation', 'docs/decisions/010-visitor-flow-choices.md', `The spec's screens (architecture.md ${SECTION}3) leave some behaviour open.`],
    ['citation', 'README.md', 'The rules come from ../shared/spec.md.'],
    ['citation', 'scripts/start.sh', `# Builds first (spec ${SECTION}12).`],
    ['citation', 'apps/web/index.html', `<!-- Theme colour (spec ${SECTION}1) -->`],
    ['issue', 'apps/console/src/styles.css', `/* Lists (${ISSUE} 17): one line per header and cell. */`],
    ['issue', 'apps/api/src/http/hostile-visitor.test.ts', `describe('TRUST_PROXY (${ISSUE} 11 finding 2)', () => {`],
    ['issue', 'docs/decisions/010-visitor-flow-choices.md', `The visitor screens of ${ISSUE}s 3 and 4 leave some behaviour open.`],
    ['issue', 'docs/operations.md', `Figures of ${ISSUE.toUpperCase()} #15's last round.`],
    ['issue', 'README.md', `over ${ISSUE} 3's 90 kB budget`],
    ['issue', 'deploy/nginx/kuaibao.conf.template', `# keepalive 4 s (${ISSUE} 14)`],
    ['issue', 'package.json', `{ "description": "see ${ISSUE} 12" }`],
    ['testing', 'apps/console/src/lib/client.ts', "export * from '@kuaibao/testing/app';"],
  ] as const)('flags %s in %s: %s', (rule, file, line) => {
    expect(checkFile(file, `${line}\n`).map((violation) => violation.rule)).toEqual([rule]);
  });

  it.each([
    ['a comment naming process.env', 'apps/api/src/app.ts', '// nothing here reads process.env'],
    ['SQL in a test', 'apps/api/src/modules/order/order.routes.test.ts', "await db.updateTable('orders').set({ status: '2' }).execute();"],
    ['SQL in a migration', 'apps/api/src/db/migrations/001_init.ts', 'await sql`create table t (id int)`.execute(db);'],
    ['a module importing its own repository', 'apps/api/src/modules/order/order.service.ts', "import { orderRepository } from './order.repository.ts';"],
    ['a tool config reading the environment', 'e2e/playwright.config.ts', 'const port = Number(process.env.PORT ?? 3100);'],
    ['the fakes importing each other', 'packages/testing/src/fake-gateways-app.ts', "import { startFakeAlipayGateway } from '@kuaibao/testing';"],
    ['a link into the repository', 'apps/web/src/pay.ts', '// (docs/product/payments.md#expiry)'],
    ['a provider importing its port and the domain', 'apps/api/src/providers/sms/aliyun.provider.ts', "import type { SmsPort } from './port.ts';\nimport { smsText } from '@kuaibao/domain';"],
    ['a provider importing the config and http helpers', 'apps/api/src/providers/payment/build.ts', "import type { Config } from '../../config.ts';"],
    ['a module importing a provider port', 'apps/api/src/modules/company/company.service.ts', "import type { DirectoryPort } from '../../providers/directory/port.ts';"],
    ['packages/testing building the API test app', 'packages/testing/src/fake-gateways-app.ts', "import { buildTestApp } from '@kuaibao/api/src/test/helper.ts';"],
    ['the web prerender reading the seed defaults', 'apps/web/prerender/build-pages.ts', "import { DEFAULT_GOODS } from '../../api/src/seed/defaults.ts';"],
    ['an app importing a package', 'apps/web/src/api/client.ts', "import { signQuery } from '@kuaibao/domain';"],
    ['an app importing its own files', 'apps/console/src/lib/client.ts', "import { queryClient } from './query-client.ts';"],
    ['the shared-state folder of the API', 'apps/api/src/http/nonce-store.ts', "import type { SharedState } from '../shared-state/shared-state.ts';"],
    ['a section sign without a number', 'docs/product/data.md', 'Paragraph marks (§) are not used in the texts.'],
    ['a dependency’s public issue URL', 'apps/web/vite.config.ts', '// https://github.com/vitejs/vite/issues/12345 explains the workaround'],
    ['the word issue without a number', 'docs/decisions/019-config-split-test-support-and-boundaries.md', 'The issue it solves: a newcomer trips over it.'],
    ['an issued number', 'packages/domain/src/sms-texts.ts', '// Each code issued is 6 digits.'],
  ])('allows %s', (_what, file, line) => {
    expect(checkFile(file, `${line}\n`)).toEqual([]);
  });
});

describe('domain-test', () => {
  it.each([
    ['an arrow', 'export const fen = (yuan: number) => Math.round(yuan * 100);', true],
    ['a function', 'export function isPaid(status: string) { return status === PAID; }', true],
    ['a class', 'export class AppError extends Error {}', true],
    ['a zod refinement', "export const Ids = z.array(z.number()).refine(unique, 'duplicate ids');", true],
    ['a zod transform', "export const Days = z.enum(['30', '90']).transform(Number);", true],
    ['a plain zod shape', 'export const Goods = z.object({ id: z.number().int(), name: z.string().max(60) });', false],
    ['constants and types', "export const SORTS = ['asc', 'desc'] as const;\nexport type Sort = (typeof SORTS)[number];", false],
    ['a barrel', "export * from './money.ts';", false],
    ['an arrow only in a comment', "/** fen => yuan lives in money.ts */\nexport const UNIT = 'fen';", false],
  ])('%s is logic: %s', (_what, text, logic) => {
    expect(hasLogic(text)).toBe(logic);
  });

  it('names a file with logic and no test beside it, and passes one with its test or without logic', () => {
    const texts: Record<string, string> = {
      'packages/domain/src/money.ts': 'export const fen = (yuan: number) => yuan * 100;',
      'packages/domain/src/money.test.ts': 'it()',
      'packages/domain/src/rounding.ts': 'export function round(fen: number) { return fen; }',
      'packages/domain/src/list-sorts.ts': "export const SORTS = ['asc'] as const;",
      'packages/domain/src/lifecycle/walk.test-support.ts': 'export const walk = () => [];',
      'apps/web/src/format.ts': 'export const format = () => "";',
    };
    expect(checkDomainTests(Object.keys(texts), (file) => texts[file]!).map((violation) => [violation.file, violation.text])).toEqual([
      ['packages/domain/src/rounding.ts', 'no rounding.test.ts beside it'],
    ]);
  });
});

describe('decisions', () => {
  const decision = (number: string) => `docs/decisions/${number}-title.md`;
  it('passes 001 onwards without a gap', () => {
    expect(checkDecisionNumbers([decision('001'), decision('002'), decision('003'), 'docs/decisions/README.md'])).toEqual([]);
  });
  it('refuses a decision named by a number that has no file, in a list or a range too', () => {
    const numbers = new Set([1, 2, 3, 38, 44]);
    const named = (line: string) => checkDecisionReferences('apps/web/src/x.ts', `${line}\n`, numbers).map((violation) => violation.text);
    expect(named('// Why (decision 003; docs/decisions/002-envelope.md); decisions 001, 002 and 038–044.')).toEqual([]);
    expect(named('// Why (decision 047).')).toEqual(['decision 047 does not exist']);
    expect(named('Decisions 001, 004 and 005 say so.')).toEqual(['decision 004 does not exist', 'decision 005 does not exist']);
    expect(named('the pages of decisions 038–045')).toEqual(['decision 045 does not exist']);
  });

  it('refuses a gap, a repeat and a start past 001', () => {
    expect(checkDecisionNumbers([decision('001'), decision('002'), decision('004')]).map((violation) => violation.text)).toEqual(['expected 003 before it']);
    expect(checkDecisionNumbers([decision('001'), 'docs/decisions/001-other.md']).map((violation) => violation.text)).toEqual(['number 1 used twice']);
    expect(checkDecisionNumbers([decision('002')]).map((violation) => violation.text)).toEqual(['expected 001 before it']);
  });
});

describe('paths', () => {
  const files = ['apps/api/src/modules/order/order.repository.ts', 'packages/testing/src/alipay/fake-gateway.ts', 'packages/testing/src/wechatpay/fake-gateway.ts', 'e2e/tests/mobile.csp.spec.ts', 'docs/deploy.md', 'ARCHITECTURE.md'];
  const exists = (relative: string) => files.includes(relative) || files.some((file) => file.startsWith(`${relative}/`));
  const check = (line: string, file = 'docs/decisions/016-table-owners.md') => checkNamedPaths(file, `${line}\n`, files, exists).map((violation) => violation.text);

  it.each([
    ['a suffix of a repository file', 'The order SQL is in `order/order.repository.ts`.'],
    ['a full path and a folder', 'See `apps/api/src/modules/order/order.repository.ts` in `apps/api/src/modules/`.'],
    ['a glob and a brace list that match', '`packages/testing/src/*/fake-gateway.ts`, `packages/testing/src/{alipay,wechatpay}/fake-gateway.ts`, `e2e/tests/*.csp.spec.ts`'],
    ['a relative link and an anchor', '[deploying](../deploy.md#backups), [the parts](../../ARCHITECTURE.md), `docs/deploy.md#11-backups`'],
    ['placeholders, URL paths, absolute paths and build output', '`modules/<resource>/<resource>.routes.ts`, `docs/decisions/NNN-title.md`, `/api/openapi.json`, `/etc/redis/redis.conf`, `dist/.vite/manifest.json`, `spa.html`, `manifest.json`'],
    ['links to the web', '[Vite](https://vite.dev/guide/), [mail](mailto:ops@example.com)'],
    ['words in backticks that are not paths', '`WECHATPAY/SIGNTEST/`, `uploads/`, `npm run lint`, `status === 2`'],
  ])('passes %s', (_what, line) => {
    expect(check(line)).toEqual([]);
  });

  it('skips a fenced block (commands, not claims)', () => {
    expect(checkNamedPaths('README.md', '```bash\ncat `scripts/gone.sh`\n```\n', files, exists)).toEqual([]);
  });

  it.each([
    ['a file that is gone', 'The jsapi call (`shared/jsapi-pay.ts`).', ['shared/jsapi-pay.ts does not exist']],
    ['a bare source name that is nowhere', 'The helpers in `order-status.ts`.', ['order-status.ts does not exist']],
    ['a glob that matches nothing', 'Every `e2e/tests/*.cluster.spec.ts`.', ['e2e/tests/*.cluster.spec.ts does not exist']],
    ['a relative link to nothing', 'See [the old notes](../research/search.md).', ['../research/search.md does not exist']],
  ])('refuses %s', (_what, line, texts) => {
    expect(check(line)).toEqual(texts);
  });
});

describe('tables', () => {
  const architecture = (rows: string[]) =>
    ['# Architecture', '', '## Who owns which table', '', '| Table | Owner | Reached through |', '|---|---|---|', ...rows, '', '## The path of one order', '| `not_a_table` | x | y |'].join('\n');

  it('reads the tables the migrations create, temporary ones aside', () => {
    const tables = migrationTables([
      { file: '001.ts', text: "await db.schema.createTable('orders')\nawait sql`CREATE TABLE company_grams (gram text)`\nawait sql`CREATE VIRTUAL TABLE companies_bi USING fts5(g)`\nawait sql`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, companies_bi, 'row')`" },
    ]);
    expect([...tables].sort()).toEqual(['companies_bi', 'company_grams', 'orders']);
  });

  it('passes when each table is listed once', () => {
    expect(checkTableOwners(architecture(['| `orders` | order | — |', '| `feedback`, `events` | feedback, event | — |']), new Set(['orders', 'feedback', 'events']))).toEqual([]);
  });

  it('refuses a table listed twice, one no migration creates and one left out', () => {
    const rows = ['| `orders` | order | — |', '| `reconciliation_runs` | payment | — |', '| `reconciliation_runs` | payment | — |', '| `ghosts` | nobody | — |'];
    expect(checkTableOwners(architecture(rows), new Set(['orders', 'reconciliation_runs', 'saved_filters'])).map((violation) => [violation.line, violation.text])).toEqual([
      [9, 'reconciliation_runs listed twice (line 8)'],
      [10, 'ghosts: no migration creates it'],
      [3, 'saved_filters (created by a migration) has no owner listed'],
    ]);
  });
});

describe('table writers', () => {
  const architecture = [
    '## Who owns which table',
    '| Table | Owner | Reached through |',
    '|---|---|---|',
    '| `orders` | order: `modules/order/order.repository.ts` | `order/order-payments.ts` |',
    '| `outbox` | infrastructure: `db/outbox.ts` | the refund sweep in `payment/payment.repository.ts` |',
    '| `goods`, `site_config` | goods, site-config: their repositories | — |',
  ].join('\n');
  const tables = new Set(['orders', 'outbox', 'goods', 'site_config']);

  it('finds the files that write each table, leaving out tests, migrations and the seed', () => {
    const writers = tableWriters([
      { file: 'apps/api/src/modules/order/order.repository.ts', text: "db.insertInto('orders').values(row);\ndb.updateTable( 'orders').set(x);" },
      { file: 'apps/api/src/modules/audit/audit.repository.ts', text: "db.selectFrom('orders').innerJoin('audit_log', 'a', 'b');" },
      { file: 'apps/api/src/modules/order/order.routes.test.ts', text: "db.updateTable('orders').set(x);" },
      { file: 'apps/api/src/db/migrations/001_initial.ts', text: "db.insertInto('goods').values(x);" },
      { file: 'apps/api/src/seed/seed.ts', text: "db.insertInto('goods').values(x);" },
      { file: 'apps/api/src/db/outbox.ts', text: "db.deleteFrom('outbox');" },
    ]);
    expect(Object.fromEntries([...writers].map(([table, files]) => [table, [...files]]))).toEqual({
      orders: ['apps/api/src/modules/order/order.repository.ts'],
      outbox: ['apps/api/src/db/outbox.ts'],
    });
  });

  it('passes writes inside the owner module, by either of two owners, or by a file the row names', () => {
    const writers = new Map([
      ['orders', new Set(['apps/api/src/modules/order/order-handling.repository.ts'])],
      ['outbox', new Set(['apps/api/src/db/outbox.ts', 'apps/api/src/modules/payment/payment.repository.ts'])],
      ['site_config', new Set(['apps/api/src/modules/site-config/site-config.repository.ts'])],
    ]);
    expect(checkTableOwners(architecture, tables, writers)).toEqual([]);
  });

  it('refuses a write from another module that the row does not name', () => {
    const writers = new Map([['orders', new Set(['apps/api/src/modules/order/order.repository.ts', 'apps/api/src/modules/feedback/feedback.repository.ts'])]]);
    expect(checkTableOwners(architecture, tables, writers).map((violation) => [violation.line, violation.text])).toEqual([
      [4, 'orders is written by apps/api/src/modules/feedback/feedback.repository.ts, outside its owner and not named in its row'],
    ]);
  });
});

describe('claims', () => {
  const schema = "export const DEV_DEFAULTS = {\n  SIGN_SECRET: 'dev',\n};\nexport const EnvSchema = z.object({\n  PORT: z.coerce.number().default(3000),\n  SIGN_SECRET: z.string().optional(),\n  // A comment: NOT_A_VARIABLE: x\n});\nexport const OTHER = z.object({\n  LATER: z.string(),\n});\n";
  const readme = ['Run `npm start`, then `npm test`; `npm run test:unit` alone.', '', '| Variable | Default | Meaning |', '|---|---|---|', '| `PORT` | `3000` | where `HOST` listens |', '| `SIGN_SECRET` | dev | the signature |', '', 'Later.'].join('\n');
  const architecture = '| Payment | `payment/port.ts` | sandbox |\n| SMS | `sms/port.ts` | console |';
  const files = ['apps/api/src/providers/payment/port.ts', 'apps/api/src/providers/payment/index.ts', 'apps/api/src/providers/sms/port.ts', 'apps/api/src/providers/sms/index.ts'];
  const check = (change: Partial<Parameters<typeof checkClaims>[0]>) =>
    checkClaims({ readme, schema, scripts: ['start', 'test', 'test:unit'], architecture, files, ...change }).map((violation) => `${violation.file}:${violation.line} ${violation.text}`);

  it('reads the variables of EnvSchema only', () => {
    expect([...schemaVariables(schema)].sort()).toEqual(['PORT', 'SIGN_SECRET']);
  });

  it('passes when the README, package.json, the schema and the providers agree', () => {
    expect(check({})).toEqual([]);
  });

  it('refuses a variable missing from the table and one the schema does not have', () => {
    expect(check({ schema: schema.replace('  PORT:', '  HOST: z.string(),\n  PORT:').replace('  SIGN_SECRET: z.string().optional(),\n', '') })).toEqual([
      'README.md:3 HOST (config/env-schema.ts) is missing from the configuration table',
      'README.md:3 SIGN_SECRET is in the configuration table but not in config/env-schema.ts',
    ]);
  });

  it('refuses an npm script the README does not name (test:unit is not test:api)', () => {
    expect(check({ scripts: ['start', 'test', 'test:unit', 'test:api', 'bench'] })).toEqual(['README.md:1 npm run test:api (package.json) is not named', 'README.md:1 npm run bench (package.json) is not named']);
  });

  it('refuses a provider kind without its port or index, or missing from the providers table', () => {
    expect(check({ files: [...files.filter((file) => !file.endsWith('sms/index.ts')), 'apps/api/src/providers/storage/port.ts', 'apps/api/src/providers/storage/index.ts'] })).toEqual([
      'ARCHITECTURE.md:1 providers/sms/ has no index.ts',
      'ARCHITECTURE.md:1 the providers table does not name storage/port.ts',
    ]);
  });
});

describe('the repository itself', () => {
  it('names every app by its workspace name', () => {
    const names = readdirSync(path.join(REPOSITORY, 'apps')).map((app) => (JSON.parse(readFileSync(path.join(REPOSITORY, 'apps', app, 'package.json'), 'utf8')) as { name: string }).name);
    expect([...APP_PACKAGES].sort()).toEqual(names.sort());
  });

  it('keeps every rule, with only the allowlisted files breaking theirs', () => {
    const { violations, stale } = checkBoundaries(REPOSITORY, ALLOWLIST);
    expect(violations.map(({ rule, file, line }) => `${file}:${line} [${rule}]`)).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('has an allowlist entry for every rule', () => {
    expect(Object.keys(ALLOWLIST).sort()).toEqual([...RULES].sort());
  });
});
