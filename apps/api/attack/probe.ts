/**
 * The attack suite's vocabulary (docs/security.md): a probe tries one hole against a running
 * server and says whether the defence held, with the figure it measured.
 */
export interface ProbeResult {
  /** Short name, e.g. "forged X-Forwarded-For walks around the phone-lookup limit". */
  name: string;
  held: boolean;
  /** What was measured, e.g. "31st lookup answered 429 (30 allowed)". */
  figure: string;
}

export interface AttackTarget {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  /** The request-signature secret the target runs with (SIGN_SECRET). */
  signSecret: string;
  /** RESPONSE_AES_KEY (32 hex) of encrypted answers; the development default when unset. */
  responseAesKey?: string;
  /** SANDBOX_NOTIFY_KEY, the sandbox gateway's HMAC key; the development default when unset. */
  sandboxNotifyKey?: string;
  /** The console's first admin, when known (the self-started target knows it). */
  consoleAdmin?: { username: string; password: string };
  /** Everything the target has written to stdout and stderr so far, when the suite started it. */
  logText?: () => string;
  /** Restarts the target on the same database (self-started target only). */
  restart?: () => Promise<void>;
  /** Kills the target with SIGKILL and starts it again on the same database (self-started target only). */
  killAndRestart?: () => Promise<void>;
  /** The target's SQLite file (self-started target only). */
  sqliteFile?: string;
}

export type Probe = (target: AttackTarget) => Promise<ProbeResult | ProbeResult[]>;

export function formatResult(result: ProbeResult): string {
  return `${result.held ? 'held  ' : 'BROKEN'}  ${result.name} — ${result.figure}`;
}
