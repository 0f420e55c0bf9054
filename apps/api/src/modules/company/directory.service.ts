import { shanghaiIsoDay } from '@kuaibao/domain';
import type { DirectoryVendor, VendorCompany } from '../../providers/directory/port.ts';
import { answerRow, validStoredAnswer, type AnnualReportLookup } from './annual-report-checks.ts';
import type { AnnualReportCheckRepository } from './annual-report-checks.repository.ts';
import type { CompanyRepository } from './company-search.repository.ts';
import { createVendorGate, type DirectoryLogger, type DirectoryVendorState, type VendorGate } from './directory-vendor-gate.ts';
import type { DirectoryVendorRepository } from './directory-vendor.repository.ts';

/**
 * The company directory (docs/decisions/020-company-directory-vendor.md): where the order form's
 * company suggestions and the annual-report pre-check come from. The local index always answers;
 * a commercial vendor (providers/directory) only adds to it, and every call costs money, so:
 * - local first: the vendor is asked only when the local index has fewer than THIN_LOCAL_RESULTS
 *   matches, for normalised keywords of 2+ characters;
 * - every answer, "no result" included, is cached by normalised keyword, and every company it
 *   brings is written into the local directory, so the next search is local and free;
 * - a daily budget and a circuit breaker (directory-vendor-gate.ts);
 * - the annual-report summary is asked at most once per company and year while the stored answer
 *   stands (docs/decisions/023-annual-report-precheck.md).
 * A failure is logged and answered from local data: the visitor never sees a vendor's error.
 */

export type { AnnualReportLookup } from './annual-report-checks.ts';
export type { DirectoryLogger, DirectoryVendorState } from './directory-vendor-gate.ts';

/** One suggestion: plain text as stored; the caller escapes and highlights. */
export interface DirectoryCompany {
  name: string;
  credit_code: string;
  oper_name: string;
  /** 登记状态 as the directory or the vendor wrote it (normalised by the caller, registration-status.ts) */
  status: string;
}

/** What the vendor has cost, for the console's ledger view. */
export interface DirectoryVendorUsage {
  /** the Shanghai calendar day the budget counts */
  today: string;
  dailyBudget: number;
  callsToday: number;
  /** calls per day and status from `days` days back (today included), every status billed */
  ledger: Array<{ day: string; status: string; calls: number }>;
  /** keywords whose vendor answer is cached (a search for them is free) */
  cachedKeywords: number;
}

export interface CompanyDirectory {
  readonly id: 'local' | DirectoryVendor['id'];
  /** The vendor's state; undefined for the local directory, which has no vendor. */
  vendorState(): DirectoryVendorState | undefined;
  /** The vendor's cost ledger over the last `days` days; undefined for the local directory. */
  vendorUsage(days: number): Promise<DirectoryVendorUsage | undefined>;
  /**
   * Up to `limit` companies whose name contains the keyword, best first. `keyword` is already
   * normalised (normalizeKeyword). Never throws for a vendor's failure: it answers from local data.
   */
  search(keyword: string, limit: number): Promise<DirectoryCompany[]>;
  /** The published annual reports of a company for a year; never throws for a vendor's failure. */
  annualReports(creditCode: string, year: number): Promise<AnnualReportLookup>;
  /**
   * The company's 登记状态 as the server knows it (docs/product/registration-status.md): the local
   * directory's row, else (with a vendor) the vendor's answer for the credit code, through the same
   * cache and budget as a search. Null when no source knows the company, or the vendor is down.
   */
  registrationStatus(creditCode: string): Promise<string | null>;
}

/** Below this many local matches the local answer is "thin" and the vendor is asked. */
export const THIN_LOCAL_RESULTS = 3;
/** A repeated failing query: the vendor asks for 2 hours before the next try. */
export const REPEATED_QUERY_BACKOFF_MS = 2 * 3600_000;

export interface CompanyDirectoryDeps {
  companies: Pick<CompanyRepository, 'search' | 'findByCreditCode'>;
  /** the definite annual-report answers, read first and written after every vendor call (decision 023) */
  reportChecks: AnnualReportCheckRepository;
  now: () => Date;
  /** the configured vendor and what it may cost; absent for the local directory */
  vendor?: {
    port: DirectoryVendor;
    store: DirectoryVendorRepository;
    dailyBudget: number;
    cacheHours: number;
    log: DirectoryLogger;
    /** counts every call by status (each one is billed); absent in unit tests */
    countCall?: (status: string) => void;
  };
}

type LocalSearch = (keyword: string, limit: number) => Promise<DirectoryCompany[]>;

