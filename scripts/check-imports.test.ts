import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImports, checkRepository, importsOf, type ImportAllowlist, type Workspace } from './check-imports.ts';

const NOTHING_ALLOWED: ImportAllowlist = { deep: {}, name: [] };
const WORKSPACES = new Map<string, Workspace>([
  ['@kuaibao/domain', { dir: 'packages/domain', exports: { '.': './src/index.ts' } }],
  ['@kuaibao/api', { dir: 'apps/api', exports: undefined }],
]);

/** A small tree that keeps every rule: two modules with public lists, a test reaching in, names by folder role. */
const CLEAN: Record<string, string> = {
  'packages/domain/src/index.ts': "export * from './money.ts';\n",
  'packages/domain/src/money.ts': 'export const fen = (yuan: number) => Math.round(yuan * 100);\n',
  'apps/api/src/app.ts': "import { registerOrderRoutes } from './modules/order/index.ts';\nimport { createPaymentService } from './modules/payment/index.ts';\nexport { registerOrderRoutes, createPaymentService };\n",
  'apps/api/src/modules/order/index.ts': "export { registerOrderRoutes } from './order.routes.ts';\nexport { markOrderPaid } from './order-payments.ts';\n",
  'apps/api/src/modules/order/order.routes.ts': "import { fen } from '@kuaibao/domain';\nexport const registerOrderRoutes = () => fen(1);\n",
  'apps/api/src/modules/order/order-payments.ts': "import type { OrderRow } from '../../db/schema.ts';\nexport const markOrderPaid = (order: OrderRow) => order;\n",
  'apps/api/src/modules/payment/index.ts': "export { createPaymentService } from './payment.service.ts';\n",
  'apps/api/src/modules/payment/payment.service.ts': "import { markOrderPaid } from '../order/index.ts';\nexport const createPaymentService = () => ({ markOrderPaid });\n",
  'apps/api/src/modules/payment/payment.flows.test.ts': "import { markOrderPaid } from '../order/order-payments.ts';\nexpect(markOrderPaid).toBeDefined();\n",
  'apps/api/src/db/schema.ts': 'export interface OrderRow { id: number }\n',
  'apps/api/src/providers/sms/index.ts': "export * from './port.ts';\n",
  'apps/api/src/providers/sms/port.ts': 'export interface SmsProvider { id: string }\n',
  'apps/api/src/providers/storage/index.ts': "export * from './port.ts';\n",
  'apps/api/src/providers/storage/port.ts': 'export interface StorageProvider { id: string }\n',
  'apps/api/src/modules/console/routes/orders.routes.ts': 'export const registerConsoleOrderRoutes = () => undefined;\n',
};

const check = (planted: Record<string, string>, allowlist = NOTHING_ALLOWED) => checkImports(new Map(Object.entries({ ...CLEAN, ...planted })), WORKSPACES, allowlist);
const found = (planted: Record<string, string>, allowlist = NOTHING_ALLOWED) => check(planted, allowlist).violations.map(({ rule, file, line }) => ({ rule, file, line }));

