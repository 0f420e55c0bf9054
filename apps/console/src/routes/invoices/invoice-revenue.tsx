import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useSession } from '../../hooks/api/session.ts';
import { api } from '../../lib/client.ts';
import { shanghaiToday, yuan } from '../../lib/format.ts';

/** The dashboard's 已开票 / 未开票 split of this month's paid revenue (docs/decisions/060-invoices.md): for those who see income. */
export function InvoiceRevenue() {
  const session = useSession();
  const allowed = !!session.data?.permissions.includes('money.reconcile');
  const today = shanghaiToday();
  const from = `${today.slice(0, 8)}01`;
  const split = useQuery({
    queryKey: ['invoices', 'revenue', from, today],
    queryFn: () => api.get<{ invoiced_fen: number; not_invoiced_fen: number }>('/invoices/revenue', { from, to: today }),
    enabled: allowed,
  });
  if (!allowed || !split.data) return null;
  return (
    <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>本月收入开票情况</Typography.Title>} style={{ marginTop: 16 }} data-testid="invoice-revenue">
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title="已开票收入（元）" value={yuan(split.data.invoiced_fen)} />
        </Col>
        <Col span={12}>
          <Statistic title="未开票收入（元）" value={yuan(split.data.not_invoiced_fen)} />
        </Col>
      </Row>
    </Card>
  );
}