export function createCompanyDirectory(deps: CompanyDirectoryDeps): CompanyDirectory {
  const local: LocalSearch = async (keyword, limit) =>
    (await deps.companies.search(keyword, limit)).map((r) => ({ name: r.name, credit_code: r.credit_code, oper_name: r.oper_name, status: r.status }));
  const localStatus = async (creditCode: string) => (await deps.companies.findByCreditCode(creditCode))?.status ?? null;
  if (deps.vendor) return createVendorDirectory(deps, deps.vendor, local, localStatus);
  // The embedded directory: no outside calls; the pre-check answers only from what is stored for
  // that company and year (a vendor's earlier answer, or the demo seed).
  return {
    id: 'local',
    vendorState: () => undefined,
    vendorUsage: async () => undefined,
    search: local,
    async annualReports(creditCode, year) {
      const stored = await validStoredAnswer(deps.reportChecks, creditCode, year, deps.now());
      return stored ? stored.lookup : { kind: 'unavailable' };
    },
    registrationStatus: localStatus,
  };
}

/** Local matches first, then the vendor's companies the local index did not return, up to `limit`. */
function merge(localRows: DirectoryCompany[], vendorRows: readonly VendorCompany[], limit: number): DirectoryCompany[] {
  const out = localRows.slice(0, limit);
  const seen = new Set(out.map((r) => r.credit_code));
  for (const v of vendorRows) {
    if (out.length >= limit) break;
    if (seen.has(v.credit_code)) continue;
    seen.add(v.credit_code);
    out.push({ name: v.name, credit_code: v.credit_code, oper_name: v.oper_name, status: v.status });
  }
  return out;
}

