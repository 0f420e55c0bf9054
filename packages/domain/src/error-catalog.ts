/**
 * The whole catalog (errors.ts has its parts and the rules for its numbers) and the app's error
 * type. A module of its own, which the visitor's web app never imports: an import of page-errors.ts
 * from errors.ts would put those codes in the home route's script (a bundler follows a module's
 * imports into the chunk that holds it).
 */
import { STAFF_ERRORS, VISITOR_ERRORS } from './errors.ts';
import { SERVER_ERRORS } from './server-errors.ts';
import { PAGE_ERRORS } from './page-errors.ts';

// A pure call, so a bundle that never reads the whole catalog drops it and the staff part (a spread would stay).
export const ERROR_CATALOG: typeof VISITOR_ERRORS & typeof PAGE_ERRORS & typeof SERVER_ERRORS & typeof STAFF_ERRORS = /* @__PURE__ */ Object.assign(
  {},
  VISITOR_ERRORS,
  PAGE_ERRORS,
  SERVER_ERRORS,
  STAFF_ERRORS,
);

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, value);
}

/** Finds the symbolic code of a numeric envelope code, if it is ours. */
export function errorCodeOf(numeric: number): ErrorCode | undefined {
  for (const key of Object.keys(ERROR_CATALOG) as ErrorCode[]) {
    if (ERROR_CATALOG[key].code === numeric) return key;
  }
  return undefined;
}

/**
 * The app's error type: thrown for unexpected outcomes across module boundaries.
 * `detail` travels after the first ASCII comma of the envelope message, so the
 * client toast (which shows the first comma segment) stays the catalog text.
 */
export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly detail: string | undefined;
  constructor(errorCode: ErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${ERROR_CATALOG[errorCode].message},${detail}` : ERROR_CATALOG[errorCode].message, options);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.detail = detail;
  }
  get code(): number {
    return ERROR_CATALOG[this.errorCode].code;
  }
  get status(): number {
    return ERROR_CATALOG[this.errorCode].status;
  }
}
