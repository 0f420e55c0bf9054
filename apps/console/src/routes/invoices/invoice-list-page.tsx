import { Button, Input, Popconfirm, Select, Space, Table, Tag, Tooltip } from 'antd';
import { INVOICE_STATUS_NAMES, INVOICE_STATUSES, INVOICE_TYPE_NAMES, INVOICE_TYPES, type ConsoleInvoice } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useInvoiceActions, useInvoices } from '../../hooks/api/invoices.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { DateRangeFilter, ListToolbar, useListParams, useListPrefs, visibleColumns } from '../../ui/list-tools.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InvoiceActions } from './invoice-actions.tsx';

const STATUS_COLORS: Record<string, string> = { requested: 'gold', issuing: 'blue', issued: 'green', red_requested: 'volcano', red_issued: 'default', failed: 'red' };

const INVOICE_COLUMNS = [
  { key: 'created_at', title: '申请时间' },
  { key: 'out_trade_no', title: '订单' },
  { key: 'type_name', title: '类型' },
  { key: 'title', title: '抬头' },
  { key: 'tax_number', title: '纳税人识别号' },
  { key: 'amount_fen', title: '金额' },
  { key: 'status', title: '状态' },
  { key: 'invoice_number', title: '发票号码' },
  { key: 'actions', title: '操作' },
];

function Ellipsis(props: { text: string; mono?: boolean }) {
  return (
    <Tooltip title={props.text} placement="topLeft">
      <span className={props.mono ? 'mono' : undefined}>{props.text}</span>
    </Tooltip>
  );
}

/**
 * 发票: every request, by status, type, day and order number / title / tax number, with the lists' toolbar
 * (columns, density, saved filters), the export (decision 061's machinery) and, when an invoicing platform
 * is configured, bulk issue of the selected requests (docs/decisions/060-invoices.md, 064-nuonuo-invoicing.md).
 */
export function InvoiceListPage() {
  const params = useListParams();
  const [prefs, setPrefs] = useListPrefs('invoices', ['invoice_number']);
  const page = Number(params.get('page')) || 1;
  const query = { page, page_size: 20, status: params.get('status'), type: params.get('type'), keyword: params.get('keyword'), from: params.get('from'), to: params.get('to') };
  const list = useInvoices(query);
  const actions = useInvoiceActions();
  const canHandle = useCan('orders.handle');
  const [selected, setSelected] = useState<number[]>([]);
  const rows = list.data?.items ?? [];
  // A platform is configured when the server offers to issue through it (the manual upload never does).
  const platform = rows.some((row) => row.platform_issuable || (row.provider !== 'manual' && row.provider_serial !== ''));
  const chosen = selected.filter((id) => rows.find((row) => row.id === id)?.platform_issuable);

  const issueSelected = () =>
    actions.issueMany.mutate(chosen, {
      onSuccess: ({ results }) => {
        const refused = results.filter((r) => !r.ok);
        setSelected([]);
        if (refused.length === 0) notifySuccess(`已提交 ${results.length} 张，开具后自动通知客户`);
        else notifyError(new Error(`已提交 ${results.length - refused.length} 张；${refused.length} 张未提交：${refused.map((r) => r.message).filter(Boolean)[0] ?? ''}`));
      },
      onError: notifyError,
    });

  const columns = visibleColumns(
    [
      { title: '申请时间', key: 'created_at', dataIndex: 'created_at', width: 156, render: (v: string) => dateTime(v) },
      { title: '订单', key: 'out_trade_no', dataIndex: 'out_trade_no', width: 190, ellipsis: { showTitle: false }, render: (v: string, row: ConsoleInvoice) => <Link to={`/orders/${row.order_id}`} className="mono" title={v}>{v}</Link> },
      { title: '类型', key: 'type_name', dataIndex: 'type_name', width: 150, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} /> },
      { title: '抬头', key: 'title', dataIndex: 'title', width: 220, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} /> },
      // A credit code is one unbroken word: never wrapped.
      { title: '纳税人识别号', key: 'tax_number', dataIndex: 'tax_number', width: 180, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} mono /> },
      { title: '金额', key: 'amount_fen', dataIndex: 'amount_fen', width: 96, align: 'right' as const, render: (v: number) => yuan(v) },
      {
        title: '状态',
        key: 'status',
        dataIndex: 'status',
        width: 110,
        // The platform's refusal, in its own words, beside the status.
        render: (v: string, row: ConsoleInvoice) => (
          <Tooltip title={row.fail_reason || undefined}>
            <Tag color={STATUS_COLORS[v]} data-testid="invoice-status">
              {row.status_name}
            </Tag>
          </Tooltip>
        ),
      },
      { title: '发票号码', key: 'invoice_number', dataIndex: 'invoice_number', width: 190, render: (v: string) => (v ? <span className="mono">{v}</span> : '—') },
      {
        title: '操作',
        key: 'actions',
        width: 260,
        fixed: 'right' as const,
        render: (_: unknown, row: ConsoleInvoice) => (
          <Space direction="vertical" size={2}>
            <InvoiceActions invoice={row} />
            {row.fail_reason && (
              <span className="muted" style={{ color: '#a8071a', whiteSpace: 'normal' }} data-testid="invoice-fail-reason">
                {row.fail_reason}
              </span>
            )}
          </Space>
        ),
      },
    ],
    prefs.hidden,
  );

  return (
    <>
      <PageHeader
        title="发票"
        subtitle={
          platform
            ? '客户付款后申请的数电票：点「开具」由开票平台开具（可勾选批量开具），开具后系统以短信和邮件把下载链接发给客户；已开票的订单退款前须先红冲'
            : '客户付款后申请的数电票：在开票软件中开具后上传文件，系统以短信和邮件把下载链接发给客户；已开票的订单退款前须先红冲'
        }
      />
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
      <ListToolbar
        list="invoices"
        columns={INVOICE_COLUMNS}
        prefs={prefs}
        setPrefs={setPrefs}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
        extra={
          <Space>
            {platform && canHandle && (
              <Popconfirm title="批量开具" description={`由开票平台开具选中的 ${chosen.length} 张发票？`} okText="开具" cancelText="取消" disabled={chosen.length === 0} onConfirm={issueSelected}>
                <Button type="primary" disabled={chosen.length === 0} loading={actions.issueMany.isPending} data-testid="invoice-bulk-issue">
                  批量开具{chosen.length > 0 ? `（${chosen.length}）` : ''}
                </Button>
              </Popconfirm>
            )}
            <ExportButtons list="invoices" />
          </Space>
        }
      />
      <Table<ConsoleInvoice>
        rowKey="id"
        size={prefs.density}
        className="nowrap-table"
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
        loading={list.isPending || list.isPlaceholderData}
        dataSource={rows}
        data-testid="invoice-table"
        locale={{ emptyText: '暂无发票申请' }}
        {...(platform && canHandle
          ? {
              rowSelection: {
                selectedRowKeys: selected,
                onChange: (keys: React.Key[]) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: ConsoleInvoice) => ({ disabled: !row.platform_issuable, 'aria-label': `选择 ${row.out_trade_no}` }),
              },
            }
          : {})}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: (p) => params.update({ page: String(p) }), showTotal: (t) => `共 ${t} 条` }}
        columns={columns}
      />
    </>
  );
}
