import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Descriptions, Space, Typography } from 'antd';
import type { ConsoleOrderDetail } from '@kuaibao/domain';
import { dateTime } from '../../lib/format.ts';

/**
 * The 授权委托书 the visitor confirmed before paying for a cancellation (decision 035): the recorded
 * text, who confirmed it, when and from where, and the PDF to print. What is left to staff (the
 * legal representative's identity check) is said beside it.
 */
export function OrderAuthorization(props: { order: ConsoleOrderDetail }) {
  const authorization = props.order.authorization;
  if (!authorization) return <Typography.Text className="muted">该订单没有授权委托书记录。</Typography.Text>;
  const [title, ...lines] = authorization.text.split('\n');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="order-authorization">
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          { key: 'signer', label: '在线签署人', children: authorization.signer_name },
          { key: 'time', label: '确认时间', children: dateTime(authorization.confirmed_at) },
          { key: 'ip', label: '确认 IP', children: <span className="mono">{authorization.client_ip}</span> },
          { key: 'version', label: '文本版本', children: <span className="mono">{authorization.template_version}</span> },
          { key: 'agent', label: '受托人', span: 2, children: authorization.agent_name },
        ]}
      />
      <div className="authorization-text">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {lines.map((line) => (
          <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>
            {line}
          </Typography.Paragraph>
        ))}
      </div>
      <Space wrap>
        <Button icon={<FilePdfOutlined />} href={`/api/console/orders/${props.order.id}/authorization.pdf`} download data-testid="authorization-pdf">
          下载 PDF 打印
        </Button>
        <Typography.Text className="muted">在线确认不代替实名核验：提交登记前，请按登记机关要求核验法定代表人本人身份。</Typography.Text>
      </Space>
    </Space>
  );
}
