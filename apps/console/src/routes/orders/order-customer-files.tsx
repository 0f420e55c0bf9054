import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Image, Input, Select, Space, Table, Typography } from 'antd';
import { DISCLOSURE_OPTIONS, PROCESS_STATUS, declarationFields, declarationProblemText, validateDeclaration, type ConsoleOrderDetail } from '@kuaibao/domain';
import { useState } from 'react';
import { useRecordPhoneFigures } from '../../hooks/api/templates.ts';
import { dateTime } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';

/**
 * The documents the customer uploaded on /checkDetail (docs/decisions/062-templates-and-customer-uploads.md):
 * images shown, PDFs downloaded. Not completion screenshots: the receipt never shows them.
 */
export function CustomerFiles(props: { order: ConsoleOrderDetail }) {
  const { order } = props;
  const waiting = order.process_status === PROCESS_STATUS.waitingCustomer;
  return (
    <div data-testid="customer-files">
      {order.customer_files.length === 0 ? (
        <Typography.Text className="muted">{waiting ? '客户尚未上传。客户验证手机号后可在办理进度页上传图片或 PDF。' : '客户没有上传资料。'}</Typography.Text>
      ) : (
        <div className="screenshot-grid">
          {order.customer_files.map((file, index) => (
            <div className="screenshot-item" key={file.id} data-testid="customer-file">
              {file.content_type === 'application/pdf' ? (
                <Button href={file.url} icon={<FilePdfOutlined />} style={{ width: 132, height: 96, whiteSpace: 'normal' }} aria-label={`下载客户资料 ${file.filename}`}>
                  PDF
                </Button>
              ) : (
                <Image src={file.url} width={132} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} alt={`客户资料 ${index + 1}：${file.filename}`} />
              )}
              <Typography.Text ellipsis={{ tooltip: file.filename }} style={{ maxWidth: 132, fontSize: 12 }}>
                {file.filename}
              </Typography.Text>
              <span className="muted" style={{ fontSize: 12 }}>
                {dateTime(file.created_at)}
              </span>
            </div>
          ))}
        </div>
      )}
      {waiting && order.customer_files.length > 0 ? <Alert style={{ marginTop: 12 }} type="info" showIcon title="资料齐全后，在“办理进度”中点“开始办理”改回办理中。" /> : null}
    </div>
  );
}

/** The annual-report figures the customer gave by phone, typed by the handler (checked as the customer's form is). */
export function PhoneFigures(props: { order: ConsoleOrderDetail }) {
  const { order } = props;
  const record = useRecordPhoneFigures(order.id);
  const fields = declarationFields(order.entity_name);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...(order.entity_extra ?? {}) }));
  const check = validateDeclaration(values, order.entity_name);
  const problem = check.ok ? undefined : (declarationProblemText(check, order.entity_name) ?? '请填写完整内容');
  if (!open) {
    return (
      <Button style={{ marginTop: 12 }} onClick={() => setOpen(true)} data-testid="phone-figures-open">
        录入客户电话告知的年报数据
      </Button>
    );
  }
  return (
    <div style={{ marginTop: 12 }} data-testid="phone-figures">
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={fields}
        columns={[
          { title: '项目', dataIndex: 'label' },
          {
            title: '数值',
            key: 'value',
            render: (_: unknown, field) => (
              <Input size="small" aria-label={field.label} suffix={field.unit} value={values[field.key] ?? ''} onChange={(e) => setValues({ ...values, [field.key]: e.target.value })} data-testid={`figure-${field.key}`} />
            ),
          },
          {
            title: '是否公示',
            key: 'show',
            width: 120,
            render: (_: unknown, field) => (
              <Select size="small" aria-label={`${field.label}是否公示`} style={{ width: '100%' }} value={values[`${field.key}_show`] ?? 'false'} onChange={(value) => setValues({ ...values, [`${field.key}_show`]: value })} options={DISCLOSURE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
            ),
          },
        ]}
      />
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      <Space style={{ marginTop: 8 }}>
        <Button
          type="primary"
          disabled={!check.ok}
          loading={record.isPending}
          data-testid="phone-figures-save"
          onClick={() =>
            check.ok &&
            record.mutate(check.value, {
              onSuccess: () => {
                notifySuccess('年报数据已录入');
                setOpen(false);
              },
            })
          }
        >
          保存（记入操作日志）
        </Button>
        <Button onClick={() => setOpen(false)}>取消</Button>
      </Space>
    </div>
  );
}
