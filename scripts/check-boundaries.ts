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
 *
 * Tests (*.test.ts, *.test-support.ts, apps/api/src/test/) may arrange data with SQL; every other
 * rule holds for them too.
 */

export type Rule = 'env' | 'sql' | 'repository' | 'domain' | 'citation' | 'testing';

export interface Violation {
  rule: Rule;
  file: string;
  line: number;
  text: string;
}

/**
 * Today's violations, file by file, so the check passes while issue 12's branches are merged: those
 * branches move the SQL into repositories and rewrite the citations (with the rewrite script
 * described in decision 019). The merge shrinks this list; it must only ever shrink, and a file
 * listed here that no longer violates its rule is reported too, so stale entries do not linger.
 */
export const ALLOWLIST: Readonly<Record<Rule, readonly string[]>> = {
  env: ['e2e/support/orders-db.ts'],
  sql: [
    'apps/api/src/http/nonce-store.ts',
    'apps/api/src/jobs/payment-sweeps.ts',
    'apps/api/src/jobs/sms-outbox.ts',
    'apps/api/src/modules/console/audit.ts',
    'apps/api/src/modules/console/auth.service.ts',
    'apps/api/src/modules/console/catalog.service.ts',
    'apps/api/src/modules/console/dashboard.service.ts',
    'apps/api/src/modules/console/feedback.service.ts',
    'apps/api/src/modules/console/orders.service.ts',
    'apps/api/src/modules/console/refunds.service.ts',
    'apps/api/src/modules/console/reset-password.cli.ts',
    'apps/api/src/modules/console/sms-log.service.ts',
    'apps/api/src/modules/console/staff.service.ts',
    'apps/api/src/modules/event/event.service.ts',
    'apps/api/src/modules/feedback/feedback.service.ts',
    'apps/api/src/modules/goods/goods.service.ts',
    'apps/api/src/modules/payment/payment.service.ts',
    'apps/api/src/modules/site-config/site-config.service.ts',
    'apps/api/src/providers/payment/sandbox/sandbox-gateway.ts',
  ],
  repository: ['apps/api/src/modules/payment/payment.service.ts'],
  domain: [],
  citation: [
    // Every file that cites them today; the rewrite script empties this list after the merge.
    'apps/api/bench/search.bench.ts',
    'apps/api/src/config/sms.ts',
    'apps/api/src/db/migrations/002_company_search.ts',
    'apps/api/src/http/rate-limit.ts',
    'apps/api/src/http/response-crypto.ts',
    'apps/api/src/modules/account/account.routes.ts',
    'apps/api/src/modules/company/company.repository.ts',
    'apps/api/src/modules/console/dashboard.service.ts',
    'apps/api/src/modules/console/feedback.service.ts',
    'apps/api/src/modules/console/orders.service.ts',
    'apps/api/src/modules/console/refunds.service.ts',
    'apps/api/src/modules/console/sms-log.service.ts',
    'apps/api/src/modules/corp/corp.routes.ts',
    'apps/api/src/modules/corp/corp.service.ts',
    'apps/api/src/modules/goods/goods.routes.ts',
    'apps/api/src/modules/order/order.service.ts',
    'apps/api/src/modules/payment/payment.service.ts',
    'apps/api/src/modules/site-config/site-config.routes.ts',
    'apps/api/src/providers/payment/alipay/alipay.provider.test.ts',
    'apps/api/src/providers/payment/alipay/alipay.provider.ts',
    'apps/api/src/providers/payment/wechatpay/wechatpay-crypto.ts',
    'apps/api/src/providers/payment/wechatpay/wechatpay.provider.ts',
    'apps/api/src/security/personal-data.ts',
    'apps/api/src/seed/defaults.ts',
    'apps/api/src/seed/seed.test.ts',
    'apps/api/src/seed/synthetic-companies.ts',
    'apps/console/src/routes/config/site-config-page.tsx',
    'apps/console/src/routes/orders/order-info.tsx',
    'apps/console/src/routes/sms/sms-log-page.tsx',
    'apps/console/src/ui/status-tags.tsx',
    'apps/web/src/api/account-endpoints.ts',
    'apps/web/src/api/activity.ts',
    'apps/web/src/api/client.ts',
    'apps/web/src/api/crypto.ts',
    'apps/web/src/api/endpoints.ts',
    'apps/web/src/api/order-endpoints.ts',
    'apps/web/src/app.tsx',
    'apps/web/src/common/honesty-notice.tsx',
    'apps/web/src/common/pay-countdown.tsx',
    'apps/web/src/common/pay-qr.tsx',
    'apps/web/src/common/pay-types.ts',
    'apps/web/src/common/place-order.ts',
    'apps/web/src/common/progress-path.ts',
    'apps/web/src/common/promises.tsx',
    'apps/web/src/common/service-contact.ts',
    'apps/web/src/common/service-dialog.test.tsx',
    'apps/web/src/common/service-dialog.tsx',
    'apps/web/src/common/wechat-pay-flow.ts',
    'apps/web/src/main.tsx',
    'apps/web/src/pages/check/check-detail-page.tsx',
    'apps/web/src/pages/check/check-page.tsx',
    'apps/web/src/pages/check/contact-agent.tsx',
    'apps/web/src/pages/check/lookup.test.tsx',
    'apps/web/src/pages/check/lookup.ts',
    'apps/web/src/pages/check/phone-field.tsx',
    'apps/web/src/pages/check/query-dialog.tsx',
    'apps/web/src/pages/check/status-badge.tsx',
    'apps/web/src/pages/corp/corp-order-detail-page.tsx',
    'apps/web/src/pages/corp/corp-routes.tsx',
    'apps/web/src/pages/corp/corp-tab-bar.tsx',
    'apps/web/src/pages/corp/mini-program-orders.tsx',
    'apps/web/src/pages/corp/my-page.tsx',
    'apps/web/src/pages/corp/order-list-page.tsx',
    'apps/web/src/pages/error/error-page.tsx',
    'apps/web/src/pages/home/agreement.tsx',
    'apps/web/src/pages/home/company-search.tsx',
    'apps/web/src/pages/home/desktop-pay-dialog.tsx',
    'apps/web/src/pages/home/explanation.tsx',
    'apps/web/src/pages/home/form-rules.ts',
    'apps/web/src/pages/home/home-footer.tsx',
    'apps/web/src/pages/home/home-form.test.tsx',
    'apps/web/src/pages/home/home-page.tsx',
    'apps/web/src/pages/home/order-form.tsx',
    'apps/web/src/pages/home/report-entry.tsx',
    'apps/web/src/pages/home/use-company-search.ts',
    'apps/web/src/pages/lookup-routes.tsx',
    'apps/web/src/pages/not-found/not-found-page.tsx',
    'apps/web/src/pages/order-detail/order-detail-page.tsx',
    'apps/web/src/pages/order-detail/receipt-dialog.tsx',
    'apps/web/src/pages/order-detail/receipt-handoff.ts',
    'apps/web/src/pages/order-detail/receipt.test.tsx',
    'apps/web/src/pages/order-detail/receipt.tsx',
    'apps/web/src/pages/pay/pay-page.tsx',
    'apps/web/src/pages/report/report-dialog.tsx',
    'apps/web/src/pages/report/report-form.test.tsx',
    'apps/web/src/pages/report/report-form.tsx',
    'apps/web/src/pages/report/report-intro.tsx',
    'apps/web/src/pages/report/report-page.tsx',
    'apps/web/src/pages/success/declaration.test.tsx',
    'apps/web/src/pages/success/declaration.tsx',
    'apps/web/src/pages/success/success-dialog.tsx',
    'apps/web/src/pages/success/success-page.tsx',
    'apps/web/src/pages/success/success-summary.tsx',
    'apps/web/src/pages/success/use-declaration.ts',
    'apps/web/src/pages/success/use-paid-order.ts',
    'apps/web/src/platform/base-path.ts',
    'apps/web/src/platform/context.tsx',
    'apps/web/src/platform/detect.ts',
    'apps/web/src/platform/variant.ts',
    'apps/web/src/platform/wechat-bridge.ts',
    'apps/web/src/startup.test.ts',
    'apps/web/src/startup.ts',
    'apps/web/src/storage.ts',
    'apps/web/src/ui/countdown-banner.tsx',
    'apps/web/src/ui/danmaku.tsx',
    'apps/web/src/ui/marquee.tsx',
    'apps/web/src/ui/overlays.tsx',
    'apps/web/src/ui/page-header.tsx',
    'apps/web/src/ui/toast.tsx',
    'apps/web/src/wechat-startup.test.ts',
    'apps/web/src/wechat-startup.ts',
    'apps/web/vite.config.ts',
    'e2e/playwright.config.ts',
    'e2e/support/lookup.ts',
    'e2e/support/wechat.ts',
    'e2e/tests/corp.journey.spec.ts',
    'e2e/tests/desktop.journey.spec.ts',
    'e2e/tests/desktop.lookup.spec.ts',
    'e2e/tests/desktop.success.spec.ts',
    'e2e/tests/mobile.home.spec.ts',
    'e2e/tests/mobile.journey.spec.ts',
    'e2e/tests/mobile.lookup.spec.ts',
    'e2e/tests/mobile.report.spec.ts',
    'e2e/tests/mobile.success.spec.ts',
    'packages/domain/src/annual-declaration.ts',
    'packages/domain/src/constants.test.ts',
    'packages/domain/src/constants.ts',
    'packages/domain/src/contracts/account.ts',
    'packages/domain/src/contracts/company.ts',
    'packages/domain/src/contracts/envelope.ts',
    'packages/domain/src/contracts/event.ts',
    'packages/domain/src/contracts/goods.ts',
    'packages/domain/src/contracts/init.ts',
    'packages/domain/src/contracts/order.ts',
    'packages/domain/src/contracts/site-config.ts',
    'packages/domain/src/countdown.ts',
    'packages/domain/src/credit-code.test.ts',
    'packages/domain/src/credit-code.ts',
    'packages/domain/src/errors.ts',
    'packages/domain/src/goods-texts.ts',
    'packages/domain/src/id-number.ts',
    'packages/domain/src/keyword.test.ts',
    'packages/domain/src/keyword.ts',
    'packages/domain/src/order-handling.ts',
    'packages/domain/src/order-status.test.ts',
    'packages/domain/src/order-status.ts',
    'packages/domain/src/payment-rules.ts',
    'packages/domain/src/phone.ts',
    'packages/domain/src/report.ts',
    'packages/domain/src/signature.ts',
    'packages/domain/src/sms-texts.ts',
    'packages/domain/src/status-display.ts',
    'packages/domain/src/variant-texts.ts',
    'packages/domain/src/wechat-login.ts',
    'packages/domain/src/wire.ts',
  ],
  testing: [],
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
    if (ENV_USE.test(line) && !isApiConfig(file) && !isToolConfig(file)) add('env', index);
    if (inApiSrc && SQL_USE.test(line) && !file.endsWith('.repository.ts') && !file.startsWith('apps/api/src/db/') && !file.startsWith('apps/api/src/seed/') && !isTest(file)) add('sql', index);
    if (inDomain && DOMAIN_IMPURE.test(line)) add('domain', index);
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
