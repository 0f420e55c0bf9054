import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_DEFAULTS } from '../src/config.ts';
import { answerWatch } from './client.ts';
import { crashProbe } from './crash.ts';
import { forgetRunState } from './fixtures.ts';
import { fuzzProbe } from './fuzz.ts';
import type { AttackTarget, ProbeResult } from './probe.ts';
import { brokenDatabaseBootProbe, productionBootProbe, readinessProbe, sandboxInProductionProbe } from './probes/boot.ts';
import { malformedRequestProbe, staffLockoutProbe, uploadProbe } from './probes/console.ts';
import { sandboxNotificationProbe } from './probes/payments.ts';
import { idNumberLeakProbe, logPersonalDataProbe, oauthStateProbe } from './probes/privacy.ts';
import { replayAfterRestartProbe, signatureSkipProbe, signatureTamperProbe } from './probes/signature.ts';
import { pathTraversalProbe, securityHeadersProbe, slowClientProbe } from './probes/transport.ts';
import { eventFloodProbe, forgedClientIpProbe, hostRedirectProbe, phoneLookupGrantsNoWriteProbe } from './probes/visitor.ts';
import { startTarget, type StartedTarget } from './target.ts';

/**
 * The attack suite (docs/security.md): every probe of the security issue against one target, in an
 * order that keeps them from spoiling each other — the boot probes first, each boot alone; the
 * console signed into (and that browser's device cookie kept) before anything fails sign-ins; the
 * phone-lookup budget spent last among the probes; then the fuzzer, the staff-lockout probe (after
 * the fuzzer, which also fuzzes the sign-in route) and the kill -9 crash test. Probes that need what
 * only a self-started server has (its log, a restart, its database file, an admin password) run on
 * one the suite starts itself, and say so.
 */

export interface SuiteOptions {
  /** The server under test; undefined: the suite starts its own and runs everything against it. */
  url?: string;
  signSecret?: string;
  responseAesKey?: string;
  sandboxNotifyKey?: string;
  consoleAdmin?: { username: string; password: string };
  /** Property-based cases per route (0 skips the fuzzer). */
  fuzzCases: number;
  /** kill -9 rounds of the crash test (0 skips it). */
  crashRounds: number;
  /** Also run the slow-client probe against the URL target (it takes the target's request timeout). */
  slowAgainstUrl?: boolean;
  /** The request timeout of the self-started server the slow-client probe uses. */
  slowTimeoutMs: number;
  /** Extra settings of every self-started target (e.g. to show that a weakened server fails). */
  selfEnv?: Record<string, string>;
  onResult?: (result: ProbeResult) => void;
}

type Need = 'admin' | 'log' | 'restart' | 'sqlite';

function satisfies(target: AttackTarget, needs: readonly Need[]): boolean {
  return needs.every((need) => {
    switch (need) {
      case 'admin':
        return target.consoleAdmin !== undefined;
      case 'log':
        return target.logText !== undefined;
      case 'restart':
        return target.restart !== undefined;
      case 'sqlite':
        return target.sqliteFile !== undefined;
    }
  });
}

/** A stand-in for the built web app and console when `npm run build` has not run: the server's headers are what is probed. */
function standInBuilds(dir: string): Record<string, string> {
  const env: Record<string, string> = {};
  const web = path.resolve(import.meta.dirname, '../../web/dist');
  const consoleDist = path.resolve(import.meta.dirname, '../../console/dist');
  if (!existsSync(path.join(web, 'index.html'))) {
    const root = path.join(dir, 'web-dist');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><!--kb-client--><script type="module" src="/assets/index-standin.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(root, 'assets', 'index-standin.js'), 'console.log("stand-in");\n');
    env.WEB_DIST = root;
  }
  if (!existsSync(path.join(consoleDist, 'index.html'))) {
    const root = path.join(dir, 'console-dist');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><script type="module" src="/console/assets/index-standin.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(root, 'assets', 'index-standin.js'), 'console.log("stand-in");\n');
    env.CONSOLE_DIST = root;
  }
  return env;
}

