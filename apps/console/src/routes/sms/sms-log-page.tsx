import { Input, Select, Table, Tag, Tooltip } from 'antd';
import { CONSOLE_TIME_SORTS, type ConsoleSmsLogEntry, type ConsoleTimeSort } from '@kuaibao/domain';
import { Link } from 'react-router';
import { useSmsLog } from '../../hooks/api/sms.ts';
import { dateTime } from '../../lib/format.ts';
import { label } from '../../lib/labels.ts';
import { DateRangeFilter, ListToolbar, sortOrderOf, sortValueOf, useListParams, useListPrefs, visibleColumns } from '../../ui/list-tools.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';

/** One line of a cell, cut with …; the whole text in a tooltip. */
function Ellipsis(props: { text: string }) {
  return (
    <Tooltip title={props.text} placement="topLeft">
      <span>{props.text}</span>
    </Tooltip>
  );
}

/** What was sent to whom: every attempt, with the text as sent (docs/product/overview.md#promises SMS notices). */
export function SmsLogPage() {
  const params = useListParams();
  const [prefs, setPrefs] = useListPrefs('sms');
  const page = Number(params.get('page')) || 1;
  const sort = (CONSOLE_TIME_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ConsoleTimeSort) : undefined;
  const query = { page, page_size: 20, q: params.get('q'), status: params.get('status'), from: params.get('from'), to: params.get('to'), sort };
  const log = useSmsLog(query);
  // Fixed widths and one line per cell, so the list fits 1280 and 1440 px without a sideways
  // scroll (通道 and 结果 were once past the right edge); long text ends in … with a tooltip.
  const columns = [
    { title: '时间', key: 'created_at', dataIndex: 'created_at', width: 156, sorter: true, sortOrder: sortOrderOf(sort, 'created_at'), render: (v: string) => dateTime(v) },
    { title: '手机号', key: 'phone', dataIndex: 'phone', width: 124, className: 'mono' },
    { title: '订单', key: 'out_trade_no', dataIndex: 'out_trade_no', width: 190, ellipsis: { showTitle: false }, render: (v: string, row: ConsoleSmsLogEntry) => (row.order_id ? <Link to={`/orders/${row.order_id}`} className="mono" title={v}>{v}</Link> : '—') },
    { title: '类型', key: 'template_title', dataIndex: 'template_title', width: 112, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} /> },
    // The rest of the width: the text as sent, its first line here, all of it in the tooltip.
    { title: '内容', key: 'content', dataIndex: 'content', ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={v} /> },
    { title: '通道', key: 'provider', dataIndex: 'provider', width: 96, ellipsis: { showTitle: false }, render: (v: string) => <Ellipsis text={label('smsProvider', v)} /> },
    {
      title: '结果',
      key: 'status',
      dataIndex: 'status',
      width: 84,
      render: (v: string, row: ConsoleSmsLogEntry) =>
        v === 'SENT' ? (
          <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>{label('smsStatus', v)}</Tag>
        ) : (
          <Tooltip title={row.error || undefined}>
            <Tag style={{ color: '#a8071a', background: '#fff1f0', borderColor: 'transparent' }}>{label('smsStatus', v)}</Tag>
          </Tooltip>
        ),
    },
  ];
  return (
    <>
      <PageHeader title="短信记录" subtitle="支付成功、办理完成、退款成功时发给法定代表人手机的通知；每条都带第三方代办声明" />
      <div className="filter-bar" role="search" aria-label="筛选短信">
        <Input.Search
          allowClear
          aria-label="按手机号或订单号查找"
          placeholder="手机号或订单号"
          style={{ width: 240 }}
          defaultValue={query.q}
          key={query.q ?? ''}
          onSearch={(value) => params.update({ q: value.trim() || undefined })}
        />
        <Select
          allowClear
          aria-label="发送结果"
          placeholder="发送结果"
          style={{ width: 120 }}
          value={query.status}
          options={[
            { value: 'SENT', label: label('smsStatus', 'SENT') },
            { value: 'FAILED', label: label('smsStatus', 'FAILED') },
          ]}
          onChange={(v?: string) => params.update({ status: v })}
        />
        <DateRangeFilter label="发送日期" from={query.from} to={query.to} onChange={(range) => params.update(range)} />
      </div>
      <ListToolbar list="sms" columns={columns.map((c) => ({ key: c.key, title: c.title }))} prefs={prefs} setPrefs={setPrefs} onRefresh={() => void log.refetch()} refreshing={log.isFetching} extra={<ExportButtons list="sms" />} />
      <Table<ConsoleSmsLogEntry>
        rowKey="id"
        size={prefs.density}
        className="nowrap-table"
        tableLayout="fixed"
        loading={log.isPending || log.isPlaceholderData}
        dataSource={log.data?.items ?? []}
        data-testid="sms-table"
        locale={{ emptyText: '暂无短信记录' }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action === 'sort') params.update({ sort: sortValueOf(sorter) });
        }}
        pagination={{ current: page, pageSize: 20, total: log.data?.total ?? 0, onChange: (p) => params.update({ page: String(p) }), showTotal: (t) => `共 ${t} 条` }}
        columns={visibleColumns(columns, prefs.hidden)}
      />
    </>
  );
}
