import { Card, Col, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { durationText, periodChangeText, type ConsoleDashboardTrends, type PeriodChange } from '@kuaibao/domain';
import { useMemo, useState } from 'react';
import { useDashboardTrends } from '../../hooks/api/dashboard.ts';
import { yuan } from '../../lib/format.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { EChart } from './echart.tsx';
import { ChannelTable } from './channel-table.tsx';

const heading = (text: string) => <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{text}</Typography.Title>;
const shortDay = (day: string) => day.slice(5).replace('-', '/');

function Change(props: { change: PeriodChange; money?: boolean }) {
  const text = periodChangeText(props.change);
  const color = props.change.delta > 0 ? '#cf1322' : props.change.delta < 0 ? '#389e0d' : undefined;
  const previous = props.money ? yuan(props.change.previous) : `${props.change.previous}`;
  return (
    <span className="muted" style={{ fontSize: 12 }}>
      较上期 <strong style={color ? { color } : undefined}>{text}</strong>（上期 {previous}）
    </span>
  );
}

function DailyChart(props: { daily: ConsoleDashboardTrends['daily'] }) {
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { data: ['付款订单', '收入（元）'], top: 0 },
      grid: { left: 48, right: 64, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: props.daily.map((d) => shortDay(d.day)) },
      yAxis: [
        { type: 'value', name: '单', minInterval: 1 },
        { type: 'value', name: '元', splitLine: { show: false } },
      ],
      series: [
        { name: '付款订单', type: 'bar', data: props.daily.map((d) => d.paid_orders), itemStyle: { color: '#1677ff' } },
        { name: '收入（元）', type: 'line', yAxisIndex: 1, data: props.daily.map((d) => d.revenue_fen / 100), itemStyle: { color: '#fa8c16' }, showSymbol: false },
      ],
    }),
    [props.daily],
  );
  const total = props.daily.reduce((sum, d) => sum + d.paid_orders, 0);
  return <EChart option={option} height={280} testId="chart-daily" label={`每日付款订单与收入，${props.daily.length} 天共 ${total} 单`} />;
}

function SplitChart(props: { items: ConsoleDashboardTrends['by_service']; testId: string; label: string; color: string }) {
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 96, right: 72, top: 8, bottom: 24 },
      xAxis: { type: 'value', name: '元' },
      yAxis: { type: 'category', data: props.items.map((i) => i.name), inverse: true },
      series: [{ type: 'bar', data: props.items.map((i) => i.revenue_fen / 100), itemStyle: { color: props.color }, label: { show: true, position: 'right', formatter: '{c}' } }],
    }),
    [props.items, props.color],
  );
  return (
    <>
      <EChart option={option} height={Math.max(120, 48 * props.items.length + 40)} testId={props.testId} label={`${props.label}：${props.items.map((i) => `${i.name} ${i.paid_orders} 单 ${yuan(i.revenue_fen)}`).join('，') || '无订单'}`} />
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={props.items}
        locale={{ emptyText: '本期没有付款订单' }}
        columns={[
          { title: props.label, dataIndex: 'name' },
          { title: '订单', dataIndex: 'paid_orders', align: 'right' },
          { title: '收入', dataIndex: 'revenue_fen', align: 'right', render: (fen: number) => yuan(fen) },
        ]}
      />
    </>
  );
}

const clerkColumns = [
  { title: '员工', dataIndex: 'name' },
  { title: '在办订单', dataIndex: 'open_orders', align: 'right' as const },
  { title: '本期致电', dataIndex: 'calls', align: 'right' as const },
  { title: '本期完成', dataIndex: 'completed', align: 'right' as const },
  { title: '本期退款', dataIndex: 'refunded', align: 'right' as const },
];