/** One lookup per key at a time: callers asking while it runs share its answer. */
function singleFlight<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = run(key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** What the vendor-backed directory's parts share. */
interface VendorContext {
  id: DirectoryVendor['id'];
  port: DirectoryVendor;
  store: DirectoryVendorRepository;
  reportChecks: AnnualReportCheckRepository;
  gate: VendorGate;
  cacheHours: number;
  now: () => Date;
  log: DirectoryLogger;
}

type VendorCompaniesFound = { companies: VendorCompany[]; written: boolean };

/**
 * The vendor's companies for a thin keyword: from the cache, or from one budgeted call whose
 * answer is cached and written into the directory. Never throws: a failure is logged and gives none.
 */
function vendorCompanySearch(ctx: VendorContext): (keyword: string) => Promise<VendorCompaniesFound> {
  const { id, port, store, gate, now, log } = ctx;
  // Writes into the directory one at a time: importCompanies numbers new rows after the current maximum.
  let writes: Promise<unknown> = Promise.resolve();

  /** Writes the companies into the local directory; false when that failed (they are still cached). */
  async function saveCompanies(companies: VendorCompany[], fetchedAtIso: string): Promise<boolean> {
    const saving = writes.then(() => store.saveCompanies(id, companies, fetchedAtIso));
    writes = saving.catch(() => undefined);
    try {
      await saving;
      return true;
    } catch (err) {
      log.error({ vendor: id, err }, 'company directory vendor: could not write companies into the local directory');
      return false;
    }
  }

  return async (keyword) => {
    const none = { companies: [], written: false };
    try {
      const cached = await store.cachedAnswer(id, keyword, now().toISOString());
      if (cached) return { companies: cached.companies, written: false };

      const answer = await gate.call(() => port.searchCompanies(keyword));
      if (!answer) return none;
      const fetchedAt = now();
      const cache = (status: string, companies: VendorCompany[], ms: number) =>
        store.cacheAnswer(id, keyword, { status, companies }, fetchedAt.toISOString(), new Date(fetchedAt.getTime() + ms).toISOString());
      const cacheMs = ctx.cacheHours * 3600_000;
      switch (answer.kind) {
        case 'ok': {
          const { companies, dropped } = answer.result;
          if (dropped > 0) log.info({ vendor: id, keyword, dropped }, 'company directory vendor: results without a valid credit code dropped');
          await cache(answer.status, companies, cacheMs);
          // The answer is cached: when the write fails these companies are still shown, from the cache.
          return { companies, written: await saveCompanies(companies, fetchedAt.toISOString()) };
        }
        case 'no_result':
          await cache(answer.status, [], cacheMs);
          return none;
        case 'refused':
          // Do not repeat a failing query while the vendor asks us not to; a rejected keyword is cached like "no result".
          if (answer.reason === 'repeated_query') await cache(answer.status, [], REPEATED_QUERY_BACKOFF_MS);
          if (answer.reason === 'keyword_rejected') await cache(answer.status, [], cacheMs);
          log.warn({ vendor: id, status: answer.status, message: answer.message }, 'company directory vendor refused a search; answering from the local directory');
          return none;
        case 'unreachable':
          log.warn({ vendor: id, status: answer.status, detail: answer.detail }, 'company directory vendor unreachable; answering from the local directory');
          return none;
      }
    } catch (err) {
      log.error({ vendor: id, err }, 'company directory vendor search failed; answering from the local directory');
      return none;
    }
  };
}

/** One budgeted call for the summary; a definite answer is stored. Never throws. */
async function askAnnualReports(ctx: VendorContext, creditCode: string, year: number): Promise<AnnualReportLookup> {
  const { id, log } = ctx;
  try {
    const keyNo = await ctx.store.keyNoOf(creditCode);
    if (!keyNo) return { kind: 'unavailable' };
    const answer = await ctx.gate.call(() => ctx.port.annualReportSummaries(keyNo, year));
    if (!answer) return { kind: 'unavailable' };
    let lookup: Extract<AnnualReportLookup, { kind: 'found' | 'none' }>;
    if (answer.kind === 'no_result') lookup = { kind: 'none' };
    else if (answer.kind !== 'ok') {
      log.warn({ vendor: id, status: answer.status }, 'company directory vendor: no annual-report summary');
      return { kind: 'unavailable' };
    } else {
      const reports = answer.result.filter((r) => r.year === year);
      lookup = reports.length > 0 ? { kind: 'found', reports } : { kind: 'none' };
    }
    try {
      await ctx.reportChecks.save(answerRow(creditCode, year, lookup, id, ctx.now().toISOString()));
    } catch (err) {
      // The answer stands for this visitor; the next check asks again.
      log.error({ vendor: id, err }, 'company directory vendor: could not store the annual-report answer');
    }
    return lookup;
  } catch (err) {
    log.error({ vendor: id, err }, 'company directory vendor: annual-report summary failed');
    return { kind: 'unavailable' };
  }
}

/** The stored answer while it is valid, else one call. Never throws. */
async function lookUpAnnualReports(ctx: VendorContext, creditCode: string, year: number): Promise<AnnualReportLookup> {
  try {
    const stored = await validStoredAnswer(ctx.reportChecks, creditCode, year, ctx.now());
    if (stored) return stored.lookup;
  } catch (err) {
    ctx.log.error({ vendor: ctx.id, err }, 'company directory vendor: could not read the stored annual-report answer');
    return { kind: 'unavailable' };
  }
  return askAnnualReports(ctx, creditCode, year);
}

function createVendorDirectory(
  deps: CompanyDirectoryDeps,
  vendor: NonNullable<CompanyDirectoryDeps['vendor']>,
  local: LocalSearch,
  localStatus: (creditCode: string) => Promise<string | null>,
): CompanyDirectory {
  const { port, store, log } = vendor;
  const { now } = deps;
  const gate = createVendorGate({ vendor: port.id, store, dailyBudget: vendor.dailyBudget, now, log, countCall: vendor.countCall });
  const ctx: VendorContext = { id: port.id, port, store, reportChecks: deps.reportChecks, gate, cacheHours: vendor.cacheHours, now, log };
  // Typeahead sends the same keyword from several visitors at once: one lookup serves them all.
  const vendorCompanies = singleFlight(vendorCompanySearch(ctx));
  // The pay page and its dialog may ask at once: one lookup serves them. It covers the read of
  // the stored answer too, or a second check whose read straddled the first one's whole call
  // would find neither a stored answer nor a call in flight, and ask again.
  const annualReports = singleFlight((key) => {
    const [creditCode = '', year = ''] = key.split(':');
    return lookUpAnnualReports(ctx, creditCode, Number(year));
  });

  return {
    id: port.id,
    vendorState: () => gate.state(),

    async vendorUsage(days) {
      const at = now();
      const today = shanghaiIsoDay(at);
      const fromDay = shanghaiIsoDay(new Date(at.getTime() - (days - 1) * 24 * 3600_000));
      const ledger = await store.ledger(port.id, fromDay);
      const callsToday = ledger.filter((r) => r.day === today).reduce((sum, r) => sum + r.calls, 0);
      return { today, dailyBudget: vendor.dailyBudget, callsToday, ledger, cachedKeywords: await store.cachedKeywords(port.id, at.toISOString()) };
    },

    async search(keyword, limit) {
      const localRows = await local(keyword, limit);
      if (localRows.length >= Math.min(THIN_LOCAL_RESULTS, limit) || Array.from(keyword).length < 2) return localRows;
      const found = await vendorCompanies(keyword);
      if (found.companies.length === 0) return localRows;
      // Freshly written companies are in the local index now, ranked with the rest.
      return merge(found.written ? await local(keyword, limit) : localRows, found.companies, limit);
    },

    annualReports: (creditCode, year) => annualReports(`${creditCode}:${year}`),

    async registrationStatus(creditCode) {
      const stored = await localStatus(creditCode);
      if (stored !== null) return stored;
      // Not in the directory (typed by hand, or a vendor answer whose write failed): the vendor's
      // search finds a company by its credit code too; its answer is cached and written back.
      const found = await vendorCompanies(creditCode);
      return found.companies.find((c) => c.credit_code === creditCode)?.status ?? null;
    },
  };
}
