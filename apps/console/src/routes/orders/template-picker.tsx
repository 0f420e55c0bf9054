import { Select } from 'antd';
import { fillTemplate, templateFieldsOf, type ConsoleOrderDetail, type MessageTemplateKind } from '@kuaibao/domain';
import { useMessageTemplates } from '../../hooks/api/templates.ts';

/**
 * A template of one kind, filled from the order's fields (docs/decisions/062-templates-and-customer-uploads.md):
 * picking one hands its filled text to the dialog, where the clerk edits it before sending.
 */
export function TemplatePicker(props: { order: ConsoleOrderDetail; kind: MessageTemplateKind; onPick: (text: string) => void; testId: string }) {
  const templates = useMessageTemplates();
  const ofKind = (templates.data ?? []).filter((template) => template.kind === props.kind);
  if (ofKind.length === 0) return null;
  const fields = templateFieldsOf(props.order);
  return (
    <Select<number>
      style={{ width: '100%' }}
      placeholder="选用模板（自动填入订单信息）"
      aria-label="选用模板"
      value={null as unknown as number}
      onChange={(id) => {
        const template = ofKind.find((candidate) => candidate.id === id);
        if (template) props.onPick(fillTemplate(props.kind, template.body, fields).text);
      }}
      options={ofKind.map((template) => ({ value: template.id, label: template.name }))}
      data-testid={props.testId}
    />
  );
}
