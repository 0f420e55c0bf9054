import { isReportHidden } from '@kuaibao/domain';
import { lazy } from 'react';
import { usePlatform } from '../platform/context.tsx';
import HomePage from './home/home-page.tsx';
import { NotFoundPage } from './not-found/not-found-route.ts';

const CheckPage = lazy(() => import('./check/check-page.tsx'));
const CheckDetailPage = lazy(() => import('./check/check-detail-page.tsx'));
const ReportPage = lazy(() => import('./report/report-page.tsx'));

/**
 * /check, /checkDetail and /report are phone pages; desktop replaces them with dialogs over the
 * home (docs/product/screens.md), so an address like /check from the success flow opens the query dialog there.
 */
export function CheckRoute() {
  const { formFactor } = usePlatform();
  return formFactor === 'desktop' ? <HomePage dialog="query" /> : <CheckPage />;
}

export function CheckDetailRoute() {
  const { formFactor } = usePlatform();
  return formFactor === 'desktop' ? <HomePage dialog="query" /> : <CheckDetailPage />;
}

/** v2 has no report screen at all (docs/product/overview.md): its address is an unknown route. */
export function ReportRoute() {
  const { formFactor, variant } = usePlatform();
  if (isReportHidden(variant)) return <NotFoundPage />;
  return formFactor === 'desktop' ? <HomePage dialog="report" /> : <ReportPage />;
}
