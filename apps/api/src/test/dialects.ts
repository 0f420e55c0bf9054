import { describe as vitestDescribe } from 'vitest';
import { dialectRuns, type Dialect, type SuiteNeeds } from './test-servers.ts';

/**
 * Suites declared once per database dialect. A dialect (or Redis) this run lacks is declared all
 * the same and skipped, with the reason in its title, so the report shows it as skipped rather
 * than leaving it out (test-servers.ts says how a run picks its dialects).
 */

export type { Dialect } from './test-servers.ts';

/** A `describe` that skips its suite when `skip` gives a reason, adding "(skipped: reason)" to the title. */
export type DialectDescribe = (title: string, body: () => void) => void;

function describeUnless(skip: string | false, timeout: number | undefined): DialectDescribe {
  return (title, body) => {
    const note = skip === false ? '' : ` (skipped: ${skip})`;
    vitestDescribe.skipIf(skip !== false)(`${title}${note}`, () => {
      body();
    }, timeout);
  };
}

/**
 * The suites of a loop over the dialects: `for (const { dialect, describeDialect } of dialectSuites()) describeDialect(…)`;
 * `describeDialect` is a `describe` that skips (and says why) a dialect this run does not test.
 */
export function dialectSuites(needs: SuiteNeeds = {}): Array<{ dialect: Dialect; describeDialect: DialectDescribe }> {
  return dialectRuns(needs).map(({ dialect, skip }) => ({ dialect, describeDialect: describeUnless(skip, needs.timeout) }));
}

/**
 * `describe.each` over the dialects, each half shown even when this run skips it:
 * `describeDialects('orders (%s)', (dialect) => …)`, or with what the suite needs,
 * `describeDialects('two instances with one Redis (%s)', { redis: true }, (dialect) => …)`.
 * `%s` in the title is the dialect.
 */
export function describeDialects(title: string, body: (dialect: Dialect) => void): void;
export function describeDialects(title: string, needs: SuiteNeeds, body: (dialect: Dialect) => void): void;
export function describeDialects(title: string, needsOrBody: SuiteNeeds | ((dialect: Dialect) => void), maybeBody?: (dialect: Dialect) => void): void {
  const [needs, body] = typeof needsOrBody === 'function' ? [{}, needsOrBody] : [needsOrBody, maybeBody!];
  for (const { dialect, describeDialect } of dialectSuites(needs)) describeDialect(title.replace('%s', dialect), () => body(dialect));
}
