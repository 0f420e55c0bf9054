import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBoundaries, checkFile, type Rule } from './check-boundaries.ts';

const NOTHING_ALLOWED: Record<Rule, string[]> = { env: [], sql: [], repository: [], domain: [], citation: [], testing: [], status: [] };
// The citation fixtures are assembled so this test file does not cite anything itself.
const SECTION = '\u00a7';

/** One file per rule that breaks it, and beside each the same kind of file that keeps it. */
const FIXTURES: Record<string, string> = {
  'apps/api/src/modules/order/order.service.ts': "export const port = process.env.PORT;\n",
  'apps/api/src/config/schema.ts': "export const port = process.env.PORT;\n",
  'apps/api/src/modules/feedback/feedback.service.ts': "export const rows = (db) => db.selectFrom('feedback').selectAll().execute();\n",
  'apps/api/src/modules/feedback/feedback.repository.ts': "export const rows = (db) => db.selectFrom('feedback').selectAll().execute();\n",
  'apps/api/src/modules/payment/payment.service.ts': "import { orderRepository } from '../order/order.repository.ts';\nimport { paymentRepository } from './payment.repository.ts';\n",
  'packages/domain/src/clock.ts': "import { randomUUID } from 'node:crypto';\nexport const id = () => randomUUID();\n",
  'packages/domain/src/money.ts': "export const fen = (yuan: number) => Math.round(yuan * 100);\n",
  'apps/web/src/pay.ts': `// The countdown (spec ${SECTION}2 "Payment").\nexport {};\n`,
  'apps/web/src/home.ts': "// The home form (docs/product/screens.md#home).\nexport {};\n",
  'apps/api/src/providers/payment/build.ts': "import { startFakeAlipayGateway } from '@kuaibao/testing';\nexport { startFakeAlipayGateway };\n",
  'apps/web/src/pages/detail.tsx': "export const paid = (order) => order.status === '2';\n",
  'apps/web/src/pages/detail.test.tsx': "expect(order).toMatchObject({ status: '2' });\n",
  'apps/web/src/pages/list.tsx': "import { ORDER_STATUS } from '@kuaibao/domain';\nexport const paid = (order) => order.status === ORDER_STATUS.paid;\n",
  'apps/api/src/providers/payment/alipay/alipay.provider.test.ts': "import { startFakeAlipayGateway } from '@kuaibao/testing';\nexport { startFakeAlipayGateway };\n",
};

describe('check-boundaries', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'kuaibao-boundaries-'));
    for (const [file, text] of Object.entries(FIXTURES)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('fails a fixture tree that breaks each rule once, naming the file and line, and passes the files that keep it', () => {
    const { violations } = checkBoundaries(root, NOTHING_ALLOWED);
    expect(violations.map(({ rule, file, line }) => ({ rule, file, line })).sort((a, b) => a.rule.localeCompare(b.rule))).toEqual([
      { rule: 'citation', file: 'apps/web/src/pay.ts', line: 1 },
      { rule: 'domain', file: 'packages/domain/src/clock.ts', line: 1 },
      { rule: 'env', file: 'apps/api/src/modules/order/order.service.ts', line: 1 },
      { rule: 'repository', file: 'apps/api/src/modules/payment/payment.service.ts', line: 1 },
      { rule: 'sql', file: 'apps/api/src/modules/feedback/feedback.service.ts', line: 1 },
      { rule: 'status', file: 'apps/web/src/pages/detail.tsx', line: 1 },
      { rule: 'testing', file: 'apps/api/src/providers/payment/build.ts', line: 1 },
    ]);
  });

  it('lets an allowlisted file pass its rule only, and reports an allowlisted file that no longer breaks it', () => {
    const { violations, stale } = checkBoundaries(root, {
      ...NOTHING_ALLOWED,
      sql: ['apps/api/src/modules/feedback/feedback.service.ts', 'apps/api/src/modules/goods/goods.service.ts'],
    });
    expect(violations.map((violation) => violation.rule).sort()).toEqual(['citation', 'domain', 'env', 'repository', 'status', 'testing']);
    expect(stale).toEqual([{ rule: 'sql', file: 'apps/api/src/modules/goods/goods.service.ts' }]);
  });

  it.each([
    ['env', 'apps/console/src/lib/client.ts', 'const base = process.env.BASE;'],
    ['sql', 'apps/api/src/jobs/sweep.ts', "await sql`select 1`.execute(db);"],
    ['sql', 'apps/api/src/modules/staff/staff.service.ts', "await db.updateTable('staff').set({ disabled: 1 }).execute();"],
    ['sql', 'apps/api/src/modules/staff/staff.service.ts', "await db.deleteFrom('staff_sessions').execute();"],
    ['sql', 'apps/api/src/modules/staff/staff.service.ts', "await db.insertInto('staff').values(row).execute();"],
    ['repository', 'apps/api/src/modules/console/orders.service.ts', "const { orderRepository } = await import('../order/order.repository.ts');"],
    ['domain', 'packages/domain/src/storage.ts', 'const saved = localStorage.getItem(key);'],
    ['domain', 'packages/domain/src/lookup.ts', 'const answer = await fetch(url);'],
    ['domain', 'packages/domain/src/key.ts', "const key = Buffer.from(text, 'hex');"],
    ['citation', 'apps/api/src/modules/order/order.service.ts', `/** Refunds (architecture ${SECTION}6). */`],
    ['citation', 'apps/api/src/modules/order/order.service.ts', `// Sweeps back off (research ${SECTION}5.3).`],
    ['citation', 'apps/api/src/seed/synthetic-companies.ts', ` * directory (research/search.md ${SECTION}2.1).`],
    ['citation', 'packages/domain/src/keyword.ts', ` * Company-name search keys (research search.md ${SECTION}2.3).`],
    ['citation', 'packages/domain/src/credit-code.ts', ` * mod-31 check character. Architecture ${SECTION}8: a code that fails is not offered.`],
    ['citation', 'packages/domain/src/annual-declaration.ts', ` * entity_extra, ${SECTION}4 "Annual report fill-in").`],
    ['testing', 'apps/console/src/lib/client.ts', "export * from '@kuaibao/testing/app';"],
  ] as const)('flags %s in %s: %s', (rule, file, line) => {
    expect(checkFile(file, `${line}\n`).map((violation) => violation.rule)).toEqual([rule]);
  });

  it.each([
    ['a comment naming process.env', 'apps/api/src/app.ts', '// nothing here reads process.env'],
    ['SQL in a test', 'apps/api/src/modules/order/order.routes.test.ts', "await db.updateTable('orders').set({ status: '2' }).execute();"],
    ['SQL in a migration', 'apps/api/src/db/migrations/001_init.ts', "await sql`create table t (id int)`.execute(db);"],
    ['a module importing its own repository', 'apps/api/src/modules/order/order.service.ts', "import { orderRepository } from './order.repository.ts';"],
    ['a tool config reading the environment', 'e2e/playwright.config.ts', 'const port = Number(process.env.PORT ?? 3100);'],
    ['the fakes importing each other', 'packages/testing/src/fake-gateways-app.ts', "import { startFakeAlipayGateway } from '@kuaibao/testing';"],
    ['a link into the repository', 'apps/web/src/pay.ts', '// (docs/product/payments.md#expiry)'],
  ])('allows %s', (_what, file, line) => {
    expect(checkFile(file, `${line}\n`)).toEqual([]);
  });
});
