import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, InputNumber, Space, Table, Typography } from 'antd';
import { shanghaiIsoDay, type ConsoleCommissionLine, type ConsoleCommissionRate } from '@kuaibao/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useCommission, useCommissionRates, useSetCommissionRate } from '../../hooks/api/commission.ts';
import { dateTime, goodsTypeName, yuan } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';

const heading = (text: string) => <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{text}</Typography.Title>;

const columns = [
  { title: '员工', dataIndex: 'staff_name' },
  { title: '服务', dataIndex: 'goods_type', render: (type: string) => goodsTypeName(type) },
  { title: '完成订单', dataIndex: 'completed_orders', align: 'right' as const },
  { title: '完成订单实付', dataIndex: 'completed_fen', align: 'right' as const, render: (fen: number) => yuan(fen) },
  { title: '提成', dataIndex: 'earned_fen', align: 'right' as const, render: (fen: number) => yuan(fen) },
  { title: '本月退款', dataIndex: 'refunds', align: 'right' as const, render: (n: number, row: ConsoleCommissionLine) => (n > 0 ? `${n} 笔 · ${yuan(row.refunded_fen)}` : '—') },
  { title: '扣回提成', dataIndex: 'deducted_fen', align: 'right' as const, render: (fen: number) => (fen > 0 ? `-${yuan(fen)}` : yuan(0)) },
  { title: '应发提成', dataIndex: 'net_fen', align: 'right' as const, render: (fen: number) => <strong>{fen < 0 ? `-${yuan(-fen)}` : yuan(fen)}</strong> },
];

/** The table's last row: what the month pays out in all. */
function CommissionTotal(rows: readonly ConsoleCommissionLine[]) {
  if (rows.length === 0) return null;
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={7}>
        合计
      </Table.Summary.Cell>
      <Table.Summary.Cell index={7} align="right">
        <strong data-testid="commission-total">{yuan(rows.reduce((sum, row) => sum + row.net_fen, 0))}</strong>
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}

/** A service's rate: a percentage with two decimals, stored in basis points; admins change it. */
function RateRow(props: { rate: ConsoleCommissionRate; canEdit: boolean }) {
  const { rate, canEdit } = props;
  const [value, setValue] = useState<number | null>(rate.rate_bp / 100);
  const save = useSetCommissionRate();
  const bp = value === null ? null : Math.round(value * 100);
  return (
    <Space wrap data-testid={`rate-${rate.goods_type}`}>
      <span style={{ display: 'inline-block', minWidth: 72 }}>{goodsTypeName(rate.goods_type)}</span>
      {canEdit ? (
        <>
          <InputNumber aria-label={`${goodsTypeName(rate.goods_type)}提成比例`} min={0} max={100} precision={2} step={0.5} value={value} onChange={setValue} addonAfter="%" style={{ width: 140 }} />
          <Button disabled={bp === null || bp === rate.rate_bp} loading={save.isPending} onClick={() => bp !== null && save.mutate({ goods_type: rate.goods_type, rate_bp: bp }, { onSuccess: () => notifySuccess(`${goodsTypeName(rate.goods_type)}提成比例已改为 ${(bp / 100).toFixed(2)}%，此后完成的订单按新比例计算`) })}>
            保存
          </Button>
        </>
      ) : (
        <strong>{(rate.rate_bp / 100).toFixed(2)}%</strong>
      )}
      <span className="muted">{rate.effective_from ? `${dateTime(rate.effective_from)} 起${rate.staff_name ? `，${rate.staff_name}设置` : ''}` : '未设置'}</span>
    </Space>
  );
}

/**
 * 提成 (decision 058): a month's commission per clerk and service, refunds of their orders taken back
 * in the month they happen; admins, 主管 and 财务 see everyone's, a clerk their own (the server decides).
 */
export function CommissionPage() {
  const [month, setMonth] = useState(() => shanghaiIsoDay(new Date()).slice(0, 7));
  const commission = useCommission(month);
  const rates = useCommissionRates();
  const canEdit = useCan('config.edit');
  const exportHref = (format: 'xlsx' | 'csv') => `/api/console/commission/export?${new URLSearchParams({ month, format }).toString()}`;
  return (
    <>
      <PageHeader
        title="提成"
        subtitle="按北京时间自然月：当月首次标记已完成的订单 × 提成比例，减去当月退款订单的提成"
        extra={
          <Space>
            <DatePicker picker="month" aria-label="月份" allowClear={false} value={dayjs(`${month}-01`)} onChange={(value) => value && setMonth(value.format('YYYY-MM'))} />
            <Button icon={<DownloadOutlined />} href={exportHref('xlsx')} data-testid="commission-export-xlsx">
              导出 Excel
            </Button>
            <Button href={exportHref('csv')}>导出 CSV</Button>
          </Space>
        }
      />
      <QueryState query={commission}>
        {(data) => (
          <Card title={heading(data.everyone ? `${data.month} 全部员工提成` : `${data.month} 我的提成`)} size="small">
            <Table<ConsoleCommissionLine>
              rowKey={(row) => `${row.staff_id}-${row.goods_type}`}
              size="small"
              pagination={false}
              columns={columns}
              dataSource={data.lines}
              locale={{ emptyText: '本月没有完成或退款的订单' }}
              data-testid="commission-table"
              summary={CommissionTotal}
            />
          </Card>
        )}
      </QueryState>
      <Card title={heading('提成比例（按实付金额的百分比）')} size="small" style={{ marginTop: 16 }}>
        <QueryState query={rates}>
          {(list) => (
            <Space orientation="vertical">
              {list.map((rate) => (
                <RateRow key={`${rate.goods_type}-${rate.rate_bp}-${rate.effective_from ?? ''}`} rate={rate} canEdit={canEdit} />
              ))}
              <Typography.Text className="muted">修改比例只影响此后完成的订单；已完成订单按完成时的比例计算，退款按该订单的比例扣回。</Typography.Text>
            </Space>
          )}
        </QueryState>
      </Card>
    </>
  );
}
