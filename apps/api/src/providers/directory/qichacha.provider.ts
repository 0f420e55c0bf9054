import { isValidCreditCode } from '@kuaibao/domain';
import type { AnnualReportSummary, DirectoryVendor, VendorAnswer, VendorCompany, VendorRefusal } from './port.ts';
import { QICHACHA_MAX_PAGE_SIZE, type QichachaAnswer, type QichachaFuzzyItem, type QichachaWire } from './qichacha.wire.ts';

/**
 * 企查查 behind the vendor port (docs/decisions/020-company-directory-vendor.md): the wire's
 * answers (qichacha.wire.ts) mapped to the port's types, its Status values to typed refusals.
 * Stateless: what is cached, budgeted, paused and stored is decided in modules/company.
 */

/** 企查查's refusal Status values, in the port's words (any other Status is 'other'). */
const REFUSALS: Readonly<Record<string, VendorRefusal>> = {
  '101': 'credentials', // key invalid
  '107': 'credentials', // IP not whitelisted or bad signature
  '102': 'account', // in arrears
  '112': 'account', // quota used up
  '109': 'daily_limit',
  '116': 'daily_limit',
  '120': 'abnormal_traffic',
  '122': 'concurrency',
  '110': 'repeated_query',
  '213': 'keyword_rejected',
};

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

/** The wire's answer in the port's terms, its result mapped by `map`. */
function mapped<T, R>(answer: QichachaAnswer<T>, map: (items: T[]) => R): VendorAnswer<R> {
  switch (answer.kind) {
    case 'ok':
      return { kind: 'ok', status: answer.status, result: map(answer.result) };
    case 'no_result':
      return answer;
    case 'refused':
      return { kind: 'refused', status: answer.status, reason: REFUSALS[answer.status] ?? 'other', message: answer.message };
    case 'unreachable':
      return answer;
  }
}

export function createQichachaVendor(wire: QichachaWire): DirectoryVendor {
  return {
    id: 'qichacha',
    async searchCompanies(keyword) {
      return mapped(await wire.fuzzySearch(keyword, QICHACHA_MAX_PAGE_SIZE), (items) => {
        const companies = keptCompanies(items);
        return { companies, dropped: items.length - companies.length };
      });
    },
    async annualReportSummaries(keyNo, year) {
      return mapped(await wire.annualReportSummary(keyNo, year), (items) =>
        items.map(
          (r): AnnualReportSummary => ({
            year: Number(r.Year),
            publishDate: plainVendorText(r.PublishDate, 10),
            remarks: plainVendorText(r.Remarks),
            hasDetailInfo: r.HasDetailInfo === true || r.HasDetailInfo === 'true',
          }),
        ),
      );
    },
  };
}
