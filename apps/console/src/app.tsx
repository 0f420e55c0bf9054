import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Spin } from 'antd';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from './hooks/api/session.ts';
import { UNAUTHENTICATED_EVENT } from './lib/client.ts';
import { setMessageApi } from './lib/notify.ts';
import { queryKeys } from './lib/query-keys.ts';
import { PasswordDialog } from './routes/account/password-dialog.tsx';
import { AuditPage } from './routes/audit/audit-page.tsx';
import { GoodsPage } from './routes/config/goods-page.tsx';
import { SiteConfigPage } from './routes/config/site-config-page.tsx';
import { DashboardPage } from './routes/dashboard/dashboard-page.tsx';
import { DirectorySourcePage } from './routes/directory/directory-source-page.tsx';
import { FeedbackPage } from './routes/feedback/feedback-page.tsx';
import { ConsoleLayout } from './routes/layout/console-layout.tsx';
import { LoginPage } from './routes/login/login-page.tsx';
import { OrderDetailPage } from './routes/orders/order-detail-page.tsx';
import { OrderListPage } from './routes/orders/order-list-page.tsx';
import { RefundListPage } from './routes/refunds/refund-list-page.tsx';
import { SmsLogPage } from './routes/sms/sms-log-page.tsx';
import { StaffPage } from './routes/staff/staff-page.tsx';

export function ConsoleApp() {
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const session = useSession();
  const location = useLocation();

  useEffect(() => setMessageApi(message), [message]);
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

  // A temporary password is replaced before anything else (the API refuses the rest until then).
  if (session.data.must_change_password) {
    return (
      <main className="login-screen">
        <PasswordDialog open forced onClose={() => undefined} />
      </main>
    );
  }

  return (
    <>
      <Routes>
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route element={<ConsoleLayout staff={session.data} />}>
          <Route index element={<DashboardPage />} />
          <Route path="orders" element={<OrderListPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="refunds" element={<RefundListPage />} />
          <Route path="feedback" element={<FeedbackPage />} />
          <Route path="sms" element={<SmsLogPage />} />
          <Route path="goods" element={<GoodsPage />} />
          <Route path="site-config" element={<SiteConfigPage />} />
          <Route path="directory-source" element={<DirectorySourcePage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}
