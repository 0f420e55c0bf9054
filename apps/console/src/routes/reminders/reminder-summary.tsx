import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ConsoleReminderSummary } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';

/** The dashboard's season reminders (docs/decisions/065-next-season-reminder.md): sent, opt-outs, and orders that followed within 30 days. */
export function ReminderSummary() {
  const summary = useQuery({ queryKey: ['reminders', 'summary'], queryFn: () => api.get<ConsoleReminderSummary>('/reminders/summary') });
  if (!summary.data) return null;
  return (
    <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{summary.data.season_year} 年报季提醒</Typography.Title>} style={{ marginTop: 16 }} data-testid="reminder-summary">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="已发送提醒" value={summary.data.sent} />
        </Col>
        <Col span={8}>
          <Statistic title="退订" value={summary.data.opted_out} />
        </Col>
        <Col span={8}>
          <Statistic title="30 天内下单的企业" value={summary.data.followed_by_order} />
        </Col>
      </Row>
    </Card>
  );
}
