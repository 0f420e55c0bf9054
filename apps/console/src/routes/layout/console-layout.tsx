import { MoneyCollectOutlined, NotificationOutlined } from '@ant-design/icons';
import { AccountBookOutlined, AuditOutlined, DashboardOutlined, DatabaseOutlined, DeleteOutlined, FileProtectOutlined, FileSearchOutlined, MessageOutlined, RollbackOutlined, SettingOutlined, ShopOutlined, TeamOutlined, WarningOutlined, FileDoneOutlined, SnippetsOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Layout, Menu, Tag } from 'antd';
import { STAFF_ROLE_NAMES, type ConsoleSessionStaff } from '@kuaibao/domain';
import { consolePagePermission } from '@kuaibao/domain';
import { Forbidden } from '../../ui/forbidden.tsx';
import { Suspense, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useOrderCounts } from '../../hooks/api/orders.ts';
import { useLogout } from '../../hooks/api/session.ts';
import { PasswordDialog } from '../account/password-dialog.tsx';
import { RouteErrorBoundary, RouteLoading } from '../../ui/route-loading.tsx';
import { OrderAlertsToggle } from '../../ui/order-alerts-toggle.tsx';

function withBadge(label: string, count: number | undefined, testId: string): ReactNode {
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <span>{label}</span>
      {count ? <Badge count={count} overflowCount={999} color="#c41d2a" data-testid={testId} title={`${count} 条待处理`} /> : null}
    </span>
  );
}

/** The page's name for the no-permission page: the menu's words for it, without the badge. */
const PAGE_TITLES: Record<string, string> = { refunds: '退款审批', feedback: '投诉处理', sms: '短信记录', 'deletion-requests': '删除申请', goods: '服务与价格', 'site-config': '站点配置', agreements: '服务协议', 'directory-source': '企业数据源', staff: '员工账号', reconciliation: '对账', audit: '操作日志', invoices: '发票', reminders: '年报季提醒', commission: '提成', customers: '客户', orders: '订单处理' };
function menuLabelOf(pathname: string): string {
  return PAGE_TITLES[pathname.split('/').filter(Boolean)[0] ?? ''] ?? '无权访问';
}

/** Sidebar navigation with the counts that need attention, and the signed-in person's menu. */
export function ConsoleLayout(props: { staff: ConsoleSessionStaff }) {
  const { staff } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const counts = useOrderCounts();
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const can = (permission: string) => staff.permissions.includes(permission as never);
  // The domain's page table (packages/domain/src/staff.ts) decides both the menu and what a typed address opens.
  const mayOpen = (path: string) => {
    const permission = consolePagePermission(path);
    return permission === undefined || staff.permissions.includes(permission);
  };

  const items = [
    { key: '/', icon: <DashboardOutlined />, label: '工作台' },
    { key: '/orders', icon: <FileSearchOutlined />, label: withBadge('订单处理', counts.data?.new_paid, 'badge-new-paid') },
    { key: '/refunds', icon: <RollbackOutlined />, label: withBadge('退款审批', counts.data?.refunds_pending, 'badge-refunds') },
    { key: '/feedback', icon: <WarningOutlined />, label: withBadge('投诉处理', counts.data?.feedback_open, 'badge-feedback') },
    { key: '/sms', icon: <MessageOutlined />, label: '短信记录' },
    { key: '/invoices', icon: <FileDoneOutlined />, label: '发票' },
    { key: '/reminders', icon: <NotificationOutlined />, label: '年报季提醒' },
    { key: '/deletion-requests', icon: <DeleteOutlined />, label: '删除申请' },
    { key: '/goods', icon: <ShopOutlined />, label: '服务与价格' },
    { key: '/site-config', icon: <SettingOutlined />, label: '站点配置' },
    { key: '/agreements', icon: <FileProtectOutlined />, label: '服务协议' },
    { key: '/templates', icon: <SnippetsOutlined />, label: '消息模板' },
    ...(can('config.view') ? [{ key: '/directory-source', icon: <DatabaseOutlined />, label: '企业数据源' }] : []),
    ...(can('staff.manage') ? [{ key: '/staff', icon: <TeamOutlined />, label: '员工账号' }] : []),
    ...(can('money.reconcile') ? [{ key: '/reconciliation', icon: <AccountBookOutlined />, label: '对账' }] : []),
    ...(can('audit.view') ? [{ key: '/audit', icon: <AuditOutlined />, label: '操作日志' }] : []),
    { key: '/commission', icon: <MoneyCollectOutlined />, label: '提成' },
  ].filter((item) => mayOpen(item.key));
  const selected = items.map((i) => i.key).filter((key) => (key === '/' ? location.pathname === '/' : location.pathname.startsWith(key)));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      <Layout.Sider width={216} breakpoint="lg" collapsedWidth={72}>
        <div className="console-brand">
          <span className="console-brand-mark" aria-hidden="true">
            快
          </span>
          <span>快报办理台</span>
        </div>
        <nav aria-label="主导航">
          <Menu theme="dark" mode="inline" selectedKeys={selected} items={items} onClick={(info) => navigate(info.key)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          {counts.data && counts.data.overdue > 0 ? (
            <Button type="link" danger onClick={() => navigate('/orders?view=overdue')} data-testid="header-overdue">
              {counts.data.overdue} 单超过24小时未联系
            </Button>
          ) : null}
          <OrderAlertsToggle />
          <Dropdown
            menu={{
              items: [
                { key: 'password', label: '修改密码' },
                { key: 'logout', label: '退出登录' },
              ],
              onClick: (info) => (info.key === 'logout' ? logout.mutate() : setPasswordOpen(true)),
            }}
          >
            <Button type="text" data-testid="account-menu">
              {staff.display_name}
              <Tag style={{ marginInlineStart: 8 }}>{STAFF_ROLE_NAMES[staff.role]}</Tag>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="console-content" id="main" tabIndex={-1}>
          {/* The menu and header stay while a page's chunk loads; a failed one is reported in place. */}
          <RouteErrorBoundary key={location.pathname}>
            <Suspense fallback={<RouteLoading />}>
              {mayOpen(location.pathname) ? <Outlet /> : <Forbidden title={menuLabelOf(location.pathname)} />}
            </Suspense>
          </RouteErrorBoundary>
        </Layout.Content>
      </Layout>
      <PasswordDialog open={passwordOpen} forced={false} onClose={() => setPasswordOpen(false)} />
    </Layout>
  );
}
