import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Col, Result, Row, Space, Typography } from 'antd';
import { PROCESS_STATUS, wasOrderPaid } from '@kuaibao/domain';
import { Link, useParams } from 'react-router';
import { useOrder } from '../../hooks/api/orders.ts';
import { useSession } from '../../hooks/api/session.ts';
import { goodsTypeName } from '../../lib/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { PaymentStatusTag, ProcessStatusTag, SlaTag } from '../../ui/status-tags.tsx';
import { OrderActions, canEditFiles } from './order-actions.tsx';
import { OrderFiles } from './order-files.tsx';
import { CustomerFiles, PhoneFigures } from './order-customer-files.tsx';
import { Declaration, OrderInfo } from './order-info.tsx';
import { OrderAuthorization } from './order-authorization.tsx';
import { OrderComplaints } from './order-complaints.tsx';
import { OrderDeletionNotice } from './order-deletion-notice.tsx';
import { OrderInvoice } from '../invoices/order-invoice.tsx';
import { OrderSms, OrderTimeline, PaymentRecords } from './order-records.tsx';

const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
    {text}
  </Typography.Title>
);

export function OrderDetailPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const order = useOrder(id);
  if (!Number.isSafeInteger(id) || id <= 0) return <Result status="404" title="订单不存在" extra={<Link to="/orders">返回订单列表</Link>} />;
  return (
    <QueryState query={order}>
      {(data) => (
        <>
          <PageHeader
            back={
              <Link to="/orders" className="muted">
                <ArrowLeftOutlined /> 订单列表
              </Link>
            }
            title={data.entity_name}
            subtitle={
              <Space size={8} wrap>
                <span className="mono">{data.out_trade_no}</span>
                <span>{goodsTypeName(data.goods_type)}</span>
                <PaymentStatusTag status={data.status} />
                {wasOrderPaid(data.status) ? <ProcessStatusTag code={data.process_status} name={data.process_status_name} /> : null}
                {data.sla.state === 'breached' || data.sla.state === 'near_breach' ? <SlaTag sla={data.sla} /> : null}
              </Space>
            }
          />
          <OrderDeletionNotice order={data} />
          <Row gutter={16}>
            <Col span={16}>
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                <Card title={heading('订单信息')} size="small">
                  <OrderInfo order={data} />
                </Card>
                <OrderComplaints orderId={data.id} heading={heading} />
                {data.goods_type === 'license_destory' ? (
                  <Card title={heading('授权委托书')} size="small">
                    <OrderAuthorization order={data} />
                  </Card>
                ) : null}
                <Card title={heading('完成截图')} size="small">
                  <OrderFiles order={data} canEdit={session.data ? canEditFiles(data, session.data) : false} />
                </Card>
                {data.customer_files.length > 0 || data.process_status === PROCESS_STATUS.waitingCustomer ? (
                  <Card title={heading(`客户上传的资料（${data.customer_files.length}）`)} size="small">
                    <CustomerFiles order={data} />
                  </Card>
                ) : null}
                {data.goods_type === 'license_year' ? (
                  <Card title={heading('年报填报数据')} size="small">
                    <Declaration order={data} />
                    {session.data && canEditFiles(data, session.data) && wasOrderPaid(data.status) ? <PhoneFigures key={data.update_time} order={data} /> : null}
                  </Card>
                ) : null}
                <OrderInvoice orderId={data.id} heading={heading} />
                <Card title={heading('处理记录')} size="small">
                  <OrderTimeline order={data} />
                </Card>
                <Card title={heading('短信通知')} size="small">
                  <OrderSms order={data} />
                </Card>
                <Card title={heading('支付记录')} size="small">
                  <PaymentRecords order={data} />
                </Card>
              </Space>
            </Col>
            <Col span={8}>{session.data ? <OrderActions order={data} staff={session.data} /> : null}</Col>
          </Row>
        </>
      )}
    </QueryState>
  );
}
