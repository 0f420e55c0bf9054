/**
 * Who answers for a business: a 个体工商户 has an 经营者, a company a 法定代表人. A module of its own,
 * a few bytes, so the home form and its suggestions can say it (decision 011: the bundler moves
 * modules, not exports).
 */

/** A 个体工商户's 统一社会信用代码 starts with 92 (GB 32100-2015: 9 = 工商, 2 = 个体工商户). */
export function isIndividualBusinessCode(creditCode: string): boolean {
  return creditCode.trim().toUpperCase().startsWith('92');
}

/** The label in front of the person's name: 经营者 for a 个体工商户, else 法定代表人. */
export function representativeLabel(creditCode: string): '经营者' | '法定代表人' {
  return isIndividualBusinessCode(creditCode) ? '经营者' : '法定代表人';
}
