import { Alert, Card, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ConsoleFeedback, ConsoleOrderListItem, ConsoleSmsLogEntry } from '@kuaibao/domain';
import { Link, useSearchParams } from 'react-router';
import { useCustomer } from '../../hooks/api/customers.ts';
import { dateTime, goodsTypeName, yuan } from '../../lib/format.ts';
import { label } from '../../lib/labels.ts';
import { RequirePermission } from '../../ui/forbidden.tsx';
import { EllipsisText } from '../../ui/ellipsis.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { PaymentStatusTag, ProcessStatusTag } from '../../ui/status-tags.tsx';

const heading = (text: string, count: number) => (
  <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
    {text}（{count}）
  </Typography.Title>
);

/** When a complaint or an SMS was recorded. */
const createdAtColumn = { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) };

/** One kind of record (orders, complaints, SMS): a titled card around a plain, unpaged table. `wide`: cells stay on one line and scroll sideways. */
function Section<T extends { id: number }>(props: { title: string; rows: T[]; testId: string; empty: string; columns: TableColumnsType<T>; wide?: boolean }) {
  return (
    <Card title={heading(props.title, props.rows.length)} size="small">
      <Table<T>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={props.rows}
        data-testid={props.testId}
        locale={{ emptyText: props.empty }}
        columns={props.columns}
        {...(props.wide ? { className: 'nowrap-table', scroll: { x: 'max-content' } } : {})}
      />
    </Card>
  );
}

/**
 * The customer in one place (decision 043): every order, complaint and SMS of one phone or one
 * company (credit code), read-only. Reached from the phone and the company on an order's detail.
 */
export function CustomerPage() {
  return (
    <RequirePermission permission="orders.view" title="客户">
      <CustomerView />
    </RequirePermission>
  );
}

function CustomerView() {
  const [search] = useSearchParams();
  const phone = search.get('phone') ?? undefined;
  const creditCode = search.get('credit_code') ?? undefined;
  const customer = useCustomer({ phone, credit_code: creditCode });
  if (!phone && !creditCode) return <Result status="404" title="请从订单详情中的手机号或企业名称进入" extra={<Link to="/orders">返回订单列表</Link>} />;
  return (
    <QueryState query={customer}>
      {(data) => (
        <>
          <PageHeader title={phone ? `客户 ${phone}` : `企业 ${creditCode ?? ''}`} subtitle={phone ? '该手机号下的全部订单、投诉和短信' : '该统一社会信用代码下的全部订单、投诉和短信'} />
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {data.truncated ? <Alert type="info" showIcon title="记录较多，每类只显示最近 200 条。" /> : null}
            <Section<ConsoleOrderListItem>
              title="订单"
              rows={data.orders}
              testId="customer-orders"
              empty="没有订单"
              wide
              columns={[
                { title: '订单号', dataIndex: 'out_trade_no', render: (v: string, row) => <Link to={`/orders/${row.id}`} className="mono">{v}</Link> },
                // A long name is cut, whole in the tooltip: 下单时间 stays on screen at 1280 px (decision 063).
                { title: '企业', dataIndex: 'entity_name', width: 260, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
                { title: '服务', dataIndex: 'goods_type', render: (v: string) => goodsTypeName(v) },
                { title: '金额', dataIndex: 'total_fee', render: (v: number) => yuan(v) },
                { title: '支付', dataIndex: 'status', render: (v: string) => <PaymentStatusTag status={v} /> },
                { title: '办理', dataIndex: 'process_status', render: (v: string, row) => <ProcessStatusTag code={v} name={row.process_status_name} /> },
                { title: '下单时间', dataIndex: 'create_time', render: (v: string) => dateTime(v) },
              ]}
            />
            <Section<ConsoleFeedback>
              title="投诉"
              rows={data.feedback}
              testId="customer-feedback"
              empty="没有关联的投诉"
              columns={[
                createdAtColumn,
                { title: '类型', dataIndex: 'type', width: 100 },
                { title: '内容', dataIndex: 'content', ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
                { title: '订单', dataIndex: 'out_trade_no', render: (v: string, row) => (row.order_id ? <Link to={`/orders/${row.order_id}`} className="mono">{v}</Link> : '—') },
                { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => (v === 'handled' ? <Tag>已处理</Tag> : <Tag color="orange">待处理</Tag>) },
              ]}
            />
            <Section<ConsoleSmsLogEntry>
              title="短信"
              rows={data.sms}
              testId="customer-sms"
              empty="没有短信"
              columns={[
                createdAtColumn,
                { title: '类型', dataIndex: 'template_title', width: 120 },
                { title: '内容', dataIndex: 'content', render: (v: string) => <div className="sms-content">{v}</div> },
                { title: '结果', dataIndex: 'status', width: 80, render: (v: string) => label('smsStatus', v) },
              ]}
            />
          </Space>
        </>
      )}
    </QueryState>
  );
}
