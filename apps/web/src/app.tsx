import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from './router/router.tsx';
import { track } from './api/index.ts';
import { HomeRoute, MyRoute, OrderDetailRoute, OrderListRoute } from './pages/corp/corp-routes.tsx';
import { CheckDetailRoute, CheckRoute, ReportRoute } from './pages/lookup-routes.tsx';
import { NotFoundPage } from './pages/not-found/not-found-route.ts';
import { PlatformProvider, type PlatformInfo } from './platform/context.tsx';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import { LoadFailed } from './ui/load-failed.tsx';
import { LoadingOverlay, TopProgressBar } from './ui/overlays.tsx';
import { ToastHost } from './ui/toast.tsx';
import type { AppHistory } from './router/history.ts';
import { SiteDataProvider, type SiteData } from './site-data.tsx';

// The entry holds the shell, the request client, the kit and the home page; every other page is its own chunk (decision 011).
const PayPage = lazy(() => import('./payment/pay-page.tsx'));
const SuccessPage = lazy(() => import('./pages/success/success-page.tsx'));
const ErrorPage = lazy(() => import('./pages/error/error-page.tsx'));
// Who runs the site (operator, filing numbers): under every page, its own small chunk.
const SiteFooter = lazy(() => import('./ui/site-footer.tsx'));

/** Overlays and toasts: mounted before start-up finishes, so its calls show them too. */
export function Shell({ children }: { children?: ReactNode }) {
  return (
    <>
      {children}
      <TopProgressBar />
      <LoadingOverlay />
      <ToastHost />
    </>
  );
}

/** Page entry analytics (docs/product/api.md). */
function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page.enter', pathname);
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Keyed by path, so one page that failed to load (its chunk lost) does not take the others with it.
    <ErrorBoundary key={pathname} fallback={<LoadFailed />}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<HomeRoute />} />
          <Route path="/pay" element={<PayPage />} />
          <Route path="/success" element={<SuccessPage />} />
          <Route path="/orderDetail" element={<OrderDetailRoute />} />
          <Route path="/my" element={<MyRoute />} />
          <Route path="/order" element={<OrderListRoute />} />
          <Route path="/check" element={<CheckRoute />} />
          <Route path="/checkDetail" element={<CheckDetailRoute />} />
          <Route path="/report" element={<ReportRoute />} />
          <Route path="/error" element={<ErrorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * `basename` is '/corp' in the official-account variant (decided at start from the address), else ''.
 * `history` is the browser's made by the boot, or a memory one when prerendering; `site` is what
 * start-up stored, or the prerender's data until start-up is done (site-data.tsx).
 */
export function App({ platform, basename = '', history, site }: { platform: PlatformInfo; basename?: string; history?: AppHistory; site: SiteData }) {
  return (
    <PlatformProvider value={platform}>
      <SiteDataProvider value={site}>
        <BrowserRouter basename={basename} history={history}>
          <PageViews />
          <Shell>
            <AppRoutes />
          </Shell>
        </BrowserRouter>
      </SiteDataProvider>
    </PlatformProvider>
  );
}
