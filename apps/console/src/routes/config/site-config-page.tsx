import { Alert, Button, Card, Input, Radio, Space, Typography } from 'antd';
import { PAGE_VARIANT_TEXTS, siteConfigHelp, siteConfigLabel, type ConsoleSiteConfigEntry } from '@kuaibao/domain';
import { useState } from 'react';
import { useSaveSiteConfig, useSiteConfig } from '../../hooks/api/config.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';

function toText(entry: ConsoleSiteConfigEntry): string {
  if (Array.isArray(entry.value)) return entry.value.join('\n');
  return typeof entry.value === 'string' ? entry.value : '';
}

function ConfigEntry(props: { entry: ConsoleSiteConfigEntry; canEdit: boolean }) {
  const { entry } = props;
  const save = useSaveSiteConfig();
  const [text, setText] = useState(toText(entry));
  const dirty = text !== toText(entry);
  const id = `config-${entry.key.replace(/\W/g, '-')}`;
  const value = entry.kind === 'lines' ? text.split('\n') : text;
  // The setting by its Chinese name and what it does (packages/domain/src/site-config-texts.ts); the key only as small print for admins.
  const name = siteConfigLabel(entry.key) === '其他设置' ? entry.label : siteConfigLabel(entry.key);
  const help = siteConfigHelp(entry.key);
  return (
    <Card
      size="small"
      title={<label htmlFor={id}>{name}</label>}
      extra={props.canEdit ? <span className="muted mono config-key" title="配置项代码（技术人员查问题时使用）" style={{ fontSize: 12 }}>{entry.key}</span> : null}
      data-testid="config-entry"
    >
      {help ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="config-help">
          {help}
        </Typography.Paragraph>
      ) : null}
      {entry.kind === 'variant' ? (
        <Radio.Group id={id} aria-label={name} value={text} onChange={(e) => setText(String(e.target.value))} disabled={!props.canEdit} options={Object.entries(PAGE_VARIANT_TEXTS).map(([v, label]) => ({ value: v, label }))} />
      ) : entry.kind === 'text' ? (
        <Input id={id} value={text} onChange={(e) => setText(e.target.value)} disabled={!props.canEdit} />
      ) : (
        <Input.TextArea id={id} value={text} onChange={(e) => setText(e.target.value)} disabled={!props.canEdit} autoSize={{ minRows: entry.kind === 'lines' ? 4 : 3, maxRows: 14 }} />
      )}
      {props.canEdit ? (
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate({ key: entry.key, value }, { onSuccess: () => notifySuccess(`“${name}”已保存，客户刷新页面后生效`) })}>
            保存
          </Button>
          {dirty ? <Button onClick={() => setText(toText(entry))}>还原</Button> : null}
          {entry.kind === 'lines' ? <span className="muted">每行一条</span> : null}
        </Space>
      ) : null}
    </Card>
  );
}

/** Site texts the visitor app reads on every start-up (docs/product/data.md#init-response). */
export function SiteConfigPage() {
  const config = useSiteConfig();
  const canEdit = useCan('config.edit');
  return (
    <>
      <PageHeader title="站点配置" subtitle="首页提示、滚动示例、客服联系方式和页面版本（服务协议见“服务协议”）" />
      {!canEdit ? <Alert type="info" showIcon title="只有管理员可以修改站点配置。" style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph className="muted">请勿写入虚构的客户动态；第三方代办声明等合规文字请保持完整。</Typography.Paragraph>
      <QueryState query={config}>
        {(entries) => (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {entries.map((entry) => (
              <ConfigEntry key={`${entry.key}:${toText(entry)}`} entry={entry} canEdit={canEdit} />
            ))}
          </Space>
        )}
      </QueryState>
    </>
  );
}
