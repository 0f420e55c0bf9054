import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

/**
 * A page in a chunk of its own, downloaded the first time it shows. `preload` starts the download
 * earlier, e.g. together with the layout on a deep link, so the two do not load one after the other.
 */
function lazyPage<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((module) => ({ default: pick(module) })));
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}

export const MessageHost = lazyPage(() => import('../ui/message-host.tsx'), (module) => module.MessageHost);
/** Asked for by a temporary password's first sign-in, and from the account menu (in the layout's chunk then). */
export const PasswordDialog = lazyPage(() => import('./account/password-dialog.tsx'), (module) => module.PasswordDialog);
export const ConsoleLayout = lazyPage(() => import('./layout/console-layout.tsx'), (module) => module.ConsoleLayout);
export const DashboardPage = lazyPage(() => import('./dashboard/dashboard-page.tsx'), (module) => module.DashboardPage);
export const OrderListPage = lazyPage(() => import('./orders/order-list-page.tsx'), (module) => module.OrderListPage);
export const OrderDetailPage = lazyPage(() => import('./orders/order-detail-page.tsx'), (module) => module.OrderDetailPage);
export const RefundListPage = lazyPage(() => import('./refunds/refund-list-page.tsx'), (module) => module.RefundListPage);
/** 投诉处理: the site's reports and WeChat Pay's complaints, one tab each (decision 040). */
export const FeedbackPage = lazyPage(() => import('./feedback/complaint-tabs.tsx'), (module) => module.ComplaintTabsPage);
/** One customer's orders, complaints and SMS, reached from an order's phone or company (decision 043). */
export const CustomerPage = lazyPage(() => import('./customers/customer-page.tsx'), (module) => module.CustomerPage);
export const SmsLogPage = lazyPage(() => import('./sms/sms-log-page.tsx'), (module) => module.SmsLogPage);
export const DeletionRequestsPage = lazyPage(() => import('./deletion/deletion-requests-page.tsx'), (module) => module.DeletionRequestsPage);
export const GoodsPage = lazyPage(() => import('./config/goods-page.tsx'), (module) => module.GoodsPage);
export const SiteConfigPage = lazyPage(() => import('./config/site-config-page.tsx'), (module) => module.SiteConfigPage);
export const AgreementsPage = lazyPage(() => import('./config/agreements-page.tsx'), (module) => module.AgreementsPage);
export const DirectorySourcePage = lazyPage(() => import('./directory/directory-source-page.tsx'), (module) => module.DirectorySourcePage);
export const StaffPage = lazyPage(() => import('./staff/staff-page.tsx'), (module) => module.StaffPage);
export const ReconciliationPage = lazyPage(() => import('./reconciliation/reconciliation-page.tsx'), (module) => module.ReconciliationPage);
/** 发票 (decision 060). */
export const InvoiceListPage = lazyPage(() => import('./invoices/invoice-list-page.tsx'), (module) => module.InvoiceListPage);
export const AuditPage = lazyPage(() => import('./audit/audit-page.tsx'), (module) => module.AuditPage);
/** 提成 (decision 058). */
export const CommissionPage = lazyPage(() => import('./commission/commission-page.tsx'), (module) => module.CommissionPage);
/** 年报季提醒 (decision 065). */
export const RemindersPage = lazyPage(() => import('./reminders/reminders-page.tsx'), (module) => module.RemindersPage);
/** 补充资料 and call-note templates (decision 062). */
export const TemplatesPage = lazyPage(() => import('./templates/templates-page.tsx'), (module) => module.TemplatesPage);

/** The page a signed-in path shows (its first segment), to preload it with the layout. */
const PAGE_BY_SEGMENT: Record<string, LazyPage> = {
  '': DashboardPage,
  orders: OrderListPage,
  refunds: RefundListPage,
  feedback: FeedbackPage,
  sms: SmsLogPage,
  customers: CustomerPage,
  'deletion-requests': DeletionRequestsPage,
  goods: GoodsPage,
  'site-config': SiteConfigPage,
  agreements: AgreementsPage,
  'directory-source': DirectorySourcePage,
  staff: StaffPage,
  audit: AuditPage,
  reconciliation: ReconciliationPage,
  commission: CommissionPage,
  invoices: InvoiceListPage,
  templates: TemplatesPage,
  reminders: RemindersPage,
};

/** Starts downloading the layout and the page of `pathname` at once (a deep link or a fresh sign-in). */
export function preloadSignedInPage(pathname: string): void {
  ConsoleLayout.preload();
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === 'orders' && second) OrderDetailPage.preload();
  else PAGE_BY_SEGMENT[first]?.preload();
}
