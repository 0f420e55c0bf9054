/**
 * Message templates (docs/decisions/062-templates-and-customer-uploads.md): the texts an admin
 * keeps for the two things a clerk writes again and again, the 补充资料 request of 待客户补充 (shown
 * on /checkDetail and sent by SMS) and the note of a recorded call. A template names order fields
 * as {企业名称}-style placeholders; the clerk picks one, sees it filled from the order, edits it
 * and sends it.
 */
import { CUSTOMER_REQUEST_MAX_CHARS } from './customer-request.ts';
import { CALL_NOTE_MAX_CHARS } from './first-call-sla.ts';
import { SMS_PARAM_MAX_LENGTH, renderSms, smsParam, smsSegments } from './sms-texts.ts';

export const MESSAGE_TEMPLATE_KINDS = ['customer_request', 'call_note'] as const;
export type MessageTemplateKind = (typeof MESSAGE_TEMPLATE_KINDS)[number];

export const MESSAGE_TEMPLATE_KIND_NAMES: Readonly<Record<MessageTemplateKind, string>> = {
  customer_request: '补充资料请求',
  call_note: '通话记录',
};

/** The filled text's limit: what the move or the call itself accepts. */
export const MESSAGE_TEMPLATE_MAX_CHARS: Readonly<Record<MessageTemplateKind, number>> = {
  customer_request: CUSTOMER_REQUEST_MAX_CHARS,
  call_note: CALL_NOTE_MAX_CHARS,
};

export const MESSAGE_TEMPLATE_NAME_MAX_CHARS = 30;

/** The placeholders a template may name, and what each is filled with. */
export const TEMPLATE_PLACEHOLDERS = ['企业名称', '法定代表人', '服务', '订单号', '年度'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/**
 * The value length each placeholder is budgeted at by the check at save: a long company name and a
 * long person's name (the form accepts longer, rare ones; fillTemplate flags those orders), an order
 * number, a year.
 */
const PLACEHOLDER_MAX_CHARS: Readonly<Record<TemplatePlaceholder, number>> = {
  企业名称: 50,
  法定代表人: 20,
  服务: 10,
  订单号: 32,
  年度: 4,
};

const PLACEHOLDER_PATTERN = /\{([^{}\s]{1,20})\}/g;

export type TemplateFields = Readonly<Record<TemplatePlaceholder, string>>;

export type TemplateTextRefusal =
  | { problem: 'EMPTY' }
  | { problem: 'UNKNOWN_PLACEHOLDER'; placeholder: string }
  | { problem: 'TOO_LONG'; max: number };

/** The placeholders a text names, in order, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER_PATTERN), (match) => match[1]!))];
}

const isPlaceholder = (name: string): name is TemplatePlaceholder => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/**
 * Why a template's text cannot be saved: empty; a placeholder the order has no field for (a typo
 * such as {公司名} would reach the customer as it is); or a text that, filled with the longest values
 * its placeholders can take, would exceed what the request or the call note accepts.
 */
export function templateTextRefusal(kind: MessageTemplateKind, text: string): TemplateTextRefusal | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'EMPTY' };
  for (const name of placeholdersOf(trimmed)) {
    if (!isPlaceholder(name)) return { problem: 'UNKNOWN_PLACEHOLDER', placeholder: name };
  }
  const max = MESSAGE_TEMPLATE_MAX_CHARS[kind];
  const longest = trimmed.replace(PLACEHOLDER_PATTERN, (_match, name: string) => 'x'.repeat(PLACEHOLDER_MAX_CHARS[name as TemplatePlaceholder]));
  if (Array.from(longest).length > max) return { problem: 'TOO_LONG', max };
  return undefined;
}

/** The refusal in the words the admin reads. */
export function templateTextRefusalText(refusal: TemplateTextRefusal): string {
  switch (refusal.problem) {
    case 'EMPTY':
      return '模板内容不能为空';
    case 'UNKNOWN_PLACEHOLDER':
      return `模板中有无法填写的占位符 {${refusal.placeholder}}，可用：${TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join('')}`;
    case 'TOO_LONG':
      return `模板填入订单信息后可能超过 ${refusal.max} 字，请缩短`;
  }
}

/** The report year of an annual report: the pre-check's year, else the year before the order's (Beijing time). */
function reportYear(order: { precheck_year?: number | null | undefined; create_time: string }): string {
  if (order.precheck_year) return String(order.precheck_year);
  const at = new Date(order.create_time);
  if (Number.isNaN(at.getTime())) return '';
  return String(new Date(at.getTime() + 8 * 3600_000).getUTCFullYear() - 1);
}

/** The values of the placeholders for one order. */
export function templateFieldsOf(order: { entity_name: string; entity_legal: string; goods_name: string; out_trade_no: string; create_time: string; precheck_year?: number | null | undefined }): TemplateFields {
  return {
    企业名称: order.entity_name,
    法定代表人: order.entity_legal,
    服务: order.goods_name,
    订单号: order.out_trade_no,
    年度: reportYear(order),
  };
}

/**
 * The template filled for one order. An unknown placeholder (not saved through the check above)
 * is left as written, for the clerk to see and edit. `tooLong`: the filled text is over the kind's
 * limit (the clerk shortens it before sending; the server refuses it as it is).
 */
export function fillTemplate(kind: MessageTemplateKind, text: string, fields: TemplateFields): { text: string; tooLong: boolean } {
  const filled = text.trim().replace(PLACEHOLDER_PATTERN, (match, name: string) => (isPlaceholder(name) ? fields[name] : match));
  return { text: filled, tooLong: Array.from(filled).length > MESSAGE_TEMPLATE_MAX_CHARS[kind] };
}

/**
 * The 补充资料 SMS as the customer will receive it: the providers cap one parameter at
 * SMS_PARAM_MAX_LENGTH characters, so a longer request is shortened there (the whole text is on
 * /checkDetail); `shortened` says so, `segments` how many SMS it costs.
 */
export function customerRequestSmsPreview(company: string, request: string): { text: string; shortened: boolean; segments: number } {
  const text = renderSms('customer_request', { company: smsParam(company), request: smsParam(request) });
  return { text, shortened: Array.from(request.trim()).length > SMS_PARAM_MAX_LENGTH, segments: smsSegments(text) };
}
