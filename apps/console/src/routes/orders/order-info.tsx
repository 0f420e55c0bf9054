import { EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Input, Modal, Radio, Space, Table, Typography } from 'antd';
import {
  DISCLOSURE_OPTIONS,
  ID_REVEAL_NOTE_MAX,
  ID_REVEAL_REASONS,
  creditRecordLabel,
  NO_CHANNEL_LABEL,
  declarationFields,
  entityKindLabel,
  idRevealReasonText,
  mayRevealIdOf,
  orderPrecheckText,
  type ConsoleOrderDetail,
  type IdRevealReason,
} from '@kuaibao/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { customerPath } from '../customers/customer-path.ts';
import { useRevealIdNumber } from '../../hooks/api/orders.ts';
import { useSession } from '../../hooks/api/session.ts';
import { dateTime, goodsTypeName, yuan } from '../../lib/format.ts';
import { label } from '../../lib/labels.ts';
import { orPurged, Purged } from '../../ui/purged.tsx';
import { PaymentStatusTag, ProcessStatusTag, SlaTag } from '../../ui/status-tags.tsx';

/**
 * The ID number stays masked until an explicit click with a reason (server-checked and audited):
 * a clerk's on the orders they handle, an admin's on any (packages/domain/src/id-reveal.ts).
 */
function IdNumber(props: { order: ConsoleOrderDetail }) {
  const reveal = useRevealIdNumber(props.order.id);
  const session = useSession();
  const [shown, setShown] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<IdRevealReason | undefined>();
  const [note, setNote] = useState('');
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
  const staff = session.data;
  const may = staff?.permissions.includes('orders.reveal_id') ? mayRevealIdOf(props.order, { staffId: staff.id, mayRevealAny: staff.permissions.includes('orders.reveal_any_id') }) : false;
  const ready = reason !== undefined && idRevealReasonText(reason, note) !== 'NOTE_REQUIRED';
  const close = () => {
    setAsking(false);
    setReason(undefined);
    setNote('');
  };
  return (
    <Space>
      <span className="mono" data-testid="idno-masked">
        {props.order.entity_idno}
      </span>
      {may ? (
        <Button size="small" icon={<EyeOutlined />} onClick={() => setAsking(true)} data-testid="idno-reveal">
          显示完整号码
        </Button>
      ) : (
        <span className="muted" data-testid="idno-reveal-not-mine">
          接单后可查看完整号码
        </span>
      )}
      <Modal
        open={asking}
        title="查看完整身份证号"
        okText="查看"
        cancelText="取消"
        onOk={() => {
          if (reason) reveal.mutate({ reason, note: note.trim() }, { onSuccess: (data) => { setShown(data.entity_idno); close(); } });
        }}
        onCancel={close}
        okButtonProps={{ disabled: !ready, 'data-testid': 'idno-reveal-confirm' }}
        confirmLoading={reveal.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph className="muted">本次查看将连同原因记录在操作日志中。</Typography.Paragraph>
        <Radio.Group
          vertical
          value={reason}
          onChange={(event) => setReason(event.target.value as IdRevealReason)}
          aria-label="查看原因"
          data-testid="idno-reveal-reason"
          options={ID_REVEAL_REASONS.map((choice) => ({ value: choice, label: choice }))}
        />
        <Input.TextArea
          style={{ marginTop: 12 }}
          rows={2}
          maxLength={ID_REVEAL_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder={reason === '其他' ? '请填写查看原因（必填）' : '补充说明（选填）'}
          aria-label="查看原因说明"
          data-testid="idno-reveal-note"
        />
      </Modal>
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
        // Paid / refunded / net once a refund went out (decision 057: it may be partial).
        {
          key: 'fee',
          label: '金额',
          children:
            order.refunded_fen > 0 ? (
              <span data-testid="order-money">
                实付 {yuan(order.total_fee)} · 已退 {yuan(order.refunded_fen)} · 净额 {yuan(order.net_fen)}
              </span>
            ) : (
              yuan(order.total_fee)
            ),
        },
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
        // The link's `source` the order came by (packages/domain/src/order-channel.ts).
        { key: 'channel', label: '渠道', children: <span data-testid="order-channel">{order.channel ?? NO_CHANNEL_LABEL}</span> },
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
