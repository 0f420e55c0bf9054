import { EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popconfirm, Space, Table, Typography } from 'antd';
import { DISCLOSURE_OPTIONS, creditRecordLabel, declarationFields, entityKindLabel, orderPrecheckText, type ConsoleOrderDetail } from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { customerPath } from '../customers/customer-path.ts';
import { useRevealIdNumber } from '../../hooks/api/orders.ts';
import { dateTime, goodsTypeName, yuan } from '../../lib/format.ts';
import { label } from '../../lib/labels.ts';
import { orPurged, Purged } from '../../ui/purged.tsx';
import { PaymentStatusTag, ProcessStatusTag, SlaTag } from '../../ui/status-tags.tsx';

/** The ID number stays masked until an explicit, confirmed (and server-audited) click. */
function IdNumber(props: { order: ConsoleOrderDetail }) {
  const reveal = useRevealIdNumber(props.order.id);
  const [shown, setShown] = useState<string | undefined>();
  // An order always had one (the form requires it): missing means the retention sweep removed it.
  if (!props.order.has_idno) return <Purged />;
  if (shown) {
    return (
      <Space>
        <span className="mono" data-testid="idno-full">
          {shown}
        </span>
        <Button size="small" onClick={() => setShown(undefined)}>
          隐藏
        </Button>
      </Space>
    );
  }
  return (
    <Space>
      <span className="mono" data-testid="idno-masked">
        {props.order.entity_idno}
      </span>
      <Popconfirm
        title="查看完整身份证号？"
        description="本次查看将记录在操作日志中。"
        okText="查看"
        cancelText="取消"
        onConfirm={() => reveal.mutate(undefined, { onSuccess: (data) => setShown(data.entity_idno) })}
      >
        <Button size="small" icon={<EyeOutlined />} loading={reveal.isPending} data-testid="idno-reveal">
          显示完整号码
        </Button>
      </Popconfirm>
    </Space>
  );
}

export function OrderInfo(props: { order: ConsoleOrderDetail }) {
  const { order } = props;
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      data-testid="order-info"
      items={[
        { key: 'entity_name', label: '企业名称', children: <Link to={customerPath({ credit_code: order.entity_id })} title="查看该企业的全部订单、投诉和短信" data-testid="customer-company-link">{order.entity_name}</Link>, span: 2 },
        { key: 'entity_id', label: '统一社会信用代码', children: <span className="mono">{order.entity_id}</span> },
        { key: 'kind', label: '主体类型', children: entityKindLabel(order.entity_name) },
        { key: 'entity_legal', label: '法定代表人', children: orPurged(order.contact_purged_at, order.entity_legal) },
        { key: 'entity_idno', label: '身份证号', children: <IdNumber order={order} /> },
        { key: 'entity_phone', label: '联系电话', children: orPurged(order.contact_purged_at, <Link to={customerPath({ phone: order.entity_phone })} className="mono" title="查看该手机号的全部订单、投诉和短信" data-testid="customer-phone-link">{order.entity_phone}</Link>) },
        { key: 'goods', label: '服务', children: `${order.goods_name}（${goodsTypeName(order.goods_type)}）` },
        // 信用修复: the record the customer asked to repair, chosen before paying.
        ...(order.goods_type === 'credit_repair'
          ? [{ key: 'credit_record', label: '修复记录', children: <Typography.Text strong data-testid="order-credit-record">{creditRecordLabel(order.credit_record) || '未填写'}</Typography.Text> }]
          : []),
        { key: 'fee', label: '金额', children: yuan(order.total_fee) },
        { key: 'pay_type', label: '支付方式', children: `${label('payType', order.pay_type)} · ${label('paySource', order.pay_source)}` },
        { key: 'status', label: '支付状态', children: <PaymentStatusTag status={order.status} /> },
        {
          key: 'process',
          label: '办理状态',
          children: (
            <Space size={4}>
              <ProcessStatusTag code={order.process_status} name={order.process_status_name} />
              {order.sla.state === 'breached' ? <SlaTag sla={order.sla} /> : null}
            </Space>
          ),
        },
        { key: 'admin', label: '处理人', children: order.admin_name || <span className="muted">未接单</span> },
        { key: 'out_trade_no', label: '订单号', children: <span className="mono">{order.out_trade_no}</span> },
        { key: 'create_time', label: '下单时间', children: dateTime(order.create_time) },
        { key: 'pay_time', label: '付款时间', children: dateTime(order.pay_time) },
        { key: 'platform', label: '来源', children: label('platform', order.platform) },
        { key: 'consent', label: '协议同意', children: order.consent_time ? `${order.consent_version ?? ''} · ${dateTime(order.consent_time)}` : '—' },
        // Its own consent (decision 050); older orders had one tick for both.
        { key: 'idno_consent', label: '身份证号处理同意', children: order.idno_consent_time ? <span data-testid="idno-consent">{`${order.idno_consent_version ?? ''} · ${dateTime(order.idno_consent_time)}`}</span> : '—' },
        {
          key: 'precheck',
          label: '年报核查',
          span: 2,
          children: order.precheck ? (
            <Typography.Text strong={order.precheck.result === 'published'} data-testid="order-precheck">
              {orderPrecheckText(order.precheck)}
            </Typography.Text>
          ) : (
            <span className="muted">不适用</span>
          ),
        },
      ]}
    />
  );
}

/** entity_extra of the annual declaration (docs/product/data.md), labelled as the visitor's form labels it. */
export function Declaration(props: { order: ConsoleOrderDetail }) {
  const extra = props.order.entity_extra;
  if (!extra || Object.keys(extra).length === 0) return <Typography.Text className="muted">客户尚未填报年报数据。</Typography.Text>;
  const disclosure = (value: string | undefined) => DISCLOSURE_OPTIONS.find((o) => o.value === value)?.label ?? '不公示';
  const rows = declarationFields(props.order.entity_name).map((field) => ({ key: field.key, label: field.label, value: extra[field.key] ?? '', unit: field.unit, show: disclosure(extra[`${field.key}_show`]) }));
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: '项目', dataIndex: 'label' },
        { title: '填报值', dataIndex: 'value', render: (value: string, row) => (value === '' ? <span className="muted">未填</span> : `${value} ${row.unit}`) },
        { title: '是否公示', dataIndex: 'show' },
      ]}
    />
  );
}
