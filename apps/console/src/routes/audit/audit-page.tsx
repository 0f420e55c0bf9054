import { Input, Select, Table, Typography } from 'antd';
import { CONSOLE_TIME_SORTS, LABELS, auditChangeRows, auditDetailsText, auditTargetText, type ConsoleAuditEntry, type ConsoleTimeSort } from '@kuaibao/domain';
import { Link } from 'react-router';
import { useAuditLog } from '../../hooks/api/audit.ts';
import { useStaff } from '../../hooks/api/staff.ts';
import { dateTime } from '../../lib/format.ts';
import { RequirePermission } from '../../ui/forbidden.tsx';
import { DateRangeFilter, ListToolbar, sortOrderOf, sortValueOf, useListParams, useListPrefs, visibleColumns } from '../../ui/list-tools.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';


/** The actions' names: the domain's label map (shared with the exports). */
export const AUDIT_ACTION_NAMES: Record<string, string> = LABELS.auditAction;

/** Before and after, field by field in words (it was raw JSON; packages/domain/src/audit-text.ts). */
function renderChange(row: ConsoleAuditEntry) {
  const rows = auditChangeRows(row);
  const hasBefore = row.before !== null && row.before !== undefined;
  return (
    <table className="audit-change" data-testid="audit-change">
      <thead>
        <tr>
          <th scope="col">项目</th>
          {hasBefore ? <th scope="col">之前</th> : null}
          <th scope="col">{hasBefore ? '之后' : '内容'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={hasBefore && r.changed ? 'changed' : undefined}>
            <th scope="row">{r.field}</th>
            {hasBefore ? <td>{r.before}</td> : null}
            <td>{r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the entry was done to, in words (packages/domain/src/audit-text.ts); an order links to its page. */
function targetOf(row: ConsoleAuditEntry) {
  if (row.target_type === 'order' && row.order_no) return <Link to={`/orders/${row.target_id}`} className="mono">{row.order_no}</Link>;
  return auditTargetText(row);
}

/** The entry's details as one Chinese line; the whole of it on hover and in the expanded row. */
function detailsOf(row: ConsoleAuditEntry) {
  const text = auditDetailsText(row);
  if (!text) return <span className="muted">—</span>;
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 420 }} data-testid="audit-details">
      {text}
    </Typography.Text>
  );
}

/** Who did what, when, with the state before and after (admins only). */
export function AuditPage() {
  return (
    <RequirePermission permission="audit.view" title="操作日志">
      <AuditLog />
    </RequirePermission>
  );
}

function AuditLog() {
  const params = useListParams();
  const [prefs, setPrefs] = useListPrefs('audit');
  const staff = useStaff();
  const sort = (CONSOLE_TIME_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ConsoleTimeSort) : undefined;
  const page = Number(params.get('page')) || 1;
  const query = { page, page_size: 30, action: params.get('action'), staff_id: params.get('staff_id'), order_no: params.get('order_no'), from: params.get('from'), to: params.get('to'), sort };
  const audit = useAuditLog(query);
  const columns = [
    { title: '时间', key: 'created_at', dataIndex: 'created_at', sorter: true, sortOrder: sortOrderOf(sort, 'created_at'), render: (v: string) => dateTime(v) },
    { title: '人员', key: 'staff_name', dataIndex: 'staff_name' },
    { title: '操作', key: 'action', dataIndex: 'action', render: (v: string) => AUDIT_ACTION_NAMES[v] ?? '其他操作' },
    { title: '对象', key: 'target', render: (_v: unknown, row: ConsoleAuditEntry) => targetOf(row) },
    { title: '详情', key: 'details', render: (_v: unknown, row: ConsoleAuditEntry) => detailsOf(row) },
    { title: 'IP', key: 'ip', dataIndex: 'ip', className: 'mono' },
  ];
  return (
    <>
      <PageHeader title="操作日志" subtitle="所有改变数据的操作、失败的登录，以及每次查看完整身份证号" />
      <div className="filter-bar" role="search" aria-label="筛选日志">
        <Select allowClear aria-label="操作类型" placeholder="操作类型" style={{ width: 180 }} value={query.action} options={Object.entries(AUDIT_ACTION_NAMES).map(([value, label]) => ({ value, label }))} onChange={(v?: string) => params.update({ action: v })} />
        <Select
          allowClear
          aria-label="人员"
          placeholder="人员"
          style={{ width: 150 }}
          value={query.staff_id}
          options={(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.display_name }))}
          onChange={(v?: string) => params.update({ staff_id: v })}
          data-testid="audit-staff"
        />
        <Input.Search
          allowClear
          aria-label="订单号"
          placeholder="订单号（KB 开头）"
          style={{ width: 240 }}
          defaultValue={query.order_no}
          key={query.order_no ?? ''}
          onSearch={(v) => params.update({ order_no: v.trim() || undefined })}
          data-testid="audit-order-no"
        />
        <DateRangeFilter from={query.from} to={query.to} onChange={(range) => params.update(range)} />
      </div>
      <ListToolbar list="audit" columns={columns.map((c) => ({ key: c.key, title: c.title }))} prefs={prefs} setPrefs={setPrefs} onRefresh={() => void audit.refetch()} refreshing={audit.isFetching} extra={<ExportButtons list="audit" />} />
      <Table<ConsoleAuditEntry>
        rowKey="id"
        size={prefs.density}
        className="nowrap-table"
        scroll={{ x: 'max-content' }}
        data-testid="audit-table"
        loading={audit.isPending || audit.isPlaceholderData}
        dataSource={audit.data?.items ?? []}
        locale={{ emptyText: audit.isError ? `加载失败：${audit.error.message}` : '没有符合条件的记录' }}
        pagination={{ current: page, pageSize: 30, total: audit.data?.total ?? 0, onChange: (p) => params.update({ page: String(p), sort }), showTotal: (t) => `共 ${t} 条`, showSizeChanger: false }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action === 'sort') params.update({ sort: sortValueOf(sorter) });
        }}
        expandable={{ expandedRowRender: renderChange, rowExpandable: (row) => auditChangeRows(row).length > 0 }}
        columns={visibleColumns(columns, prefs.hidden)}
      />
    </>
  );
}
