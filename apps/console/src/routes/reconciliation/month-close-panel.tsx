import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Space, Statistic, Table, Tag } from 'antd';
import { RECONCILIATION_PROVIDER_NAMES, UNRECONCILED_REASON_NAMES, type ConsoleMonthCloseChannel } from '@kuaibao/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMonthClose } from '../../hooks/api/reconciliation.ts';
import { dayjs } from '../../lib/dayjs-zh.ts';
import { yuan } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';

type UnreconciledDay = ConsoleMonthCloseChannel['unreconciled_days'][number];

/** Downloads the settlement file (the server names it 月结_YYYYMM_…). */
async function downloadSettlement(month: string, format: 'xlsx' | 'csv'): Promise<void> {
  const response = await fetch(`/api/console/month-close/export?month=${encodeURIComponent(month)}&format=${format}`, { credentials: 'same-origin' });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => undefined)) as { msg?: string } | undefined;
    throw new Error(envelope?.msg?.split(',')[0] ?? `导出失败（HTTP ${response.status}）`);
  }
  const blob = await response.blob();
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = encoded ? decodeURIComponent(encoded) : `月结_${month}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function dayWord(day: UnreconciledDay): string {
  return day.reason === 'DIFFERENCES' ? `差异 ${day.differences} 笔未核实` : UNRECONCILED_REASON_NAMES[day.reason];
}

function ChannelCard(props: { channel: ConsoleMonthCloseChannel }) {
  const { channel } = props;
  const name = RECONCILIATION_PROVIDER_NAMES[channel.provider];
  const open = channel.unreconciled_days;
  return (
    <Card title={name} data-testid={`month-close-${channel.provider}`} extra={open.length === 0 ? <Tag color="success">已全部对账</Tag> : <Tag color="warning">{open.length} 天未对账</Tag>} style={{ marginBottom: 16 }}>
      <Space size={40} wrap style={{ marginBottom: 12 }}>
        <Statistic title={`收入（${channel.payment_count} 笔）`} value={yuan(channel.income_fen)} data-testid={`month-close-${channel.provider}-income`} />
        <Statistic title={`退款（${channel.refund_count} 笔）`} value={yuan(channel.refund_fen)} data-testid={`month-close-${channel.provider}-refunds`} />
        <Statistic title="手续费" value={yuan(channel.fee_fen)} data-testid={`month-close-${channel.provider}-fees`} />
        <Statistic title="净额" value={yuan(channel.net_fen)} data-testid={`month-close-${channel.provider}-net`} />
      </Space>
      {channel.days_without_fees.length > 0 ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`以下日期的账单没有手续费数据，手续费未计入：${channel.days_without_fees.join('、')}`} /> : null}
      {open.length > 0 ? (
        <Table<UnreconciledDay>
          size="small"
          rowKey="date"
          pagination={false}
          data-testid={`month-close-${channel.provider}-open-days`}
          dataSource={open}
          scroll={{ y: 240 }}
          columns={[
            { title: '未对账日期', dataIndex: 'date', width: 140, render: (date: string) => <Link to={`/reconciliation?date=${date}`}>{date}</Link> },
            { title: '原因', dataIndex: 'reason', render: (_: string, day) => dayWord(day) },
          ]}
        />
      ) : null}
    </Card>
  );
}

/** 月结: the month's settlement per channel from the daily bills, the days not yet reconciled named (decision 061). */
export function MonthClosePanel() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? undefined;
  const settlement = useMonthClose(month);
  const shown = settlement.data?.month ?? month ?? '';
  const [downloading, setDownloading] = useState<'xlsx' | 'csv' | undefined>();

  const download = async (format: 'xlsx' | 'csv') => {
    if (!shown) return;
    setDownloading(format);
    try {
      await downloadSettlement(shown, format);
      notifySuccess('已导出月结');
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(undefined);
    }
  };

  return (
    <>
      <div className="filter-bar" role="search" aria-label="选择月结月份">
        <label htmlFor="month-close-month">月份</label>
        {/* antd's month picker in Chinese like the other date filters (decision 063), not the browser's own. */}
        <DatePicker
          id="month-close-month"
          picker="month"
          format="YYYY-MM"
          style={{ width: 180 }}
          value={shown ? dayjs(`${shown}-01`) : null}
          onChange={(picked) => setParams(picked ? { tab: 'month', month: picked.format('YYYY-MM') } : { tab: 'month' })}
        />
        <Space.Compact>
          <Button icon={<DownloadOutlined />} onClick={() => void download('xlsx')} loading={downloading === 'xlsx'} disabled={!shown} data-testid="month-close-export-xlsx">
            导出月结 Excel
          </Button>
          <Button onClick={() => void download('csv')} loading={downloading === 'csv'} disabled={!shown} data-testid="month-close-export-csv">
            导出 CSV
          </Button>
        </Space.Compact>
      </div>
      <QueryState query={settlement}>
        {(data) => (
          <>
            <Card style={{ marginBottom: 16 }} data-testid="month-close-total">
              <Space size={40} wrap>
                <Statistic title="本月收入" value={yuan(data.total.income_fen)} />
                <Statistic title="本月退款" value={yuan(data.total.refund_fen)} />
                <Statistic title="本月手续费" value={yuan(data.total.fee_fen)} />
                <Statistic title="本月净额" value={yuan(data.total.net_fen)} data-testid="month-close-net" />
                <div>
                  {data.closed ? (
                    <Tag color="success">已结清：每天的账单均已对账</Tag>
                  ) : (
                    <Tag color="warning">{data.due_days < data.month_days ? `未结清：本月已过 ${data.due_days} / ${data.month_days} 天` : '未结清：有未对账的日期'}</Tag>
                  )}
                </div>
              </Space>
            </Card>
            {data.channels.some((c) => c.unreconciled_days.length > 0) ? (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="month-close-open-alert" title="以下渠道有未对账的日期，月结金额在这些日期对账完成前可能变动" />
            ) : null}
            {data.channels.map((channel) => (
              <ChannelCard key={channel.provider} channel={channel} />
            ))}
          </>
        )}
      </QueryState>
    </>
  );
}
