import { lazy } from 'react';

/** The unknown-route page, lazy: declared once for the three route tables that fall back to it (each declaration costs the entry chunk). */
export const NotFoundPage = lazy(() => import('./not-found-page.tsx'));
