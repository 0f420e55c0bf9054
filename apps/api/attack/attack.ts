/**
 * npm run attack — the security issue's attack suite (docs/security.md). One line per probe, then
 * `N passed, N failed`; exit code 1 when any defence did not hold.
 *
 *   npm run attack                                   # starts its own server (fresh SQLite) and runs everything
 *   npm run attack -- http://127.0.0.1:3000          # against a running server (npm start: dev mode, TRUST_PROXY off)
 *       [--sign-secret=…] [--response-key=…] [--sandbox-notify-key=…]   # the target's keys (development defaults otherwise)
 *       [--console-user=admin --console-password=…]  # console probes on the target; otherwise on a self-started server
 *       [--slow]                                     # also run the slow-client probe against the target (takes its 30 s timeout)
 *   common: [--fuzz-cases=1000] [--crash-rounds=5] [--slow-timeout-ms=3000]
 *           [--target-env=KEY=VALUE …]               # extra settings of self-started servers (e.g. SIGNATURE_REQUIRED=false
 *                                                    # shows the suite failing against a weakened server)
 *
 * Probes that need a server's log, a restart, its database file or kill -9 run on a server the suite
 * starts itself (apps/api/attack/target.ts), and their lines say "[self-started server]".
 */
import { formatResult, type ProbeResult } from './probe.ts';
import { runSuite, summary, type SuiteOptions } from './suite.ts';

const USAGE = 'usage: npm run attack -- [http://host:port] [--sign-secret=…] [--response-key=…] [--sandbox-notify-key=…] [--console-user=admin] [--console-password=…] [--fuzz-cases=1000] [--crash-rounds=5] [--slow] [--slow-timeout-ms=3000] [--target-env=KEY=VALUE]';

interface Arguments {
  url: string | undefined;
  flags: Map<string, string[]>;
}

function parseArguments(argv: readonly string[]): Arguments {
  const flags = new Map<string, string[]>();
  let url: string | undefined;
  const booleans = new Set(['slow', 'help']);
  const known = new Set([...booleans, 'sign-secret', 'response-key', 'sandbox-notify-key', 'console-user', 'console-password', 'fuzz-cases', 'crash-rounds', 'slow-timeout-ms', 'target-env']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
      if (!known.has(name)) throw new Error(`unknown option --${name}`);
      let value = eq > 0 ? arg.slice(eq + 1) : 'true';
      if (eq < 0 && !booleans.has(name)) {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) throw new Error(`--${name} needs a value`);
        value = next;
        i += 1;
      }
      flags.set(name, [...(flags.get(name) ?? []), value]);
    } else if (url === undefined) {
      url = arg;
    } else {
      throw new Error(`unexpected argument ${arg}`);
    }
  }
  return { url, flags };
}

function integer(flags: Map<string, string[]>, name: string, fallback: number, min: number): number {
  const raw = flags.get(name)?.at(-1);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return value;
}

async function main(): Promise<number> {
  let args: Arguments;
  try {
    args = parseArguments(process.argv.slice(2));
    if (args.url !== undefined) {
      const url = new URL(args.url);
      if (url.protocol !== 'http:') throw new Error('the target must be an http:// address');
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { url, flags } = args;
  if (flags.has('help')) {
    console.log(USAGE);
    return 0;
  }
  const last = (name: string) => flags.get(name)?.at(-1);
  const selfEnv: Record<string, string> = {};
  for (const pair of flags.get('target-env') ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      console.error(`--target-env wants KEY=VALUE, got ${pair}\n${USAGE}`);
      return 2;
    }
    selfEnv[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const password = last('console-password');
  let options: SuiteOptions;
  try {
    options = {
      ...(url ? { url } : {}),
      ...(last('sign-secret') ? { signSecret: last('sign-secret') } : {}),
      ...(last('response-key') ? { responseAesKey: last('response-key') } : {}),
      ...(last('sandbox-notify-key') ? { sandboxNotifyKey: last('sandbox-notify-key') } : {}),
      ...(url && password ? { consoleAdmin: { username: last('console-user') ?? 'admin', password } } : {}),
      fuzzCases: integer(flags, 'fuzz-cases', 1000, 0),
      crashRounds: integer(flags, 'crash-rounds', 5, 0),
      slowAgainstUrl: flags.has('slow'),
      slowTimeoutMs: integer(flags, 'slow-timeout-ms', 3000, 1000),
      selfEnv,
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.responseAesKey && !/^[0-9a-fA-F]{32}$/.test(options.responseAesKey)) {
    console.error(`--response-key must be 32 hex characters\n${USAGE}`);
    return 2;
  }
  const results: ProbeResult[] = [];
  options.onResult = (result) => {
    results.push(result);
    console.log(formatResult(result));
  };
  await runSuite(options);
  console.log(summary(results));
  return results.every((result) => result.held) ? 0 : 1;
}

process.exitCode = await main();
