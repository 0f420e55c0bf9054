/**
 * The official-account variant is the same build served under /corp/ (docs/product/screens.md "The base path of
 * corp mode is '/corp'"): the basename is decided once at start from the address, not at build time.
 */
export const CORP_BASE_PATH = '/corp';

/** '/corp' when the page was opened under /corp (or /corp/…), else '' (the root). */
export function basePathFor(pathname: string): '' | typeof CORP_BASE_PATH {
  return pathname === CORP_BASE_PATH || pathname.startsWith(`${CORP_BASE_PATH}/`) ? CORP_BASE_PATH : '';
}

/** The app path of a browser path: '/corp/order' → '/order' under the corp base. */
export function stripBasePath(pathname: string, base: string): string {
  if (!base || !(pathname === base || pathname.startsWith(`${base}/`))) return pathname;
  return pathname.slice(base.length) || '/';
}

/** The browser path of an app path: '/order' → '/corp/order'; '/' → '/corp/'. */
export function withBasePath(path: string, base: string): string {
  if (!base) return path;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
