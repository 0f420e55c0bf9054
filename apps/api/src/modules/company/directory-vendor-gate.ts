import { shanghaiIsoDay, shanghaiStart } from '@kuaibao/domain';
import type { VendorAnswer, VendorRefusal } from '../../providers/directory/port.ts';
import type { DirectoryVendorRepository } from './directory-vendor.repository.ts';

/**
 * The daily budget and the circuit breaker in front of a company-data vendor
 * (docs/decisions/020-company-directory-vendor.md). Every call costs money (about ¥0.10), so the
 * calls of each Shanghai day are counted in the ledger in the database and stop at the budget, and
 * the breaker stops calling for a while after a refusal that says "not now" or a timeout.
 */

/** How long the breaker stays open after each kind of failure (then one call tries again). */
export const BREAKER_OPEN_MS: Readonly<Partial<Record<VendorRefusal | 'timeout' | 'http', number>>> = {
  credentials: 3600_000, // a configuration error, retried hourly
  account: 3600_000,
  daily_limit: 3600_000,
  abnormal_traffic: 10 * 60_000,
  concurrency: 60_000,
  timeout: 60_000,
  http: 60_000,
};

export interface DirectoryLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Whether a vendor is being asked, for the log and the console. */
export interface DirectoryVendorState {
  /** ISO time until which the vendor is not asked (breaker open or budget spent); null when it is */
  pausedUntil: string | null;
  /** why: 'budget', the vendor's Status ('102', '122', …), 'timeout' or 'http'; null when not paused */
  pauseReason: string | null;
}

export interface VendorGate {
  /** One budgeted, ledgered call; undefined when the vendor must not be asked now. */
  call<T>(ask: () => Promise<VendorAnswer<T>>): Promise<VendorAnswer<T> | undefined>;
  state(): DirectoryVendorState;
}

/** The start of the next Shanghai day, when a spent budget is available again. */
function nextShanghaiMidnight(at: Date): number {
  return Date.parse(shanghaiStart(at, 'day')) + 24 * 3600_000;
}

function pauseFor(answer: VendorAnswer<unknown>): number | undefined {
  if (answer.kind === 'refused') return BREAKER_OPEN_MS[answer.reason];
  if (answer.kind === 'unreachable') return BREAKER_OPEN_MS[answer.status];
  return undefined;
}

export function createVendorGate(deps: {
  vendor: string;
  store: DirectoryVendorRepository;
  dailyBudget: number;
  now: () => Date;
  log: DirectoryLogger;
  /** counts every call by status (each one is billed) */
  countCall?: (status: string) => void;
}): VendorGate {
  const { vendor, store, now, log } = deps;
  let breakerOpenUntil = 0;
  let breakerReason = '';

  function openBreaker(reason: string, until: number, detail: object): void {
    const first = now().getTime() >= breakerOpenUntil;
    if (until > breakerOpenUntil) {
      breakerOpenUntil = until;
      breakerReason = reason;
    }
    if (first) log.warn({ vendor, reason, until: new Date(breakerOpenUntil).toISOString(), ...detail }, 'company directory vendor paused; answering from the local directory');
  }

  return {
    async call(ask) {
      const at = now();
      if (at.getTime() < breakerOpenUntil) return undefined;
      const day = shanghaiIsoDay(at);
      if ((await store.callsOn(vendor, day)) >= deps.dailyBudget) {
        openBreaker('budget', nextShanghaiMidnight(at), { dailyBudget: deps.dailyBudget });
        return undefined;
      }
      const answer = await ask();
      await store.recordCall(vendor, day, answer.status);
      deps.countCall?.(answer.status);
      const pause = pauseFor(answer);
      if (pause !== undefined) openBreaker(answer.status, now().getTime() + pause, { answer });
      return answer;
    },

    state() {
      const paused = now().getTime() < breakerOpenUntil;
      return { pausedUntil: paused ? new Date(breakerOpenUntil).toISOString() : null, pauseReason: paused ? breakerReason : null };
    },
  };
}
