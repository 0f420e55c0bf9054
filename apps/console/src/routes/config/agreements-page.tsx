import { Alert, Button, Card, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ConsoleAgreement } from '@kuaibao/domain';
import { useState } from 'react';
import { useAgreements, usePublishAgreement } from '../../hooks/api/config.ts';
import { dateTime } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';

/** The editor starts from the current text; publishing makes a new version, the old ones stay as they were. */
function PublishCard({ current }: { current: ConsoleAgreement | undefined }) {
  const publish = usePublishAgreement();
  const [text, setText] = useState(current?.text ?? '');
  const dirty = text.trim() !== (current?.text ?? '').trim() && text.trim() !== '';
  return (
    <Card size="small" title={<label htmlFor="agreement-text">编辑并发布新版本</label>}>
      <Input.TextArea id="agreement-text" data-testid="agreement-editor" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 8, maxRows: 20 }} />
      <Space style={{ marginTop: 8 }}>
        <Popconfirm
          title="发布新版本？"
          description="发布后，新订单须同意新版本；已下单客户同意的版本不变。"
          okText="发布"
          cancelText="取消"
          onConfirm={() => publish.mutate(text, { onSuccess: (published) => notifySuccess(`已发布服务协议 ${published.version}`) })}
          disabled={!dirty}
        >
          <Button type="primary" disabled={!dirty} loading={publish.isPending} data-testid="agreement-publish">
            发布新版本
          </Button>
        </Popconfirm>
        {dirty ? <Button onClick={() => setText(current?.text ?? '')}>还原</Button> : null}
      </Space>
    </Card>
  );
}

function VersionLabel({ row }: { row: ConsoleAgreement }) {
  return row.current ? (
    <Space>
      {row.version}
      <Tag color="green">当前</Tag>
    </Space>
  ) : (
    <>{row.version}</>
  );
}

const renderText = (row: ConsoleAgreement) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.text}</Typography.Paragraph>;
const renderVersion = (_version: string, row: ConsoleAgreement) => <VersionLabel row={row} />;

/** The service agreement's versions (docs/decisions/034-versioned-agreements.md). */
export function AgreementsPage() {
  const agreements = useAgreements();
  const canEdit = useCan('config.edit');
  return (
    <>
      <PageHeader title="服务协议" subtitle="每次修改都会发布一个新版本；订单记录客户同意的版本和时间" />
      {!canEdit ? <Alert type="info" showIcon title="只有管理员可以发布新版本。" style={{ marginBottom: 12 }} /> : null}
      <QueryState query={agreements}>
        {(versions) => (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {canEdit ? <PublishCard key={versions[0]?.version ?? ''} current={versions[0]} /> : null}
            <Table<ConsoleAgreement>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={versions}
              data-testid="agreement-versions"
              expandable={{ expandedRowRender: renderText }}
              columns={[
                { title: '版本', dataIndex: 'version', render: renderVersion },
                { title: '生效日期', dataIndex: 'effective_date' },
                { title: '发布人', dataIndex: 'created_by_name', render: (name: string | null) => name ?? '系统初始版本' },
                { title: '发布时间', dataIndex: 'created_at', render: (at: string) => dateTime(at) },
              ]}
            />
          </Space>
        )}
      </QueryState>
    </>
  );
}
