import { lazy } from 'react';
import { Navigate, useSearchParams } from '../../router/router.tsx';
import { usePlatform } from '../../platform/context.tsx';
// The home is in the entry chunk (decision 011): nearly every visit starts there.
import HomePage from '../home/home-page.tsx';
import { NotFoundPage } from '../not-found/not-found-route.ts';

const MyPage = lazy(() => import('./my-page.tsx'));
const OrderListPage = lazy(() => import('./order-list-page.tsx'));
const CorpOrderDetailPage = lazy(() => import('./corp-order-detail-page.tsx'));
const OrderDetailPage = lazy(() => import('../order-detail/order-detail-page.tsx'));
// The tab bar belongs to the official-account variant only.
const WithCorpTabs = lazy(() => import('./corp-tab-bar.tsx').then((m) => ({ default: m.WithCorpTabs })));

const isCorp = (host: string) => host === 'wx-oa';

/**
 * Home. In the official-account variant it is guarded (docs/product/screens.md): with a `code` query (the address
 * WeChat returned to) it redirects to /, and renders only without one; it carries the bottom tabs.
 */
export function HomeRoute() {
  const { host } = usePlatform();
  const [params] = useSearchParams();
  if (!isCorp(host)) return <HomePage />;
  if (params.has('code')) return <Navigate to="/" replace />;
  return (
    <WithCorpTabs>
      <HomePage />
    </WithCorpTabs>
  );
}

/** /my and /order exist in the official-account variant only. */
export function MyRoute() {
  return isCorp(usePlatform().host) ? <MyPage /> : <NotFoundPage />;
}

export function OrderListRoute() {
  return isCorp(usePlatform().host) ? <OrderListPage /> : <NotFoundPage />;
}

/** /orderDetail: by id in the official-account variant (docs/product/screens.md#receipt), else the receipt handed over in session storage. */
export function OrderDetailRoute() {
  const { host } = usePlatform();
  const [params] = useSearchParams();
  const id = params.get('id');
  if (isCorp(host) && id) return <CorpOrderDetailPage key={id} id={id} />;
  return <OrderDetailPage />;
}
