import { Input, Select, Table } from 'antd';
import type { ConsoleAuditEntry } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuditLog } from '../../hooks/api/audit.ts';
import { dateTime } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';

export const AUDIT_ACTION_NAMES: Record<string, string> = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'order.take': '接单',
  'order.reassign': '转单',
  'order.process_status': '修改办理状态',
  'order.note': '添加备注',
  'order.file_upload': '上传截图',
  'order.file_delete': '删除截图',
  'order.reveal_id': '查看完整身份证号',
  'refund.request': '申请退款',
  'refund.approve': '批准退款',
  'refund.reject': '驳回退款',
  'refund.result': '退款结果',
  'feedback.update': '处理投诉',
  'goods.create': '新增服务',
  'goods.update': '修改服务/价格',
  'site_config.update': '修改站点配置',
  'staff.create': '新增员工',
  'staff.update': '修改员工',
  'staff.update_password_reset': '重置员工密码',
  'staff.password_change': '修改本人密码',
  'staff.sign_in_failed': '登录失败',
  'retention.sweep': '按期删除个人信息',
};

const TARGET_NAMES: Record<string, string> = { staff: '员工', feedback: '投诉', goods: '服务', site_config: '配置', retention: '保留期限' };

function Json(props: { value: unknown }) {
  if (props.value === null || props.value === undefined) return <span className="muted">—</span>;
  return <pre className="json-block">{JSON.stringify(props.value, null, 2)}</pre>;
}

function renderChange(row: ConsoleAuditEntry) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
      <div>
        <strong>之前</strong>
        <Json value={row.before} />
      </div>
      <div>
        <strong>之后</strong>
        <Json value={row.after} />
      </div>
    </div>
  );
}

/** Who did what, when, with the state before and after (admins only). */
export function AuditPage() {
  const [action, setAction] = useState<string | undefined>();
  const [targetId, setTargetId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const audit = useAuditLog({ page, page_size: 30, action, target_id: targetId });
  return (
    <>
      <PageHeader title="操作日志" subtitle="所有改变数据的操作，以及每次查看完整身份证号" />
      <div className="filter-bar" role="search" aria-label="筛选日志">
        <Select allowClear aria-label="操作类型" placeholder="操作类型" style={{ width: 200 }} value={action} options={Object.entries(AUDIT_ACTION_NAMES).map(([value, label]) => ({ value, label }))} onChange={(v?: string) => { setAction(v); setPage(1); }} />
        <Input.Search allowClear aria-label="对象编号" placeholder="对象编号（如订单 ID）" style={{ width: 220 }} onSearch={(v) => { setTargetId(v.trim() || undefined); setPage(1); }} />
      </div>
      <Table<ConsoleAuditEntry>
        rowKey="id"
        loading={audit.isPending || audit.isPlaceholderData}
        dataSource={audit.data?.items ?? []}
        pagination={{ current: page, pageSize: 30, total: audit.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条`, showSizeChanger: false }}
        expandable={{ expandedRowRender: renderChange, rowExpandable: (row) => row.before !== null || row.after !== null }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
          { title: '人员', dataIndex: 'staff_name', width: 170 },
          { title: '操作', dataIndex: 'action', render: (v: string) => AUDIT_ACTION_NAMES[v] ?? v },
          { title: '对象', key: 'target', render: (_v: unknown, row) => (row.target_type === 'order' ? <Link to={`/orders/${row.target_id}`}>订单 #{row.target_id}</Link> : `${TARGET_NAMES[row.target_type] ?? row.target_type} ${row.target_type === 'site_config' ? row.target_id : `#${row.target_id}`}`) },
          { title: 'IP', dataIndex: 'ip', width: 130, className: 'mono' },
        ]}
      />
    </>
  );
}