/** The owner's view (decision 042): 30 or 90 Beijing days against the period before. */
export function TrendsSection() {
  const [days, setDays] = useState<30 | 90>(30);
  const trends = useDashboardTrends(days);
  return (
    <section aria-label="经营趋势" data-testid="trends" style={{ marginTop: 16 }}>
      <Card
        title={heading(`经营趋势（近 ${days} 天，北京时间）`)}
        extra={<Segmented aria-label="趋势天数" value={days} onChange={(value) => setDays(Number(value) as 30 | 90)} options={[{ label: '30天', value: 30 }, { label: '90天', value: 90 }]} />}
      >
        <QueryState query={trends}>
          {(data) => (
            <>
              <Row gutter={[16, 16]}>
                <Col span={8}>
                  <Statistic title="付款订单" value={data.comparison.paid_orders.current} suffix="单" data-testid="trend-orders" />
                  <Change change={data.comparison.paid_orders} />
                </Col>
                <Col span={8}>
                  <Statistic title="收入" value={yuan(data.comparison.revenue_fen.current)} data-testid="trend-revenue" />
                  <Change change={data.comparison.revenue_fen} money />
                </Col>
                <Col span={8}>
                  <Statistic title="退款订单" value={data.comparison.refunded_orders.current} suffix="单" data-testid="trend-refunds" />
                  <Change change={data.comparison.refunded_orders} />
                </Col>
              </Row>
              <DailyChart daily={data.daily} />
              <Row gutter={[16, 16]}>
                <Col span={12}>
                  <SplitChart items={data.by_service} testId="chart-service" label="服务" color="#1677ff" />
                </Col>
                <Col span={12}>
                  <SplitChart items={data.by_pay_type} testId="chart-pay-type" label="支付方式" color="#52c41a" />
                </Col>
              </Row>
              <ChannelTable rows={data.by_channel} />
              <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
                <Col span={10}>
                  <Card type="inner" title={heading('办理时长')} data-testid="turnaround">
                    <Row gutter={[16, 8]}>
                      <Col span={12}>
                        <Statistic title="付款→首次致电 中位数" value={durationText(data.turnaround.paid_to_first_call.median_minutes)} data-testid="first-call-median" />
                      </Col>
                      <Col span={12}>
                        <Statistic title="付款→首次致电 90%" value={durationText(data.turnaround.paid_to_first_call.p90_minutes)} />
                      </Col>
                      <Col span={12}>
                        <Statistic title="付款→接单 中位数" value={durationText(data.turnaround.paid_to_taken.median_minutes)} />
                      </Col>
                      <Col span={12}>
                        <Statistic title="付款→接单 90%" value={durationText(data.turnaround.paid_to_taken.p90_minutes)} />
                      </Col>
                      <Col span={12}>
                        <Statistic title="付款→完成 中位数" value={durationText(data.turnaround.paid_to_completed.median_minutes)} />
                      </Col>
                      <Col span={12}>
                        <Statistic title="付款→完成 90%" value={durationText(data.turnaround.paid_to_completed.p90_minutes)} />
                      </Col>
                    </Row>
                    <Typography.Paragraph className="muted" style={{ margin: '12px 0 0', fontSize: 12 }}>
                      首次致电：本期付款且已致电的 {data.turnaround.paid_to_first_call.orders} 单（以员工记录的首次通话时间计，未接通也算）；接单：本期付款且已接单的 {data.turnaround.paid_to_taken.orders} 单；完成：本期完成的 {data.turnaround.paid_to_completed.orders} 单。
                    </Typography.Paragraph>
                    <Typography.Paragraph style={{ margin: '12px 0 0' }} data-testid="first-call-promise">
                      24小时联系承诺：本期付款 {data.first_call.paid_orders} 单，按时致电 {data.first_call.met} 单，超时 <strong style={{ color: data.first_call.breached > 0 ? '#a8071a' : undefined }}>{data.first_call.breached}</strong> 单（其中超时后才致电 {data.first_call.met_late} 单、至今未致电 {data.first_call.breached_open} 单）；当前超时未联系 {data.first_call.open_now} 单。
                    </Typography.Paragraph>
                  </Card>
                </Col>
                <Col span={14}>
                  <Card type="inner" title={heading('员工工作量')}>
                    <Table size="small" rowKey="staff_id" pagination={false} columns={clerkColumns} dataSource={data.clerks} locale={{ emptyText: '暂无员工接单' }} data-testid="clerks" />
                  </Card>
                </Col>
              </Row>
            </>
          )}
        </QueryState>
      </Card>
    </section>
  );
}
