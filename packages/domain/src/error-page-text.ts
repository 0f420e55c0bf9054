/**
 * What the error page (`/error?code=`) says: the fixed text of a visitor-facing code of the catalog,
 * chosen by its number; anything else, INTERNAL's text. Nothing the address carries is ever shown
 * as a message (anyone can write an address and send it: "订单异常，请加客服微信 …" on our domain is a
 * scam; docs/security.md). A module of its own, which only the error page imports, so the server's
 * part of the catalog stays out of the home route's script (decision 011).
 */
import { toastText, VISITOR_ERRORS, type CatalogEntries } from './errors.ts';
import { PAGE_ERRORS } from './page-errors.ts';
import { SERVER_ERRORS } from './server-errors.ts';

const VISITOR_FACING: readonly CatalogEntries[] = [VISITOR_ERRORS, PAGE_ERRORS, SERVER_ERRORS];

export function errorPageText(code: string | null | undefined): string {
  // Digits only: `code` is a number of the catalog or nothing (never '40153 请加微信…').
  if (code && /^\d{5}$/.test(code)) {
    for (const part of VISITOR_FACING) {
      for (const entry of Object.values(part)) if (entry.code === Number(code)) return toastText(entry.message);
    }
  }
  return VISITOR_ERRORS.INTERNAL.message;
}
