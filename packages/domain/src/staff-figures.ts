/**
 * Sanity between the headcounts of a company's annual declaration (annual-declaration.ts): the
 * women among the staff and the staff covered by social insurance are both part of the staff, so
 * neither may exceed 从业人数. A figure the registry would reject, or that shows a typo (12 insured
 * of 5 staff), is refused here rather than by the registry after the agent files it.
 */

export type StaffFiguresError = 'DECLARATION_FEMALE_OVER_TOTAL' | 'DECLARATION_INSURED_OVER_TOTAL';

export interface StaffFigures {
  /** 从业人数 */
  total: number;
  /** 其中女性从业人数 */
  female: number;
  /** 参保人数 */
  insured: number;
}

/** The first impossible relation between the figures, in form order (women, then insured); undefined when they agree. */
export function staffFiguresError(figures: StaffFigures): StaffFiguresError | undefined {
  if (figures.female > figures.total) return 'DECLARATION_FEMALE_OVER_TOTAL';
  if (figures.insured > figures.total) return 'DECLARATION_INSURED_OVER_TOTAL';
  return undefined;
}
