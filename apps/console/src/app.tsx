import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from './hooks/api/session.ts';
import { UNAUTHENTICATED_EVENT } from './lib/client.ts';
import { queryKeys } from './lib/query-keys.ts';
import { LoginPage, SignedInRedirect } from './routes/login/login-page.tsx';
import {
  AuditPage,
  ConsoleLayout,
  DashboardPage,
  DirectorySourcePage,
  FeedbackPage,
  GoodsPage,
  MessageHost,
  OrderDetailPage,
  OrderListPage,
  PasswordDialog,
  preloadSignedInPage,
  ReconciliationPage,
  TemplatesPage,
  RefundListPage,
  SiteConfigPage,
  AgreementsPage,
  SmsLogPage,
  InvoiceListPage,
  RemindersPage,
  CustomerPage,
  DeletionRequestsPage,
  StaffPage,
  CommissionPage,
} from './routes/pages.ts';
import { RouteErrorBoundary, RouteLoading } from './ui/route-loading.tsx';

export function ConsoleApp() {
  const client = useQueryClient();
  const session = useSession();
  const location = useLocation();

  // Any 401 (an expired session) takes the staff member back to sign-in.
  useEffect(() => {
    const signedOut = () => client.setQueryData(queryKeys.session, null);
    window.addEventListener(UNAUTHENTICATED_EVENT, signedOut);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, signedOut);
  }, [client]);

  if (session.isPending) {
    return (
      <div className="query-loading" role="status" aria-label="加载中" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </div>
    );
  }

  if (!session.data) {
    const next = location.pathname === '/login' ? '' : `${location.pathname}${location.search}`;
    return (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to={next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login'} replace />} />
      </Routes>
    );
  }

  // Toasts, from sign-in on; the same host through the forced password change and the pages.
  const messages = (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  );

  // A temporary password is replaced before anything else (the API refuses the rest until then).
  if (session.data.must_change_password) {
    return (
      <>
        {messages}
        <main className="login-screen">
          <Suspense fallback={<RouteLoading />}>
            <PasswordDialog open forced onClose={() => undefined} />
          </Suspense>
        </main>
      </>
    );
  }

  // The layout and the page are separate chunks: ask for both now, not the page after the layout.
  preloadSignedInPage(location.pathname);
  return (
    <>
      {messages}
      <RouteErrorBoundary>
      <Suspense fallback={<RouteLoading fullScreen />}>
      <Routes>
        <Route path="/login" element={<SignedInRedirect />} />
        <Route element={<ConsoleLayout staff={session.data} />}>
          <Route index element={<DashboardPage />} />
          <Route path="orders" element={<OrderListPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="refunds" element={<RefundListPage />} />
          <Route path="feedback" element={<FeedbackPage />} />
          <Route path="sms" element={<SmsLogPage />} />
          <Route path="invoices" element={<InvoiceListPage />} />
          <Route path="reminders" element={<RemindersPage />} />
          <Route path="customers" element={<CustomerPage />} />
          <Route path="deletion-requests" element={<DeletionRequestsPage />} />
          <Route path="goods" element={<GoodsPage />} />
          <Route path="site-config" element={<SiteConfigPage />} />
          <Route path="agreements" element={<AgreementsPage />} />
          <Route path="directory-source" element={<DirectorySourcePage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="reconciliation" element={<ReconciliationPage />} />
          <Route path="commission" element={<CommissionPage />} />
          <Route path="templates" element={<TemplatesPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
      </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
