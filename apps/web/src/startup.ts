import { isPaidStatus, VISITOR_ERRORS, type CorpInitResponse, type SiteConfig } from '@kuaibao/domain';
import { RequestError } from './api/client.ts';
import { fetchEnv, fetchInit, fetchOrderDetail, fetchSiteConfig, fetchWeixinService } from './api/endpoints.ts';
import { stripBasePath, withBasePath } from './platform/base-path.ts';
import { forgetOrder, readConfig, readString, removeKey, writeJson, writeSessionJson, writeString, type StorageKey } from './storage.ts';

/**
 * Start-up (docs/product/orders-and-statuses.md#start-up), before any page renders:
 * 1. /error stays; 2. an entry path (/h/{id}, /s/{id}, /p/{id}) stores its id and reloads at /;
 * 3. a stored orderId is checked; 4–6. otherwise the init calls fill storage.
 * Returns 'reload' when the page is being replaced and must not render.
 */

const ENTRY_KEYS = { h: 'linkId', s: 'shareId', p: 'prevId' } as const satisfies Record<string, StorageKey>;
const ENTRY_PATH = /\/([hsp])\/([^/?#]+)/;

export interface Navigator {
  pathname(): string;
  search(): string;
  /** Client-side: the router has not mounted yet, so this is history.replaceState. */
  replace(url: string): void;
  /** A full page load. */
  reload(url: string): void;
}

/** The live browser, with app paths under a base path ('/corp' in corp mode, else the root). */
export function createBrowserNavigator(base = ''): Navigator {
  return {
    pathname: () => stripBasePath(location.pathname, base),
    search: () => location.search,
    replace: (url) => history.replaceState(null, '', withBasePath(url, base)),
    reload: (url) => location.replace(withBasePath(url, base)),
  };
}

export const browserNavigator: Navigator = createBrowserNavigator();

/**
 * The error page for a failure: its catalog code only, never its words (the page shows that code's
 * fixed text, docs/product/screens.md). A failure without an envelope code is named by its text,
 * which the client took from the catalog (network, timeout, decryption); anything else is 50001.
 */
export function errorUrl(failure: unknown): string {
  const code =
    typeof failure === 'number'
      ? failure
      : failure instanceof RequestError && failure.kind === 'envelope'
        ? failure.code
        : Object.values(VISITOR_ERRORS).find((entry) => entry.message === (failure as Error | null)?.message)?.code;
  return `/error?code=${code || VISITOR_ERRORS.INTERNAL.code}`;
}

/** The id of an entry link, if the path holds one. */
export function parseEntryPath(pathname: string): { key: StorageKey; id: string } | null {
  const match = ENTRY_PATH.exec(pathname);
  if (!match) return null;
  const id = decodeURIComponent(match[2]!);
  if (!id) return null;
  return { key: ENTRY_KEYS[match[1] as keyof typeof ENTRY_KEYS], id };
}

/** The query the page was opened with, without `code` (docs/product/screens.md#entry-links). */
export function queryWithoutCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  const text = params.toString();
  return text ? `?${text}` : '';
}

function pageQuery(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  params.delete('code');
  return Object.fromEntries(params);
}

export async function startUp(nav: Navigator = browserNavigator): Promise<'ready' | 'reload'> {
  const pathname = nav.pathname();
  if (pathname.includes('/error')) return 'ready';

  const entry = parseEntryPath(pathname);
  if (entry) {
    for (const key of Object.values(ENTRY_KEYS)) removeKey(key);
    writeString(entry.key, entry.id);
    nav.reload(`/${queryWithoutCode(nav.search())}`);
    return 'reload';
  }

  if ((await checkStoredOrder(nav)) === 'ready') return 'ready';

  try {
    await initialise(nav.search());
  } catch (error) {
    nav.replace(errorUrl(error));
  }
  return 'ready';
}

/**
 * Step 3: a stored orderId is fetched; paid goes to /success, anything else clears it and goes
 * home, which says the payment was not finished (docs/product/orders-and-statuses.md#start-up). 'ready' when start-up has nothing more to do, 'init' when the init calls should follow.
 */
export async function checkStoredOrder(nav: Navigator): Promise<'ready' | 'init'> {
  const orderId = readString('orderId');
  if (!orderId) return 'init';
  try {
    const order = await fetchOrderDetail(orderId, { key: readString('orderKey') });
    if (isPaidStatus(order.status)) {
      if (nav.pathname() !== '/success') nav.replace('/success');
      // The success page needs the site config of the visit that paid; fetch it only if it is gone.
      if (readConfig()) return 'ready';
    } else {
      // Back from the cashier without paying: the home tells the visitor what became of it.
      forgetOrder();
      writeSessionJson('payUnfinished', true);
      nav.replace('/');
    }
  } catch (error) {
    forgetOrder();
    nav.replace(errorUrl(error));
    return 'ready';
  }
  return 'init';
}

/** Steps 4–6: the init calls (h5, or corp in corp mode) fill storage. Throws on failure. */
export async function initialise(search: string): Promise<void> {
  const query = pageQuery(search);
  // The channel of a link (/?source=douyin): kept for this tab, checked when the order is sent (place-order.ts).
  if (query.source) writeSessionJson('channel', query.source);
  const envCall = fetchEnv()
    .then((env) => writeString('env', env.env))
    .catch(() => undefined);
  const [init, siteConfig] = await Promise.all([fetchInit(query), fetchSiteConfig(query)]);
  const config: SiteConfig = { ...init.config, ...siteConfig };

  writeJson('goods', init.goods);
  if (init.prev_info) writeJson('prevInfo', init.prev_info);
  else removeKey('prevInfo');
  if (init.token) writeString('token', init.token);
  if (init.appid) writeString('appId', init.appid);
  if (init.package) writeString('package', init.package);
  // Corp mode: where to send the visitor for WeChat authorization (docs/product/orders-and-statuses.md#start-up step 8).
  const authorizeUrl = (init as Partial<CorpInitResponse>).authorize_url;
  if (authorizeUrl) writeString('authorizeUrl', authorizeUrl);

  if (!config.service_weixin) {
    try {
      const service = await fetchWeixinService();
      if (service.kf.address) config.service_weixin = service.kf.address;
      if (!config.service_phone && service.kf.phone) config.service_phone = service.kf.phone;
    } catch {
      // the contact entries hide themselves without a service address
    }
  }
  writeJson('config', config);
  await envCall;
}
