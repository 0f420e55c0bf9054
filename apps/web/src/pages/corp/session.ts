import { isSessionErrorCode } from '@kuaibao/domain';
import { RequestError } from '../../api/index.ts';
import { CORP_BASE_PATH } from '../../platform/base-path.ts';
import { createBrowserNavigator } from '../../startup.ts';
import { removeKey } from '../../storage.ts';
import { createCorpNavigator, redirectToAuthorize } from '../../wechat-startup.ts';

/** A corp call answered "not logged in / session over". */
export function isSessionError(error: unknown): boolean {
  return error instanceof RequestError && isSessionErrorCode(error.code);
}

/**
 * A corp call answered "not logged in / session over" (the token expired while the page was
 * open): authorize again, silently, and come back to this address. True when it took over.
 */
export function reauthorizeOnSessionError(error: unknown): boolean {
  if (!isSessionError(error)) return false;
  removeKey('code');
  const browser = createBrowserNavigator(CORP_BASE_PATH);
  // Mid-session an error page must replace the page for real: the router is already running.
  // It leaves the page once the server has issued the state (or shows the error page).
  void redirectToAuthorize(createCorpNavigator({ ...browser, replace: browser.reload }));
  return true;
}
