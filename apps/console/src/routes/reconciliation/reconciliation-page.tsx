import { Alert, Button, Card, DatePicker, Descriptions, Space, Table, Tabs, Tag } from 'antd';
import {
  DIFFERENCE_KIND_NAMES,
  RECONCILIATION_PROVIDER_NAMES,
  RECONCILIATION_RUN_STATUS_NAMES,
  dayRangePresets,
  ledgerStatusName,
  type ConsoleReconciliationDifference,
  type ConsoleReconciliationRun,
  type DifferenceKind,
  type ReconciliationProvider,
} from '@kuaibao/domain';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useReconciliationDay, useRerunReconciliation } from '../../hooks/api/reconciliation.ts';
import { dayjs } from '../../lib/dayjs-zh.ts';
import { dateTime, yuan } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { MonthClosePanel } from './month-close-panel.tsx';

const KIND_COLORS: Record<DifferenceKind, { color: string; background: string }> = {
  MISSING_OURS: { color: '#a8071a', background: '#fff1f0' },
  MISSING_THEIRS: { color: '#873800', background: '#fff7e6' },
  AMOUNT_MISMATCH: { color: '#5b2c99', background: '#f4edff' },
  STATUS_MISMATCH: { color: '#0b4f8a', background: '#e8f3ff' },
};

function KindTag(props: { kind: DifferenceKind }) {
  const colors = KIND_COLORS[props.kind];
  return <Tag style={{ ...colors, borderColor: 'transparent' }}>{DIFFERENCE_KIND_NAMES[props.kind]}</Tag>;
}

/**
 * A figure with its unit, kept on one line: at 1280 px the summary wrapped between 差异 4 and 笔
 * once; a narrow cell now breaks between figures only.
 */
function Figure(props: { children: ReactNode }) {
  return <span className="figure">{props.children}</span>;
}

export function RunCard(props: { run: ConsoleReconciliationRun; onRerun: (provider: ReconciliationProvider) => void; rerunning: boolean }) {
  const { run } = props;
  const name = RECONCILIATION_PROVIDER_NAMES[run.provider];
  const diffTotal = (side: 'theirs' | 'ours') => run[side].payment_fen - run[side].refund_fen;
  return (
    <Card
      title={`${name} · ${run.bill_date}`}
      data-testid={`reconciliation-${run.provider}`}
      extra={
        <Space>
          <Tag>{RECONCILIATION_RUN_STATUS_NAMES[run.status]}</Tag>
          <Button onClick={() => props.onRerun(run.provider)} loading={props.rerunning} aria-label={`重新对账 ${name} ${run.bill_date}`}>
            重新对账
          </Button>
        </Space>
      }
      style={{ marginBottom: 16 }}
    >
      {run.error && run.status !== 'DONE' ? <Alert type={run.status === 'FAILED' ? 'error' : 'info'} showIcon title={run.error} style={{ marginBottom: 12 }} /> : null}
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="对方账单">
          <Figure>收款 {run.theirs.payment_count} 笔 {yuan(run.theirs.payment_fen)}</Figure> · <Figure>退款 {run.theirs.refund_count} 笔 {yuan(run.theirs.refund_fen)}</Figure>
        </Descriptions.Item>
        <Descriptions.Item label="我方记录">
          <Figure>收款 {run.ours.payment_count} 笔 {yuan(run.ours.payment_fen)}</Figure> · <Figure>退款 {run.ours.refund_count} 笔 {yuan(run.ours.refund_fen)}</Figure>
        </Descriptions.Item>
        <Descriptions.Item label="结果">
          <span data-testid={`reconciliation-${run.provider}-summary`}>
            <Figure>一致 {run.matched_count} 笔</Figure> · <Figure>差异 {run.difference_count} 笔</Figure>
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="净额（对方 / 我方）">
          <Figure>{yuan(diffTotal('theirs'))}</Figure> / <Figure>{yuan(diffTotal('ours'))}</Figure>
        </Descriptions.Item>
        <Descriptions.Item label="对账时间">{dateTime(run.finished_at ?? run.started_at)}</Descriptions.Item>
        <Descriptions.Item label="发起">{run.triggered_by === 'system' ? '每日自动对账' : run.triggered_by}</Descriptions.Item>
      </Descriptions>
      <Table<ConsoleReconciliationDifference>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={run.differences}
        data-testid={`reconciliation-${run.provider}-differences`}
        locale={{ emptyText: run.status === 'DONE' || run.status === 'NO_BILL' ? '账单与我方记录一致' : '暂无结果' }}
        columns={[
          { title: '差异', dataIndex: 'kind', width: 100, render: (kind: DifferenceKind) => <KindTag kind={kind} /> },
          { title: '类型', dataIndex: 'line_kind', width: 70, render: (v: string) => (v === 'payment' ? '收款' : '退款') },
          { title: '支付单号', dataIndex: 'out_trade_no', className: 'mono', render: (v: string, row) => (row.out_refund_no ? `${v} / ${row.out_refund_no}` : v) },
          { title: '订单', dataIndex: 'order_no', width: 190, render: (v: string | null, row) => (v && row.order_id ? <Link to={`/orders/${row.order_id}`} className="mono">{v}</Link> : '—') },
          { title: '对方金额', dataIndex: 'their_amount_fen', width: 110, align: 'right', render: (v: number | null) => yuan(v) },
          { title: '我方金额', dataIndex: 'our_amount_fen', width: 110, align: 'right', render: (v: number | null) => yuan(v) },
          { title: '对方状态', dataIndex: 'their_status', width: 110, render: (v: string | null, row) => ledgerStatusName('theirs', row.line_kind, v) },
          { title: '我方状态', dataIndex: 'our_status', width: 120, render: (v: string | null, row) => ledgerStatusName('ours', row.line_kind, v) },
        ]}
      />
    </Card>
  );
}