export async function runSuite(options: SuiteOptions): Promise<ProbeResult[]> {
  answerWatch.reset();
  forgetRunState();
  const results: ProbeResult[] = [];
  const report = (list: ProbeResult[], suffix = '') => {
    for (const result of list) {
      const shown = suffix ? { ...result, name: `${result.name} ${suffix}` } : result;
      results.push(shown);
      options.onResult?.(shown);
    }
  };
  const scratch = mkdtempSync(path.join(tmpdir(), 'kuaibao-attack-suite-'));
  const started: StartedTarget[] = [];
  const selfEnv = { ...standInBuilds(scratch), ...options.selfEnv };
  const start = async (env: Record<string, string> = {}) => {
    const target = await startTarget({ env: { ...selfEnv, ...env } });
    started.push(target);
    return target;
  };

  const failed = (label: string) => (error: unknown): ProbeResult[] => [{ name: label, held: false, figure: `the probe could not run: ${(error as Error).message.split('\n')[0]!.slice(0, 300)}` }];
  try {
    // The boot probes start servers of their own, one at a time and before anything else runs: each
    // boot has its 30 s to itself, even on a small, busy machine.
    report(await productionBootProbe().catch(failed('production boot refusals')));
    report(await brokenDatabaseBootProbe().catch(failed('boot on a broken database')));

    let ownTarget: Promise<StartedTarget> | undefined;
    const own = () => (ownTarget ??= start());
    const main: AttackTarget = options.url
      ? {
          baseUrl: options.url.replace(/\/+$/, ''),
          signSecret: options.signSecret ?? DEV_DEFAULTS.SIGN_SECRET,
          ...(options.responseAesKey ? { responseAesKey: options.responseAesKey } : {}),
          ...(options.sandboxNotifyKey ? { sandboxNotifyKey: options.sandboxNotifyKey } : {}),
          ...(options.consoleAdmin ? { consoleAdmin: options.consoleAdmin } : {}),
        }
      : await own();
    const selfStarted = options.url === undefined;

    /** Runs a probe on the main target when it has what the probe needs, else on the self-started one. */
    const step = async (needs: readonly Need[], probe: (target: AttackTarget) => Promise<ProbeResult[]>, label: string) => {
      const onMain = satisfies(main, needs);
      const target = onMain ? main : await own();
      try {
        report(await probe(target), onMain || selfStarted ? '' : '[self-started server]');
      } catch (error) {
        report([{ name: label, held: false, figure: `the probe could not run: ${(error as Error).message.split('\n')[0]!.slice(0, 300)}` }], onMain || selfStarted ? '' : '[self-started server]');
      }
    };
    /** Runs a probe on the main target, and again on the self-started one when the main target lacks `need` (to measure what it needs). */
    const stepWithOwn = async (need: Need, probe: (target: AttackTarget) => Promise<ProbeResult[]>, label: string) => {
      await step([], probe, label);
      if (!satisfies(main, [need])) await step([need], probe, label);
    };

    await step([], sandboxInProductionProbe, 'sandbox in production');
    await step([], readinessProbe, 'readiness');
    await step([], signatureTamperProbe, 'signature tampering');
    await step([], signatureSkipProbe, 'signature skip');
    await step([], securityHeadersProbe, 'security headers');
    await step([], pathTraversalProbe, 'path traversal');
    await step([], hostRedirectProbe, 'forged Host redirect');
    await step([], phoneLookupGrantsNoWriteProbe, 'phone lookup grants no write');
    await step([], oauthStateProbe, 'corp login without the state cookie');
    await stepWithOwn('sqlite', sandboxNotificationProbe, 'sandbox notifications');
    // Console probes sign in (the suite keeps that browser's session and device cookie for the lockout probe).
    await step(['admin'], uploadProbe, 'uploads');
    await step(['admin'], malformedRequestProbe, 'malformed requests');
    await stepWithOwn('sqlite', eventFloodProbe, 'anonymous event flood');
    await step(['log'], logPersonalDataProbe, 'personal data in logs');
    await step(['restart'], replayAfterRestartProbe, 'replay after restart');

    // Slow clients: a self-started server with a short request timeout, and the URL target when asked.
    try {
      const slow = await start({ HTTP_REQUEST_TIMEOUT_MS: String(options.slowTimeoutMs), HTTP_HEADERS_TIMEOUT_MS: String(options.slowTimeoutMs), SEED_COMPANIES: '0' });
      report(await slowClientProbe(slow, { timeoutMs: options.slowTimeoutMs }), selfStarted ? '' : '[self-started server]');
      await slow.stop();
    } catch (error) {
      report([{ name: 'slow clients', held: false, figure: `the probe could not run: ${(error as Error).message.split('\n')[0]}` }]);
    }
    if (options.url && options.slowAgainstUrl) await step([], (target) => slowClientProbe(target, { timeoutMs: 30_000 }), 'slow clients');

    // The ID-number watch looks at everything the run read, and the self-started server's log and database.
    await step([], async () => idNumberLeakProbe(ownTarget ? await ownTarget : main), 'ID numbers');
    // Spends this address's phone-lookup budget: after every other probe that looks up by phone.
    await step([], forgedClientIpProbe, 'forged client address');

    // The fuzzer (apps/api/attack/fuzz.ts) on the target.
    if (options.fuzzCases > 0) await step([], (target) => fuzzProbe(target, { casesPerRoute: options.fuzzCases }), 'fuzzer');
    // After the fuzzer, which signs in and fuzzes the sign-in route: the owner's browser keeps its device cookie whatever that did.
    await step(['admin'], staffLockoutProbe, 'staff lockout');
    // The kill -9 crash test (apps/api/attack/crash.ts) on a fresh self-started server whose sweeps run
    // every second, so duplicate payments are refunded before its checks.
    if (options.crashRounds > 0) {
      try {
        const crashTarget = await start({ PAYMENT_SWEEP_INTERVAL_SECONDS: '1' });
        report(await crashProbe(crashTarget, { rounds: options.crashRounds }), selfStarted ? '' : '[self-started server]');
        await crashTarget.stop();
      } catch (error) {
        report(failed('crash test (kill -9)')(error), selfStarted ? '' : '[self-started server]');
      }
    }
  } finally {
    for (const target of started) await target.stop().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  }
  return results;
}

export function summary(results: readonly ProbeResult[]): string {
  const passed = results.filter((result) => result.held).length;
  return `${passed} passed, ${results.length - passed} failed`;
}