describe('check-imports', () => {
  it('passes a tree that keeps every rule', () => {
    expect(check({})).toEqual({ violations: [], stale: [] });
  });

  describe('deep', () => {
    it.each([
      ['a module reaching into another', 'apps/api/src/modules/payment/refunds.ts', 1, "import { markOrderPaid } from '../order/order-payments.ts';\n"],
      ['app.ts reaching into a module', 'apps/api/src/app.ts', 1, "import { registerOrderRoutes } from './modules/order/order.routes.ts';\n"],
      ['a job reaching into a module by a type', 'apps/api/src/jobs/sweep.ts', 3, "\nimport type { OrderRow } from '../db/schema.ts';\nimport type { markOrderPaid } from '../modules/order/order-payments.ts';\n"],
      ['a package reaching in through the workspace name', 'packages/domain/src/reach.ts', 1, "import { markOrderPaid } from '@kuaibao/api/src/modules/order/order-payments.ts';\n"],
    ])('refuses %s', (_what, file, line, text) => {
      expect(found({ [file]: text })).toEqual([{ rule: 'deep', file, line }]);
    });

    it('lets an allowlisted importer reach into its module only, and reports the entry once it no longer does', () => {
      const allowlist: ImportAllowlist = { deep: { order: ['apps/api/src/seed/seed.ts', 'apps/api/src/app.ts'] }, name: [] };
      const planted = { 'apps/api/src/seed/seed.ts': "import { markOrderPaid } from '../modules/order/order-payments.ts';\nimport { createPaymentService } from '../modules/payment/payment.service.ts';\n" };
      const { violations, stale } = check(planted, allowlist);
      expect(violations.map(({ rule, file, line }) => ({ rule, file, line }))).toEqual([{ rule: 'deep', file: 'apps/api/src/seed/seed.ts', line: 2 }]);
      expect(stale).toEqual(['ALLOWLIST.deep.order lists apps/api/src/app.ts, which no longer reaches inside modules/order: remove it']);
    });
  });

  describe('cycle', () => {
    it('refuses two files that import each other, printing the cycle', () => {
      const { violations } = check({
        'apps/api/src/http/nonce-store.ts': "export { createDatabaseNonceStore } from './request-nonces.repository.ts';\nexport const LIFETIME = 600;\n",
        'apps/api/src/http/request-nonces.repository.ts': "import { LIFETIME } from './nonce-store.ts';\nexport const createDatabaseNonceStore = () => LIFETIME;\n",
      });
      expect(violations).toEqual([
        {
          rule: 'cycle',
          file: 'apps/api/src/http/nonce-store.ts',
          line: 1,
          message: 'import cycle:\n      apps/api/src/http/nonce-store.ts\n      → apps/api/src/http/request-nonces.repository.ts\n      → apps/api/src/http/nonce-store.ts',
        },
      ]);
    });

    it('counts a cycle of type imports, and names every file of a longer one', () => {
      const { violations } = check({
        'apps/api/src/modules/payment/payment.service.ts': "import { createAttempts } from './attempts.ts';\nexport type Outcome = 'APPLIED';\nexport const createPaymentService = () => createAttempts();\n",
        'apps/api/src/modules/payment/attempts.ts': "import { sweep } from './sweeps.ts';\nexport const createAttempts = () => sweep;\n",
        'apps/api/src/modules/payment/sweeps.ts': "import type { Outcome } from './payment.service.ts';\nexport const sweep = (outcome: Outcome) => outcome;\n",
      });
      expect(violations).toHaveLength(1);
      expect(violations[0]!.rule).toBe('cycle');
      expect(violations[0]!.message).toBe(
        'import cycle:\n      apps/api/src/modules/payment/attempts.ts\n      → apps/api/src/modules/payment/sweeps.ts\n      → apps/api/src/modules/payment/payment.service.ts (type)\n      → apps/api/src/modules/payment/attempts.ts',
      );
    });

    it('follows a workspace import to the file its exports name', () => {
      const { violations } = check({ 'packages/domain/src/money.ts': "import { fen as again } from '@kuaibao/domain';\nexport const fen = (yuan: number) => again(yuan);\n" });
      expect(violations.map((violation) => violation.message)).toEqual(['import cycle:\n      packages/domain/src/index.ts\n      → packages/domain/src/money.ts\n      → packages/domain/src/index.ts']);
    });

    it('refuses two modules that import each other through their public lists', () => {
      const { violations } = check({ 'apps/api/src/modules/order/order-payments.ts': "import { createPaymentService } from '../payment/index.ts';\nexport const markOrderPaid = () => createPaymentService;\n" });
      expect(violations.map((violation) => violation.rule)).toEqual(['cycle']);
      expect(violations[0]!.message).toContain('apps/api/src/modules/payment/index.ts');
    });
  });

  describe('name', () => {
    it('refuses two source files of the server with one name', () => {
      expect(found({ 'apps/api/src/modules/console/payment.service.ts': 'export {};\n', 'apps/api/src/modules/payment/payment.service.ts': 'export {};\n' })).toEqual([
        { rule: 'name', file: 'apps/api/src/modules/console/payment.service.ts', line: 1 },
      ]);
    });

    it('lets tests, folder entries, ports, console route files and files outside the server share names', () => {
      expect(
        found({
          'apps/api/src/modules/console/console.test-support.ts': 'export {};\n',
          'apps/api/src/modules/order/console.test-support.ts': 'export {};\n',
          'apps/api/src/modules/console/routes/order.routes.ts': 'export {};\n',
          'apps/api/src/modules/order/order.routes.ts': 'export {};\n',
          'apps/web/src/app.ts': 'export {};\n',
        }),
      ).toEqual([]);
    });

    it('lets an allowlisted name be shared, and reports it once one file has it', () => {
      const allowlist = { deep: {}, name: ['schema.ts'] };
      expect(check({ 'apps/api/src/config/schema.ts': 'export {};\n' }, allowlist)).toEqual({ violations: [], stale: [] });
      expect(check({}, allowlist)).toEqual({ violations: [], stale: ['ALLOWLIST.name lists schema.ts, which only one file has now: remove it'] });
    });
  });

  describe('reading imports', () => {
    it('reads every form of import and re-export, on the line where the specifier is', () => {
      const text = [
        "import a from './a.ts';",
        'import {',
        '  b,',
        '  c,',
        "} from './bc.ts';",
        "import type { D } from './d.ts';",
        "import './side-effect.ts';",
        "export * from './e.ts';",
        "export type { F } from './f.ts';",
        "const g = await import('./g.ts');",
        "const h = () => import(`./h.ts`);",
      ].join('\n');
      expect(importsOf(text)).toEqual([
        { specifier: './a.ts', line: 1, typeOnly: false },
        { specifier: './bc.ts', line: 5, typeOnly: false },
        { specifier: './d.ts', line: 6, typeOnly: true },
        { specifier: './side-effect.ts', line: 7, typeOnly: false },
        { specifier: './e.ts', line: 8, typeOnly: false },
        { specifier: './f.ts', line: 9, typeOnly: true },
        { specifier: './g.ts', line: 10, typeOnly: false },
      ]);
    });

    it('ignores import text inside strings, templates, comments and regular expressions', () => {
      const text = [
        "const fixture = \"import { orderRepository } from '../order/order.repository.ts';\";",
        "const template = `export * from './x.ts'; ${'import y from \\'./y.ts\\''}`;",
        "// import z from './z.ts';",
        "/* export { w } from './w.ts'; */",
        "const pattern = /from ['\"]node:/;",
        "const reading = { from: './v.ts' };",
        "import real from './real.ts';",
      ].join('\n');
      expect(importsOf(text)).toEqual([{ specifier: './real.ts', line: 7, typeOnly: false }]);
    });
  });

  describe('on a scratch copy of a repository', () => {
    let root: string;
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'kuaibao-imports-'));
      write('package.json', JSON.stringify({ workspaces: ['packages/*', 'apps/*'] }));
      write('packages/domain/package.json', JSON.stringify({ name: '@kuaibao/domain', exports: { '.': './src/index.ts' } }));
      write('apps/api/package.json', JSON.stringify({ name: '@kuaibao/api' }));
      for (const [file, text] of Object.entries(CLEAN)) write(file, text);
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('reads the files and the workspaces from disk, passes the clean tree, then refuses each planted violation', () => {
      expect(checkRepository(root, NOTHING_ALLOWED)).toEqual({ violations: [], stale: [] });
      write('apps/api/src/modules/order/order.service.ts', "import { createPaymentService } from '../payment/payment.service.ts';\nexport const createOrderService = () => createPaymentService;\n");
      write('packages/domain/src/rounding.ts', "import { fen } from '@kuaibao/domain';\nexport const cents = fen;\n");
      write('packages/domain/src/index.ts', "export * from './money.ts';\nexport * from './rounding.ts';\n");
      write('apps/api/src/modules/order/order-payments.test.ts', 'export {};\n');
      write('apps/api/src/jobs/order-payments.ts', 'export {};\n');
      const { violations } = checkRepository(root, NOTHING_ALLOWED);
      expect(violations.map(({ rule, file }) => ({ rule, file }))).toEqual([
        { rule: 'deep', file: 'apps/api/src/modules/order/order.service.ts' },
        { rule: 'cycle', file: 'packages/domain/src/index.ts' },
        { rule: 'name', file: 'apps/api/src/jobs/order-payments.ts' },
      ]);
    });
  });
});
