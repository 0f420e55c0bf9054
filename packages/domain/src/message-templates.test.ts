import { describe, expect, it } from 'vitest';
import { CUSTOMER_REQUEST_MAX_CHARS } from './customer-request.ts';
import {
  customerRequestSmsPreview,
  fillTemplate,
  placeholdersOf,
  templateFieldsOf,
  templateTextRefusal,
  templateTextRefusalText,
} from './message-templates.ts';
import { SMS_PARAM_MAX_LENGTH } from './sms-texts.ts';
import { label } from './staff-labels.ts';

const order = {
  entity_name: '桂林市七星区国伟面馆',
  entity_legal: '李国伟',
  goods_name: '工商年报',
  out_trade_no: 'KB202601150001',
  create_time: '2026-01-15T02:00:00.000Z',
  precheck_year: null,
};

describe('message templates', () => {
  it('fills every placeholder from the order', () => {
    const fields = templateFieldsOf(order);
    const filled = fillTemplate('customer_request', '请{法定代表人}上传{企业名称}的营业执照（{服务}，订单{订单号}，{年度}年度）', fields);
    expect(filled).toEqual({ text: '请李国伟上传桂林市七星区国伟面馆的营业执照（工商年报，订单KB202601150001，2025年度）', tooLong: false });
  });

  it('takes the report year from the pre-check when there is one, else the year before the order (Beijing time)', () => {
    expect(templateFieldsOf({ ...order, precheck_year: 2024 }).年度).toBe('2024');
    // 2026-12-31 17:00 UTC is already 2027-01-01 in Beijing.
    expect(templateFieldsOf({ ...order, create_time: '2026-12-31T17:00:00.000Z' }).年度).toBe('2026');
  });

  it('refuses at save a placeholder the order has no field for, an empty text and one that could not fit', () => {
    expect(templateTextRefusal('customer_request', '请上传{公司名}的执照')).toEqual({ problem: 'UNKNOWN_PLACEHOLDER', placeholder: '公司名' });
    expect(templateTextRefusalText({ problem: 'UNKNOWN_PLACEHOLDER', placeholder: '公司名' })).toContain('{公司名}');
    expect(templateTextRefusal('customer_request', '   ')).toEqual({ problem: 'EMPTY' });
    expect(templateTextRefusal('customer_request', '请上传{企业名称}的营业执照')).toBeUndefined();
    // Filled with a 50-character company name, this request would pass the 200 the move accepts.
    const padded = `{企业名称}${'补'.repeat(CUSTOMER_REQUEST_MAX_CHARS - 50)}`;
    expect(templateTextRefusal('customer_request', padded)).toBeUndefined();
    expect(templateTextRefusal('customer_request', `${padded}补`)).toEqual({ problem: 'TOO_LONG', max: CUSTOMER_REQUEST_MAX_CHARS });
    // A call note may be longer (500).
    expect(templateTextRefusal('call_note', `${padded}补`)).toBeUndefined();
  });

  it('lists each placeholder once', () => {
    expect(placeholdersOf('{企业名称}{年度}{企业名称}')).toEqual(['企业名称', '年度']);
  });

  it('says when the filled text is over the limit, and leaves an unknown placeholder as written', () => {
    const fields = templateFieldsOf({ ...order, entity_name: '公'.repeat(100) });
    expect(fillTemplate('customer_request', `{企业名称}${'补'.repeat(101)}`, fields).tooLong).toBe(true);
    expect(fillTemplate('customer_request', '{企业名称}{未知}', templateFieldsOf(order)).text).toBe('桂林市七星区国伟面馆{未知}');
  });

  it('shows the SMS as sent: a request longer than one SMS parameter is shortened there', () => {
    const short = customerRequestSmsPreview(order.entity_name, '请上传营业执照');
    expect(short.shortened).toBe(false);
    expect(short.text).toContain('请上传营业执照');
    const long = customerRequestSmsPreview(order.entity_name, '请'.repeat(SMS_PARAM_MAX_LENGTH + 10));
    expect(long.shortened).toBe(true);
    expect(long.text).toContain('…');
    expect(long.segments).toBeGreaterThan(1);
  });

  it('names its audit actions in words in the 操作日志', () => {
    for (const action of ['template.create', 'template.update', 'template.delete', 'order.declaration_by_phone']) expect(label('auditAction', action)).not.toMatch(/其他/);
  });
});
