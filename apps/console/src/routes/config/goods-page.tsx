import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { formatFen, yuanStringToFen, type ConsoleGoods, type ConsoleGoodsUpdate } from '@kuaibao/domain';
import { useState } from 'react';
import { useCompletionRules, useGoods, useSaveGoods, useSetCompletionRule } from '../../hooks/api/config.ts';
import { GOODS_TYPE_OPTIONS, PAY_TYPE_NAMES, goodsTypeName, yuan } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { EllipsisText } from '../../ui/ellipsis.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/**
 * Per service, whether an order may be marked 已完成 without a completion screenshot: enforced by
 * the server for single and bulk moves (packages/domain/src/order-completion.ts); admins change it.
 */
function CompletionRulesCard(props: { canEdit: boolean }) {
  const rules = useCompletionRules();
  const set = useSetCompletionRule();
  return (
    <Card size="small" title="完成截图要求" style={{ marginTop: 16 }} data-testid="completion-rules">
      <Table
        rowKey="goods_type"
        size="small"
        pagination={false}
        loading={rules.isPending}
        dataSource={rules.data ?? []}
        columns={[
          { title: '服务', dataIndex: 'goods_type', render: (v: string) => goodsTypeName(v) },
          {
            title: '标记已完成前必须上传完成截图',
            dataIndex: 'screenshot_required',
            render: (required: boolean, row) => (
              <Switch
                checked={required}
                disabled={!props.canEdit}
                loading={set.isPending && set.variables?.goods_type === row.goods_type}
                aria-label={`${goodsTypeName(row.goods_type)}：标记已完成前必须上传完成截图`}
                onChange={(checked) => set.mutate({ goods_type: row.goods_type, screenshot_required: checked }, { onSuccess: () => notifySuccess(`${goodsTypeName(row.goods_type)}：${checked ? '已改为必须上传完成截图' : '已改为不强制上传完成截图'}`) })}
              />
            ),
          },
          { title: '默认', dataIndex: 'default_required', render: (v: boolean) => (v ? '必须' : '不强制') },
        ]}
      />
    </Card>
  );
}

type GoodsForm = Omit<ConsoleGoodsUpdate, 'pay_types'> & { pay_types: string[] };

/** Services and prices. Prices are typed in yuan and stored in fen; visitors see a change on their next page load. */
export function GoodsPage() {
  const goods = useGoods();
  const save = useSaveGoods();
  const canEdit = useCan('config.edit');
  const [editing, setEditing] = useState<ConsoleGoods | 'new' | undefined>();
  const [form] = Form.useForm<GoodsForm>();

  const open = (row: ConsoleGoods | 'new') => {
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? { name: '', type: 'license_year', price_yuan: '', individual_price_yuan: '', pay_types: ['weixin', 'alipay'], sort: 10, active: true, description: '' }
        : { name: row.name, type: row.type as GoodsForm['type'], price_yuan: formatFen(row.price_fen), individual_price_yuan: row.individual_price_fen === null ? '' : formatFen(row.individual_price_fen), pay_types: row.pay_types, sort: row.sort, active: row.active, description: row.description },
    );
  };

  const submit = async () => {
    // A failed validation is shown on the form; it is not an error to report.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    save.mutate(
      { id: editing === 'new' || editing === undefined ? undefined : editing.id, goods: { ...values, pay_types: values.pay_types as ConsoleGoodsUpdate['pay_types'], description: values.description ?? '', individual_price_yuan: values.individual_price_yuan ?? '' } },
      {
        onSuccess: () => {
          notifySuccess('已保存，客户刷新页面后即可看到');
          setEditing(undefined);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title="服务与价格" subtitle="客户下单页面显示的服务、价格和可用支付方式" extra={canEdit ? <Button type="primary" onClick={() => open('new')}>新增服务</Button> : null} />
      {!canEdit ? <Alert type="info" showIcon title="只有管理员可以修改价格和服务。" style={{ marginBottom: 12 }} /> : null}
      <Table<ConsoleGoods>
        rowKey="id"
        loading={goods.isPending || goods.isPlaceholderData}
        dataSource={goods.data ?? []}
        pagination={false}
        data-testid="goods-table"
        className="nowrap-table"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'type', width: 110, render: (v: string) => goodsTypeName(v) },
          { title: '价格', dataIndex: 'price_fen', width: 120, align: 'right', render: (v: number) => yuan(v) },
          // The second price, for 个体工商户 (packages/domain/src/customer-price.ts); 同上 when there is none.
          { title: '个体工商户价格', dataIndex: 'individual_price_fen', width: 130, align: 'right', render: (v: number | null) => (v === null ? '同上' : yuan(v)) },
          // One line at 1280 px: the header says less, its tooltip the rest (decision 063).
          { title: <span title="首个为默认支付方式">支付方式</span>, dataIndex: 'pay_types', render: (v: string[]) => v.map((p) => PAY_TYPE_NAMES[p] ?? p).join('、') },
          { title: '状态', dataIndex: 'active', width: 90, render: (v: boolean) => (v ? <Tag style={{ color: '#0a6b4f', background: '#e3f7f0', borderColor: 'transparent' }}>上架</Tag> : <Tag>下架</Tag>) },
          { title: '说明', dataIndex: 'description', width: 260, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
          ...(canEdit ? [{ title: '操作', key: 'a', width: 80, fixed: 'right' as const, render: (_v: unknown, row: ConsoleGoods) => <Button size="small" onClick={() => open(row)}>编辑</Button> }] : []),
        ]}
      />
      <CompletionRulesCard canEdit={canEdit} />
      <Modal open={editing !== undefined} title={editing === 'new' ? '新增服务' : '编辑服务'} okText="保存" cancelText="取消" onOk={() => void submit()} onCancel={() => setEditing(undefined)} confirmLoading={save.isPending} destroyOnHidden forceRender>
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请填写名称' }, { max: 60 }]}>
            <Input />
          </Form.Item>
          <Form.Item label="类型" name="type" rules={[{ required: true }]}>
            <Select options={GOODS_TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item
            label="价格（元）"
            name="price_yuan"
            rules={[{ validator: async (_r, value: string) => { const fen = yuanStringToFen(value ?? ''); if (fen === undefined || fen < 1) throw new Error('请以元为单位填写，最多两位小数，例如 199 或 199.50'); } }]}
          >
            <Input inputMode="decimal" prefix="¥" />
          </Form.Item>
          <Form.Item
            label="个体工商户价格（元，选填）"
            name="individual_price_yuan"
            extra="统一社会信用代码以 92 开头的个体工商户按此价格下单；不填则与上面的价格相同。"
            rules={[{ validator: async (_r, value: string | undefined) => { if (!value?.trim()) return; const fen = yuanStringToFen(value); if (fen === undefined || fen < 1) throw new Error('请以元为单位填写，最多两位小数，不填则与上面的价格相同'); } }]}
          >
            <Input inputMode="decimal" prefix="¥" placeholder="同上" data-testid="goods-individual-price" />
          </Form.Item>
          <Form.Item label="支付方式（顺序即默认顺序）" name="pay_types" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种支付方式' }]}>
            <Checkbox.Group options={[{ value: 'weixin', label: '微信支付' }, { value: 'alipay', label: '支付宝' }]} />
          </Form.Item>
          <Form.Item label="排序（小的在前）" name="sort" rules={[{ required: true }]}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item label="上架" name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="说明" name="description" rules={[{ max: 300 }]}>
            <Input.TextArea rows={3} showCount maxLength={300} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
