import { Card, List, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOrderComplaints } from '../../hooks/api/feedback.ts';
import { dateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { ComplaintAssignee, ComplaintSla } from '../feedback/complaint-parts.tsx';

/**
 * The order's complaints (docs/decisions/056-complaints-on-the-right-order.md): those the visitor
 * filed about this order, proven theirs. Shown only when there are some; handled in 投诉处理.
 */
export function OrderComplaints({ orderId, heading }: { orderId: number; heading: (text: string) => ReactNode }) {
  const mayHandle = useCan('feedback.handle');
  const complaints = useOrderComplaints(orderId, mayHandle);
  const items = complaints.data?.items ?? [];
  if (!mayHandle || items.length === 0) return null;
  return (
    <Card title={heading(`客户投诉（${items.length}）`)} size="small" extra={<Link to="/feedback">前往投诉处理</Link>} data-testid="order-complaints">
      <List
        itemLayout="vertical"
        dataSource={items}
        renderItem={(complaint) => (
          <List.Item key={complaint.id} data-testid="order-complaint">
            <Space size={8} wrap style={{ marginBottom: 6 }}>
              <Tag>{complaint.type}</Tag>
              {complaint.status === 'handled' ? (
                <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>已处理</Tag>
              ) : (
                <Tag style={{ color: '#a8071a', background: '#fff1f0', borderColor: 'transparent' }}>待处理</Tag>
              )}
              <ComplaintSla complaint={complaint} />
              <span className="muted">{dateTime(complaint.created_at)} 提交</span>
            </Space>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{complaint.content}</Typography.Paragraph>
            <Space size={16} wrap className="muted" style={{ marginTop: 6 }}>
              <span>联系方式：{complaint.contact || '未留'}</span>
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 200 }}>
                负责人：
                <span style={{ flex: 1 }}>
                  <ComplaintAssignee complaint={complaint} />
                </span>
              </span>
            </Space>
            {complaint.reply ? <Typography.Paragraph style={{ margin: '6px 0 0' }}>处理说明：{complaint.reply}</Typography.Paragraph> : null}
          </List.Item>
        )}
      />
    </Card>
  );
}
