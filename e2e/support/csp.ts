import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Collects Content-Security-Policy violations across every page of a browser context (finding 10,
 * docs/decisions/015-security-headers.md): each document reports its `securitypolicyviolation`
 * events through a binding, and Chromium's own console lines about the policy are kept as well.
 * It also records the policy each document arrived with, so a clean run cannot be a run without a
 * policy, and the addresses the pages went through (history navigations included).
 */
export interface CspWatch {
  /** One line per violation: where, which directive, what was blocked. */
  readonly violations: string[];
  /** Document address (origin-relative) → the Content-Security-Policy it was served with. */
  readonly policies: Map<string, string | undefined>;
  /** Every address a page of the context showed, with its query. */
  readonly visited: Set<string>;
  /** Fails with every violation and every document served without a policy. */
  expectClean(): void;
}

interface ViolationReport {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

function relative(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const violations: string[] = [];
  const policies = new Map<string, string | undefined>();
  const visited = new Set<string>();

  await context.exposeBinding('__kbCspViolation', (_source, report: ViolationReport) => {
    violations.push(`${report.page}: ${report.directive} blocked ${report.blocked || '(inline)'}${report.source ? ` from ${report.source}` : ''}${report.sample ? ` «${report.sample}»` : ''}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __kbCspViolation(report: unknown): Promise<void> }).__kbCspViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        void report({ page: location.pathname + location.search, directive: event.violatedDirective, blocked: event.blockedURI, source: event.sourceFile, sample: event.sample });
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console ${message.type()} on ${relative(message.page()?.url() ?? 'about:blank')}: ${message.text()}`);
  });
  context.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() === 'document' && request.frame().parentFrame() === null && new URL(response.url()).protocol.startsWith('http') && (response.status() < 300 || response.status() >= 400)) {
      policies.set(relative(response.url()), response.headers()['content-security-policy']);
    }
  });
  const watchPage = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith('http')) visited.add(relative(frame.url()));
    });
  context.pages().forEach(watchPage);
  context.on('page', watchPage);

  return {
    violations,
    policies,
    visited,
    expectClean() {
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      const withoutPolicy = [...policies].filter(([, policy]) => !policy).map(([url]) => url);
      expect(withoutPolicy, 'documents served without a Content-Security-Policy').toEqual([]);
    },
  };
}

/**
 * The policy is enforced, and the watch sees it: an inline script added to the page is refused
 * (it does not run) and reported. Clears the report afterwards.
 */
export async function expectInlineScriptRefused(page: Page, watch: CspWatch): Promise<void> {
  const before = watch.violations.length;
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__kbInlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => watch.violations.slice(before).join('\n')).toMatch(/script-src/);
  expect(await page.evaluate(() => (window as unknown as { __kbInlineRan?: boolean }).__kbInlineRan)).toBeUndefined();
  watch.violations.splice(before);
}

/** Prints what was checked, for the report of the run. */
export function describeWatch(watch: CspWatch): string {
  return `${watch.visited.size} addresses, ${watch.policies.size} documents: ${[...watch.visited].join(', ')}`;
}
