import { isValidCreditCode, shanghaiIsoDay, shanghaiStart } from '@kuaibao/domain';
import { answerRow, validStoredAnswer } from '../../modules/company/annual-report-checks.ts';
import type { AnnualReportCheckRepository } from '../../modules/company/annual-report-checks.repository.ts';
import type { CompanyRepository } from '../../modules/company/company.repository.ts';
import type { DirectoryVendorRepository, VendorCompany } from '../../modules/company/directory-vendor.repository.ts';
import type { AnnualReportLookup, CompanyDirectory, DirectoryCompany } from './port.ts';
import { QICHACHA_MAX_PAGE_SIZE, type QichachaFuzzyItem, type QichachaWire } from './qichacha.wire.ts';

/**
 * The 企查查 source behind the directory port (docs/decisions/020-company-directory-vendor.md).
 * Every call costs money (about ¥0.10), so:
 * - local first: the vendor is asked only when the local index has fewer than THIN_LOCAL_RESULTS
 *   matches, for normalised keywords of 2+ characters;
 * - every answer, "no result" included, is cached by normalised keyword, and every company it
 *   brings is written into the local directory, so the next search is local and free;
 * - a daily budget counted from the ledger in the database, and a circuit breaker that stops
 *   calling for a while on budget spent, 102/109/112/116/120/122 and timeouts;
 * - the annual-report summary is asked at most once per company and year while the stored answer
 *   stands (docs/decisions/023-annual-report-precheck.md).
 * A failure is logged and answered from local data: the visitor never sees a vendor's error.
 */

export const QICHACHA = 'qichacha';
/** Below this many local matches the local answer is "thin" and the vendor is asked. */
export const THIN_LOCAL_RESULTS = 3;
/** The vendor's 110: the same failing query repeated; it asks for 2 hours before the next try. */
export const REPEATED_QUERY_BACKOFF_MS = 2 * 3600_000;

/** How long the breaker stays open after each vendor status (then one call tries again). */
export const BREAKER_OPEN_MS: Readonly<Record<string, number>> = {
  '101': 3600_000, // key invalid: a configuration error, retried hourly
  '102': 3600_000, // in arrears
  '107': 3600_000, // IP not whitelisted or bad signature
  '109': 3600_000, // daily limit
  '112': 3600_000, // quota used up
  '116': 3600_000, // daily limit
  '120': 10 * 60_000, // abnormal traffic
  '122': 60_000, // concurrency limit
  timeout: 60_000,
  http: 60_000,
};

export interface DirectoryLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface QichachaDirectoryDeps {
  wire: QichachaWire;
  companies: CompanyRepository;
  store: DirectoryVendorRepository;
  /** the definite annual-report answers, read first and written after every call (decision 023) */
  reportChecks: AnnualReportCheckRepository;
  dailyBudget: number;
  cacheHours: number;
  now: () => Date;
  log: DirectoryLogger;
  /** counts every call by status (each one is billed); absent in unit tests */
  countCall?: (status: string) => void;
}

/** The start of the next Shanghai day, when a spent budget is available again. */
function nextShanghaiMidnight(at: Date): number {
  return Date.parse(shanghaiStart(at, 'day')) + 24 * 3600_000;
}

/** Vendor text as plain text: no markup (企查查 can wrap matches in <em>), no control or
 * format characters (bidi overrides, zero-width), trimmed and bounded. */
export function plainVendorText(value: unknown, maxLength = 200): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .trim()
    .slice(0, maxLength);
}

/** The companies worth keeping from an answer: a name and a valid credit code (docs/product/validation.md). */
export function keptCompanies(items: readonly QichachaFuzzyItem[]): VendorCompany[] {
  const kept: VendorCompany[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const name = plainVendorText(item.Name);
    const creditCode = plainVendorText(item.CreditCode, 18).toUpperCase();
    if (name === '' || creditCode === '' || !isValidCreditCode(creditCode) || seen.has(creditCode)) continue;
    seen.add(creditCode);
    kept.push({
      name,
      credit_code: creditCode,
      oper_name: plainVendorText(item.OperName, 50),
      status: plainVendorText(item.Status, 20) || '存续',
      key_no: plainVendorText(item.KeyNo, 64),
    });
  }
  return kept;
}

