import { Alert, Button, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import {
  MESSAGE_TEMPLATE_KINDS,
  MESSAGE_TEMPLATE_KIND_NAMES,
  MESSAGE_TEMPLATE_MAX_CHARS,
  MESSAGE_TEMPLATE_NAME_MAX_CHARS,
  TEMPLATE_PLACEHOLDERS,
  templateTextRefusal,
  templateTextRefusalText,
  type ConsoleMessageTemplate,
  type MessageTemplateKind,
} from '@kuaibao/domain';
import { useState } from 'react';
import { useDeleteMessageTemplate, useMessageTemplates, useSaveMessageTemplate } from '../../hooks/api/templates.ts';
import { dateTime } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';

interface Draft {
  id: number | undefined;
  kind: MessageTemplateKind;
  name: string;
  body: string;
}

/** The editor: the domain's check shown as the admin types (the server applies it again). */
function TemplateDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const save = useSaveMessageTemplate();
  const [value, setValue] = useState(draft);
  const refusal = value.body.trim() === '' ? undefined : templateTextRefusal(value.kind, value.body);
  const insert = (name: string) => setValue((current) => ({ ...current, body: `${current.body}{${name}}` }));
  return (
    <Modal
      open
      title={draft.id === undefined ? '新建模板' : '编辑模板'}
      okText="保存"
      cancelText="取消"
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: value.name.trim() === '' || value.body.trim() === '' || refusal !== undefined, 'data-testid': 'template-save' }}
      onOk={() =>
        save.mutate(
          { id: draft.id, template: { kind: value.kind, name: value.name.trim(), body: value.body.trim() } },
          {
            onSuccess: () => {
              notifySuccess('模板已保存');
              onClose();
            },
          },
        )
      }
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor="template-kind" className="muted">
          用途
        </label>
        <Select<MessageTemplateKind>
          id="template-kind"
          style={{ width: '100%' }}
          value={value.kind}
          onChange={(kind) => setValue({ ...value, kind })}
          options={MESSAGE_TEMPLATE_KINDS.map((kind) => ({ value: kind, label: MESSAGE_TEMPLATE_KIND_NAMES[kind] }))}
          data-testid="template-kind"
        />
        <label htmlFor="template-name" className="muted">
          名称
        </label>
        <Input id="template-name" maxLength={MESSAGE_TEMPLATE_NAME_MAX_CHARS} value={value.name} onChange={(e) => setValue({ ...value, name: e.target.value })} data-testid="template-name" />
        <label htmlFor="template-body" className="muted">
          内容（点击下方占位符插入，发送时按订单自动填写）
        </label>
        <Input.TextArea id="template-body" rows={4} maxLength={MESSAGE_TEMPLATE_MAX_CHARS[value.kind]} value={value.body} onChange={(e) => setValue({ ...value, body: e.target.value })} data-testid="template-body" />
        <Space wrap size={4}>
          {TEMPLATE_PLACEHOLDERS.map((name) => (
            <Button key={name} size="small" onClick={() => insert(name)}>
              {`{${name}}`}
            </Button>
          ))}
        </Space>
        {refusal ? <Alert type="error" showIcon title={templateTextRefusalText(refusal)} data-testid="template-refusal" /> : null}
        {value.kind === 'customer_request' ? <Typography.Text className="muted">客户在办理进度页看到全文；短信中只带前 35 个字。</Typography.Text> : null}
      </Space>
    </Modal>
  );
}

/** 消息模板 (docs/decisions/062-templates-and-customer-uploads.md): admins keep them, every clerk uses them on the order page. */
export function TemplatesPage() {
  const templates = useMessageTemplates();
  const remove = useDeleteMessageTemplate();
  const canEdit = useCan('config.edit');
  const [draft, setDraft] = useState<Draft | undefined>();
  return (
    <>
      <PageHeader
        title="消息模板"
        subtitle="补充资料请求和通话记录的常用文字；在订单页选用时自动填入企业名称、法定代表人等"
        extra={
          canEdit ? (
            <Button type="primary" onClick={() => setDraft({ id: undefined, kind: 'customer_request', name: '', body: '' })} data-testid="template-new">
              新建模板
            </Button>
          ) : null
        }
      />
      {!canEdit ? <Alert type="info" showIcon title="只有管理员可以修改模板；在订单页可以直接选用。" style={{ marginBottom: 12 }} /> : null}
      <QueryState query={templates}>
        {(rows) => (
          <Table<ConsoleMessageTemplate>
            rowKey="id"
            size="small"
            dataSource={rows}
            pagination={false}
            scroll={{ x: 900 }}
            data-testid="template-table"
            columns={[
              { title: '用途', dataIndex: 'kind', width: 120, render: (kind: MessageTemplateKind) => <Tag>{MESSAGE_TEMPLATE_KIND_NAMES[kind]}</Tag> },
              { title: '名称', dataIndex: 'name', width: 160, ellipsis: true },
              { title: '内容', dataIndex: 'body', ellipsis: { showTitle: true } },
              { title: '更新', dataIndex: 'updated_at', width: 180, render: (at: string, row) => `${dateTime(at)} ${row.updated_by_name}` },
              ...(canEdit
                ? [
                    {
                      title: '操作',
                      key: 'actions',
                      width: 130,
                      fixed: 'right' as const,
                      render: (_: unknown, row: ConsoleMessageTemplate) => (
                        <Space size={4}>
                          <Button type="link" size="small" onClick={() => setDraft({ id: row.id, kind: row.kind, name: row.name, body: row.body })}>
                            编辑
                          </Button>
                          <Popconfirm title={`删除模板“${row.name}”？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(row.id, { onSuccess: () => notifySuccess('模板已删除') })}>
                            <Button type="link" size="small" danger>
                              删除
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryState>
      {draft ? <TemplateDialog draft={draft} onClose={() => setDraft(undefined)} /> : null}
    </>
  );
}
