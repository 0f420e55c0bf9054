import { Input, Select, Table, Tag, Tooltip } from 'antd';
import { INVOICE_STATUS_NAMES, INVOICE_STATUSES, INVOICE_TYPE_NAMES, INVOICE_TYPES, type ConsoleInvoice } from '@kuaibao/domain';
import { Link } from 'react-router';
import { useInvoices } from '../../hooks/api/invoices.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { DateRangeFilter, useListParams } from '../../ui/list-tools.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InvoiceActions } from './invoice-actions.tsx';

const STATUS_COLORS: Record<string, string> = { requested: 'gold', issued: 'green', red_requested: 'volcano', red_issued: 'default', failed: 'red' };

function Ellipsis(props: { text: string; mono?: boolean }) {
  return (
    <Tooltip title={props.text} placement="topLeft">
      <span className={props.mono ? 'mono' : undefined}>{props.text}</span>
    </Tooltip>
  );
}

/** 发票: every request, by status, type, day and order number / title / tax number (docs/decisions/060-invoices.md). */
export function InvoiceListPage() {
  const params = useListParams();
  const page = Number(params.get('page')) || 1;
  const query = { page, page_size: 20, status: params.get('status'), type: params.get('type'), keyword: params.get('keyword'), from: params.get('from'), to: params.get('to') };
  const list = useInvoices(query);
  const columns = [
    { title: '申请时间', key: 'created_at', dataIndex: 'created_at', width: 156, render: (v: string) => dateTime(v) },
    { title: '订单', key: 'out_trade_no', dataIndex: 'out_trade_no', width: 190, ellipsis: { showTitle: false }, render: (v: string, row: ConsoleInvoice) => <Link to={`/orders/${row.order_id}`} className="mono" title={v}>{v}</Link> },
    { title: '类型', key: 'type_name', dataIndex: 'type_name', width: 150, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} /> },
    { title: '抬头', key: 'title', dataIndex: 'title', ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} /> },
    // A credit code is one unbroken word: never wrapped.
    { title: '纳税人识别号', key: 'tax_number', dataIndex: 'tax_number', width: 180, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} mono /> },
    { title: '金额', key: 'amount_fen', dataIndex: 'amount_fen', width: 96, align: 'right' as const, render: (v: number) => yuan(v) },
    { title: '状态', key: 'status', dataIndex: 'status', width: 92, render: (v: string, row: ConsoleInvoice) => <Tag color={STATUS_COLORS[v]}>{row.status_name}</Tag> },
    { title: '操作', key: 'actions', width: 220, fixed: 'right' as const, render: (_: unknown, row: ConsoleInvoice) => <InvoiceActions invoice={row} /> },
  ];
  return (
    <>
      <PageHeader title="发票" subtitle="客户付款后申请的数电票：在开票软件中开具后上传文件，系统以短信和邮件把下载链接发给客户；已开票的订单退款前须先红冲" />
      <div className="filter-bar" role="search" aria-label="筛选发票">
        <Input.Search
          allowClear
          aria-label="按订单号、抬头或纳税人识别号查找"
          placeholder="订单号、抬头或纳税人识别号"
          style={{ width: 280 }}
          defaultValue={query.keyword}
          key={query.keyword ?? ''}
          onSearch={(value) => params.update({ keyword: value.trim() || undefined, page: undefined })}
        />
        <Select
          allowClear
          aria-label="发票状态"
          placeholder="状态"
          style={{ width: 120 }}
          value={query.status}
          options={INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_NAMES[status] }))}
          onChange={(v?: string) => params.update({ status: v, page: undefined })}
        />
        <Select
          allowClear
          aria-label="发票类型"
          placeholder="类型"
          style={{ width: 200 }}
          value={query.type}
          options={INVOICE_TYPES.map((type) => ({ value: type, label: INVOICE_TYPE_NAMES[type] }))}
          onChange={(v?: string) => params.update({ type: v, page: undefined })}
        />
        <DateRangeFilter label="申请日期" from={query.from} to={query.to} onChange={(range) => params.update(range)} />
      </div>
      <Table<ConsoleInvoice>
        rowKey="id"
        size="middle"
        className="nowrap-table"
        tableLayout="fixed"
        scroll={{ x: 1100 }}
        loading={list.isPending || list.isPlaceholderData}
        dataSource={list.data?.items ?? []}
        data-testid="invoice-table"
        locale={{ emptyText: '暂无发票申请' }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: (p) => params.update({ page: String(p) }), showTotal: (t) => `共 ${t} 条` }}
        columns={columns}
      />
    </>
  );
}