export function createQichachaDirectory(deps: QichachaDirectoryDeps): CompanyDirectory {
  const { wire, companies, store, log } = deps;
  let breakerOpenUntil = 0;
  let breakerReason = '';
  // Writes into the directory one at a time: importCompanies numbers new rows after the current maximum.
  let writes: Promise<unknown> = Promise.resolve();
  const inFlight = new Map<string, Promise<{ companies: VendorCompany[]; written: boolean }>>();
  const reportsInFlight = new Map<string, Promise<AnnualReportLookup>>();

  const local = async (keyword: string, limit: number): Promise<DirectoryCompany[]> =>
    (await companies.search(keyword, limit)).map((r) => ({ name: r.name, credit_code: r.credit_code, oper_name: r.oper_name }));

  /** Local matches first, then the vendor's companies the local index did not return, up to `limit`. */
  function merge(localRows: DirectoryCompany[], vendorRows: readonly VendorCompany[], limit: number): DirectoryCompany[] {
    const out = localRows.slice(0, limit);
    const seen = new Set(out.map((r) => r.credit_code));
    for (const v of vendorRows) {
      if (out.length >= limit) break;
      if (seen.has(v.credit_code)) continue;
      seen.add(v.credit_code);
      out.push({ name: v.name, credit_code: v.credit_code, oper_name: v.oper_name });
    }
    return out;
  }

  function openBreaker(reason: string, until: number, detail: object): void {
    const first = deps.now().getTime() >= breakerOpenUntil;
    if (until > breakerOpenUntil) {
      breakerOpenUntil = until;
      breakerReason = reason;
    }
    if (first) log.warn({ vendor: QICHACHA, reason, until: new Date(breakerOpenUntil).toISOString(), ...detail }, 'company directory vendor paused; answering from the local directory');
  }

  /** One budgeted, ledgered call; undefined when the vendor must not or could not be asked. */
  async function budgeted<T extends { status: string }>(call: () => Promise<T>): Promise<T | undefined> {
    const at = deps.now();
    if (at.getTime() < breakerOpenUntil) return undefined;
    const day = shanghaiIsoDay(at);
    if ((await store.callsOn(QICHACHA, day)) >= deps.dailyBudget) {
      openBreaker('budget', nextShanghaiMidnight(at), { dailyBudget: deps.dailyBudget });
      return undefined;
    }
    const answer = await call();
    await store.recordCall(QICHACHA, day, answer.status);
    deps.countCall?.(answer.status);
    const pause = BREAKER_OPEN_MS[answer.status];
    if (pause !== undefined) openBreaker(answer.status, deps.now().getTime() + pause, { answer });
    return answer;
  }

  /**
   * The vendor's companies for a thin keyword: from the cache, or from one budgeted call whose
   * answer is cached and written into the directory. Never throws: a failure is logged and gives none.
   */
  async function vendorCompanies(keyword: string): Promise<{ companies: VendorCompany[]; written: boolean }> {
    const none = { companies: [], written: false };
    try {
      const cached = await store.cachedAnswer(QICHACHA, keyword, deps.now().toISOString());
      if (cached) return { companies: cached.companies, written: false };

      const answer = await budgeted(() => wire.fuzzySearch(keyword, QICHACHA_MAX_PAGE_SIZE));
      if (!answer) return none;
      const fetchedAt = deps.now();
      const cacheUntil = (ms: number) => new Date(fetchedAt.getTime() + ms).toISOString();
      switch (answer.kind) {
        case 'ok': {
          const kept = keptCompanies(answer.result);
          const dropped = answer.result.length - kept.length;
          if (dropped > 0) log.info({ vendor: QICHACHA, keyword, dropped }, 'company directory vendor: results without a valid credit code dropped');
          await store.cacheAnswer(QICHACHA, keyword, { status: '200', companies: kept }, fetchedAt.toISOString(), cacheUntil(deps.cacheHours * 3600_000));
          const saving = writes.then(() => store.saveCompanies(QICHACHA, kept, fetchedAt.toISOString()));
          writes = saving.catch(() => undefined);
          try {
            await saving;
          } catch (err) {
            // The answer is cached: these companies are still shown, from the cache.
            log.error({ vendor: QICHACHA, err }, 'company directory vendor: could not write companies into the local directory');
            return { companies: kept, written: false };
          }
          return { companies: kept, written: true };
        }
        case 'no_result':
          await store.cacheAnswer(QICHACHA, keyword, { status: '201', companies: [] }, fetchedAt.toISOString(), cacheUntil(deps.cacheHours * 3600_000));
          return none;
        case 'refused':
          if (answer.status === '110' || answer.status === '213') {
            // 110: do not repeat this query for 2 hours; 213: this keyword is too short for the vendor.
            const ms = answer.status === '110' ? REPEATED_QUERY_BACKOFF_MS : deps.cacheHours * 3600_000;
            await store.cacheAnswer(QICHACHA, keyword, { status: answer.status, companies: [] }, fetchedAt.toISOString(), cacheUntil(ms));
          }
          log.warn({ vendor: QICHACHA, status: answer.status, message: answer.message }, 'company directory vendor refused a search; answering from the local directory');
          return none;
        case 'unreachable':
          log.warn({ vendor: QICHACHA, status: answer.status, detail: answer.detail }, 'company directory vendor unreachable; answering from the local directory');
          return none;
      }
    } catch (err) {
      log.error({ vendor: QICHACHA, err }, 'company directory vendor search failed; answering from the local directory');
      return none;
    }
  }

  return {
    id: 'qichacha',

    vendorState() {
      const paused = deps.now().getTime() < breakerOpenUntil;
      return { pausedUntil: paused ? new Date(breakerOpenUntil).toISOString() : null, pauseReason: paused ? breakerReason : null };
    },

    async vendorUsage(days) {
      const at = deps.now();
      const today = shanghaiIsoDay(at);
      const fromDay = shanghaiIsoDay(new Date(at.getTime() - (days - 1) * 24 * 3600_000));
      const ledger = await store.ledger(QICHACHA, fromDay);
      const callsToday = ledger.filter((r) => r.day === today).reduce((sum, r) => sum + r.calls, 0);
      return { today, dailyBudget: deps.dailyBudget, callsToday, ledger, cachedKeywords: await store.cachedKeywords(QICHACHA, at.toISOString()) };
    },

    async search(keyword, limit) {
      const localRows = await local(keyword, limit);
      if (localRows.length >= Math.min(THIN_LOCAL_RESULTS, limit) || Array.from(keyword).length < 2) return localRows;
      // Typeahead sends the same keyword from several visitors at once: one lookup serves them all.
      let pending = inFlight.get(keyword);
      if (!pending) {
        pending = vendorCompanies(keyword).finally(() => inFlight.delete(keyword));
        inFlight.set(keyword, pending);
      }
      const found = await pending;
      if (found.companies.length === 0) return localRows;
      // Freshly written companies are in the local index now, ranked with the rest.
      return merge(found.written ? await local(keyword, limit) : localRows, found.companies, limit);
    },

    async annualReports(creditCode, year) {
      // The pay page and its dialog may ask at once: one lookup serves them. It covers the read of
      // the stored answer too, or a second check whose read straddled the first one's whole call
      // would find neither a stored answer nor a call in flight, and ask again.
      const key = `${creditCode}:${year}`;
      let pending = reportsInFlight.get(key);
      if (!pending) {
        pending = lookUpAnnualReports(creditCode, year).finally(() => reportsInFlight.delete(key));
        reportsInFlight.set(key, pending);
      }
      return pending;
    },
  };

  /** The stored answer while it is valid, else one call. Never throws. */
  async function lookUpAnnualReports(creditCode: string, year: number): Promise<AnnualReportLookup> {
    try {
      const stored = await validStoredAnswer(deps.reportChecks, creditCode, year, deps.now());
      if (stored) return stored.lookup;
    } catch (err) {
      log.error({ vendor: QICHACHA, err }, 'company directory vendor: could not read the stored annual-report answer');
      return { kind: 'unavailable' };
    }
    return askAnnualReports(creditCode, year);
  }

  /** One budgeted call for the summary; a definite answer is stored. Never throws. */
  async function askAnnualReports(creditCode: string, year: number): Promise<AnnualReportLookup> {
    try {
      const keyNo = await store.keyNoOf(creditCode);
      if (!keyNo) return { kind: 'unavailable' };
      const answer = await budgeted(() => wire.annualReportSummary(keyNo, year));
      if (!answer) return { kind: 'unavailable' };
      let lookup: Extract<AnnualReportLookup, { kind: 'found' | 'none' }>;
      if (answer.kind === 'no_result') lookup = { kind: 'none' };
      else if (answer.kind !== 'ok') {
        log.warn({ vendor: QICHACHA, status: answer.status }, 'company directory vendor: no annual-report summary');
        return { kind: 'unavailable' };
      } else {
        const reports = answer.result
          .map((r) => ({
            year: Number(r.Year),
            publishDate: plainVendorText(r.PublishDate, 10),
            remarks: plainVendorText(r.Remarks),
            hasDetailInfo: r.HasDetailInfo === true || r.HasDetailInfo === 'true',
          }))
          .filter((r) => r.year === year);
        lookup = reports.length > 0 ? { kind: 'found', reports } : { kind: 'none' };
      }
      try {
        await deps.reportChecks.save(answerRow(creditCode, year, lookup, QICHACHA, deps.now().toISOString()));
      } catch (err) {
        // The answer stands for this visitor; the next check asks again.
        log.error({ vendor: QICHACHA, err }, 'company directory vendor: could not store the annual-report answer');
      }
      return lookup;
    } catch (err) {
      log.error({ vendor: QICHACHA, err }, 'company directory vendor: annual-report summary failed');
      return { kind: 'unavailable' };
    }
  }
}
