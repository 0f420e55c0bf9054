import { Alert, Card, Col, Row, Segmented, Spin, Statistic, Table, Typography } from 'antd';
import type { ConsoleDashboard, ConsoleOrderListItem } from '@kuaibao/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useDashboard } from '../../hooks/api/dashboard.ts';
import { dateTime, goodsTypeName, yuan } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SlaTag } from '../../ui/status-tags.tsx';
import { SetupChecklist } from './setup-checklist.tsx';
import { useCan } from '../../lib/permissions.ts';
import { InvoiceRevenue } from '../invoices/invoice-revenue.tsx';
import { ReminderSummary } from '../reminders/reminder-summary.tsx';

// The trends and their charts (ECharts, ~180 kB gzip) come in their own chunk, fetched only here,
// so today's figures show without waiting for them (decision 042).
const TrendsSection = lazy(() => import('./trends-section.tsx').then((module) => ({ default: module.TrendsSection })));

function Funnel(props: { funnel: ConsoleDashboard['funnel'] }) {
  const top = Math.max(1, ...props.funnel.steps.map((s) => s.devices));
  return (
    <div data-testid="funnel">
      {props.funnel.steps.map((step, index) => {
        const previous = index > 0 ? props.funnel.steps[index - 1]!.devices : undefined;
        const rate = previous ? `${Math.round((step.devices / previous) * 100)}%` : '';
        return (
          <div className="funnel-row" key={step.key}>
            <span>{step.label}</span>
            <div className="funnel-track" role="img" aria-label={`${step.label} ${step.devices} 人`}>
              <div className="funnel-bar" style={{ width: `${(step.devices / top) * 100}%` }} />
            </div>
            <span className="nowrap">
              <strong>{step.devices}</strong> 人{rate ? <span className="muted">（转化 {rate}）</span> : null}
            </span>
          </div>
        );
      })}
      {props.funnel.paid_outside > 0 ? (
        <p className="muted" data-testid="funnel-paid-outside">
          另有 {props.funnel.paid_outside} 位付款访客未经过以上全部步骤（如从链接直接付款，或浏览器未上报访问记录），未计入漏斗。
        </p>
      ) : null}
    </div>
  );
}

const overdueColumns = [
  { title: '订单号', dataIndex: 'out_trade_no', render: (text: string, row: ConsoleOrderListItem) => <Link to={`/orders/${row.id}`} className="mono">{text}</Link> },
  { title: '企业名称', dataIndex: 'entity_name' },
  { title: '服务', dataIndex: 'goods_type', render: (type: string) => goodsTypeName(type) },
  { title: '联系电话', dataIndex: 'entity_phone' },
  { title: '付款时间', dataIndex: 'pay_time', render: (value: string | null) => dateTime(value) },
  { title: '联系时限', dataIndex: 'sla', render: (sla: ConsoleOrderListItem['sla']) => <SlaTag sla={sla} /> },
];

export function DashboardPage() {
  const [days, setDays] = useState(7);
  const dashboard = useDashboard(days);
  // 收入/退款/净收入 and the trends only with money.view; the API sends no figures without it (decision 058).
  const mayViewMoney = useCan('money.view');
  const maySendReminders = useCan('reminders.send');
  return (
    <>
      <PageHeader title="工作台" subtitle="今日与本月的付款、转化和待办情况" />
      <SetupChecklist />
      <QueryState query={dashboard}>
        {(data) => (
          <>
            {data.overdue.count > 0 ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="overdue-alert"
                title={`${data.overdue.count} 单付款已超过24小时仍未联系客户`}
                description="我们承诺付款后24小时内由专员致电联系，请尽快致电并在订单页记录通话。"
                action={<Link to="/orders?view=overdue">查看全部</Link>}
              />
            ) : null}
            <Row gutter={[16, 16]}>
              {(
                [
                  ['今日', data.today],
                  ['本月', data.month],
                ] as const
              ).map(([period, totals]) => (
                <Col span={12} key={period}>
                  {/* Paid, refunded and net side by side: a refund no longer hides in 收入 (decision 042). */}
                  <Card className="money-card" data-testid={`money-${period === '今日' ? 'today' : 'month'}`}>
                    <Row gutter={12} wrap={false}>
                      {(
                        [
                          [`${period}付款订单`, totals.paid_orders, '单'],
                          ...(totals.net_fen !== undefined && totals.revenue_fen !== undefined && totals.refunded_fen !== undefined
                            ? ([
                                [`${period}收入`, yuan(totals.revenue_fen), ''],
                                [totals.refunded_orders > 0 ? `${period}退款 · ${totals.refunded_orders} 单` : `${period}退款`, totals.refunded_fen > 0 ? `-${yuan(totals.refunded_fen)}` : yuan(0), ''],
                                [`${period}净收入`, yuan(totals.net_fen), ''],
                              ] as const)
                            : ([[`${period}退款订单`, totals.refunded_orders, '单']] as const)),
                        ] as const
                      ).map(([title, value, suffix]) => (
                        <Col flex="auto" key={title}>
                          <Statistic title={title} value={value} suffix={suffix} className="figure" />
                        </Col>
                      ))}
                    </Row>
                  </Card>
                </Col>
              ))}
            </Row>
            <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
              <Col span={14}>
                <Card
                  title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>访问转化漏斗</Typography.Title>}
                  extra={<Segmented aria-label="统计天数" value={days} onChange={(value) => setDays(Number(value))} options={[{ label: '今天', value: 1 }, { label: '7天', value: 7 }, { label: '30天', value: 30 }]} />}
                >
                  <Funnel funnel={data.funnel} />
                  <Typography.Paragraph className="muted" style={{ marginBottom: 0, fontSize: 12 }}>
                    按设备去重统计；“完成支付”取自订单本身。
                  </Typography.Paragraph>
                </Card>
              </Col>
              <Col span={10}>
                <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>已付款订单办理状态</Typography.Title>}>
                  <div className="status-bars" data-testid="status-counts">
                    {data.by_process_status.map((item) => (
                      <Link key={`${item.order_status}-${item.process_status}`} to={item.process_status ? `/orders?view=all&status=${item.order_status}&process_status=${item.process_status}` : `/orders?view=all&status=${item.order_status}`} className="status-cell">
                        <span className="muted">{item.name}</span>
                        <strong>{item.count}</strong>
                      </Link>
                    ))}
                  </div>
                  <Typography.Paragraph className="muted" style={{ margin: '12px 0 0', fontSize: 12 }}>
                    其中 {data.overdue.count} 单超过24小时未联系。
                  </Typography.Paragraph>
                </Card>
              </Col>
            </Row>
            <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>最早的超时订单</Typography.Title>} style={{ marginTop: 16 }}>
              <Table<ConsoleOrderListItem> rowKey="id" size="small" pagination={false} columns={overdueColumns} dataSource={data.overdue.orders} locale={{ emptyText: '没有超时订单' }} />
            </Card>
            {mayViewMoney ? <InvoiceRevenue /> : null}
            {maySendReminders ? <ReminderSummary /> : null}
            {mayViewMoney ? (
              <Suspense fallback={<Card style={{ marginTop: 16 }}><Spin /> <span className="muted">正在加载经营趋势…</span></Card>}>
                <TrendsSection />
              </Suspense>
            ) : null}
          </>
        )}
      </QueryState>
    </>
  );
}