/** 每日对账 and 月结 (decision 061), one tab each; the tab is in the address (?tab=month). */
function ReconciliationTabs(props: { active: 'day' | 'month' }) {
  const [, setParams] = useSearchParams();
  return <Tabs activeKey={props.active} onChange={(key) => setParams(key === 'month' ? { tab: 'month' } : {})} items={[{ key: 'day', label: '每日对账' }, { key: 'month', label: '月结' }]} />;
}

const SUBTITLE = '每天上午自动下载微信支付、支付宝的前一日交易账单，逐笔与我方收款和退款核对；差异需人工核实';

/** 对账: each provider's trade bill of a day against our payments and refunds (decision 039). */
/** 今天 and 昨天 (Shanghai days) for the bill day's picker. */
function singleDayPresets(now: Date) {
  return dayRangePresets(now)
    .filter((preset) => preset.from === preset.to)
    .map((preset) => ({ label: preset.label, value: dayjs(preset.from) }));
}

export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? undefined;
  const day = useReconciliationDay(date);
  const [presets, setPresets] = useState(() => singleDayPresets(new Date()));
  const rerun = useRerunReconciliation();
  const shown = day.data?.date ?? date ?? '';
  const providers: ReconciliationProvider[] = ['wechatpay', 'alipay'];

  const run = (provider: ReconciliationProvider) => {
    if (!shown) return;
    rerun.mutate(
      { date: shown, provider },
      {
        onSuccess: (result) => {
          const found = result.runs.find((r) => r.provider === provider);
          notifySuccess(found ? `${RECONCILIATION_PROVIDER_NAMES[provider]}：${RECONCILIATION_RUN_STATUS_NAMES[found.status]}，差异 ${found.difference_count} 笔` : '已对账');
        },
      },
    );
  };

  const missing = providers.filter((p) => !day.data?.runs.some((r) => r.provider === p));
  if (params.get('tab') === 'month') {
    return (
      <>
        <PageHeader title="对账" subtitle={SUBTITLE} />
        <ReconciliationTabs active="month" />
        <MonthClosePanel />
      </>
    );
  }
  return (
    <>
      <PageHeader title="对账" subtitle={SUBTITLE} />
      <ReconciliationTabs active="day" />
      <div className="filter-bar" role="search" aria-label="选择对账日期">
        <label htmlFor="reconciliation-date">账单日期</label>
        {/* One day's bills: antd's picker in Chinese like the lists' ranges, 昨天 (the usual bill) and 今天 one click away (decision 063). */}
        <DatePicker
          id="reconciliation-date"
          style={{ width: 180 }}
          value={shown ? dayjs(shown) : null}
          presets={presets}
          onOpenChange={(open) => {
            if (open) setPresets(singleDayPresets(new Date()));
          }}
          onChange={(picked) => setParams(picked ? { date: picked.format('YYYY-MM-DD') } : {})}
          data-testid="reconciliation-date"
        />
        {missing.map((provider) => (
          <Button key={provider} onClick={() => run(provider)} loading={rerun.isPending && rerun.variables?.provider === provider} disabled={!shown}>
            对账 {RECONCILIATION_PROVIDER_NAMES[provider]}
          </Button>
        ))}
      </div>
      <QueryState query={day}>
        {(data) => (
          <>
            {data.runs.length === 0 ? <Alert type="info" showIcon title={`${shown} 还没有对账记录`} /> : null}
            {data.runs.map((r) => (
              <RunCard key={r.id} run={r} onRerun={run} rerunning={rerun.isPending && rerun.variables?.provider === r.provider} />
            ))}
          </>
        )}
      </QueryState>
    </>
  );
}
