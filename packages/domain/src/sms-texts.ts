/**
 * The SMS notices of docs/product/overview.md ("SMS notices go to the legal representative's phone"): one
 * template per event, each ending with the third-party disclosure (docs/product/trust-and-personal-data.md). These
 * are service notices for an active order, never marketing (docs/product/trust-and-personal-data.md#sms-rules), so they
 * carry no links. Real providers need the same texts registered as templates; the parameters
 * are listed in the order Tencent Cloud's positional templates ({1}, {2}, …) use.
 */
import { OFFICIAL_CHANNEL_NAME } from './goods-texts.ts';

export const SMS_DISCLOSURE = `本平台为第三方有偿代办机构，非政府网站，企业可在${OFFICIAL_CHANNEL_NAME}免费自行办理。`;

export const SMS_TEMPLATE_IDS = ['payment_succeeded', 'order_completed', 'refund_succeeded', 'deletion_code', 'customer_request', 'lookup_code', 'invoice_issued', 'season_reminder'] as const;
export type SmsTemplateId = (typeof SMS_TEMPLATE_IDS)[number];

export interface SmsTemplate {
  /** What staff see in the SMS log. */
  title: string;
  /** Parameter names, in positional order. */
  params: readonly string[];
  /** The text with {name} placeholders; the disclosure is part of it. */
  text: string;
}

export const SMS_TEMPLATES: Record<SmsTemplateId, SmsTemplate> = {
  payment_succeeded: {
    title: '支付成功通知',
    params: ['goods', 'amount', 'order_no'],
    text: `您已支付{goods}服务费{amount}元（订单号{order_no}），专员将在24小时内致电联系您。${SMS_DISCLOSURE}`,
  },
  order_completed: {
    title: '办理完成通知',
    params: ['company', 'goods'],
    text: `{company}的{goods}已办理完成，请在${OFFICIAL_CHANNEL_NAME}查询结果。${SMS_DISCLOSURE}`,
  },
  refund_succeeded: {
    title: '退款成功通知',
    // {detail}: 全额退款, or 部分退款 with the admin's reason (partial-refund.ts, decision 057).
    params: ['amount', 'order_no', 'detail'],
    text: `您的订单{order_no}已退款{amount}元（{detail}），款项将原路退回。${SMS_DISCLOSURE}`,
  },
  // Asked for by the visitor on the progress page (decision 037): typed there only, never told to anyone.
  deletion_code: {
    title: '删除个人信息验证码',
    params: ['code'],
    text: `验证码{code}，用于删除您在本平台留存的个人信息，10分钟内有效。请勿告诉任何人，客服不会索要。${SMS_DISCLOSURE}`,
  },
  // Asked for on the progress page to see an order whole (decision 049): typed there only.
  lookup_code: {
    title: '查询订单验证码',
    params: ['code'],
    text: `验证码{code}，用于在本平台查看您的订单详情，10分钟内有效。请勿告诉任何人，客服不会索要。${SMS_DISCLOSURE}`,
  },
  // 待客户补充 (decision 043): what the clerk asked for, shortened to one parameter; the full text is on the progress page.
  customer_request: {
    title: '补充资料通知',
    params: ['company', 'request'],
    text: `{company}的办理需要您补充：{request}。详情可在本平台办理进度页查看。${SMS_DISCLOSURE}`,
  },
  // The invoice the customer asked for (docs/decisions/060-invoices.md): the one notice with a link, their own file's.
  invoice_issued: {
    title: '发票开具通知',
    params: ['company', 'link'],
    text: `{company}的发票已开具，下载地址：{link} ，同时已发送到您填写的邮箱。${SMS_DISCLOSURE}`,
  },
  // Next year's reminder (docs/decisions/065-next-season-reminder.md): sent only to a customer who ticked
  // 明年年报季提醒我, so it names the site to come back to and carries both ways out: the one-tap link and 回T退订.
  season_reminder: {
    title: '年报季提醒',
    params: ['company', 'year', 'site', 'link'],
    text: `{company}的{year}年度年报可以办理了（截止6月30日），可在{site}办理。不再提醒请点 {link} ，回T退订。${SMS_DISCLOSURE}`,
  },
};

export function isSmsTemplateId(value: unknown): value is SmsTemplateId {
  return typeof value === 'string' && (SMS_TEMPLATE_IDS as readonly string[]).includes(value);
}

/** Providers cap one template variable (Aliyun: 35 characters); longer names are shortened. */
export const SMS_PARAM_MAX_LENGTH = 35;

export function smsParam(value: string): string {
  const chars = Array.from(value.trim());
  return chars.length <= SMS_PARAM_MAX_LENGTH ? chars.join('') : `${chars.slice(0, SMS_PARAM_MAX_LENGTH - 1).join('')}…`;
}

/**
 * The clerk's request as the 补充资料 SMS's {request}: the template ends the sentence with 。, so the
 * request's own closing punctuation goes (a note ending in 。 once gave 。。). Then shortened as
 * every parameter is.
 */
export function customerRequestSmsParam(request: string): string {
  const text = request.trim().replace(/[。．.！!？?；;，,、\s]+$/u, '');
  return smsParam(text === '' ? request : text);
}

/** The message body (without the 【signature】 the provider adds). Every parameter must be given. */
export function renderSms(id: SmsTemplateId, params: Readonly<Record<string, string>>): string {
  const template = SMS_TEMPLATES[id];
  for (const name of template.params) {
    if (typeof params[name] !== 'string' || params[name] === '') throw new RangeError(`SMS ${id}: parameter ${name} is missing`);
  }
  return template.text.replace(/\{(\w+)\}/g, (_match, name: string) => params[name] ?? '');
}

/** The standard length of one SMS segment: 70 characters, or 67 per part of a long message. */
export function smsSegments(text: string): number {
  const length = Array.from(text).length;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}
