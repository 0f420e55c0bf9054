import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TYPE, REPORT_NEXT_STEPS, REPORT_TEXT_MAX_LENGTH, REPORT_TYPES, isReportType, reportTextLength, validateReport } from './report.ts';

describe('report types', () => {
  it('lists the types with fraud first and as the default', () => {
    expect(REPORT_TYPES).toEqual(['交易欺诈', '冒充身份', '售后问题', '申请退款', '其他问题']);
    expect(DEFAULT_REPORT_TYPE).toBe('交易欺诈');
    expect(REPORT_TEXT_MAX_LENGTH).toBe(500);
  });
  it('says what happens next for every type, within the time the report screen promises', () => {
    for (const type of REPORT_TYPES) expect([type, REPORT_NEXT_STEPS[type]]).toEqual([type, expect.stringContaining('3个工作日内')]);
    expect(REPORT_NEXT_STEPS.申请退款).toContain('全额原路退回');
    expect(isReportType('售后问题')).toBe(true);
    expect(isReportType('申请退款')).toBe(true);
  });
  it('recognises only those types', () => {
    expect(isReportType('冒充身份')).toBe(true);
    expect(isReportType('其他')).toBe(false);
  });
});

describe('validateReport', () => {
  it('trims every field', () => {
    expect(validateReport({ type: ' 冒充身份 ', content: '  有人冒充客服  ', contact: ' 13812345678 ' })).toEqual({
      ok: true,
      value: { type: '冒充身份', content: '有人冒充客服', contact: '13812345678', company: '' },
    });
  });

  it('uses the default type when none is given', () => {
    expect(validateReport({ type: '', content: '内容', contact: '' })).toEqual({
      ok: true,
      value: { type: '交易欺诈', content: '内容', contact: '', company: '' },
    });
  });

  it('rejects an unknown type', () => {
    expect(validateReport({ type: 'spam', content: '内容', contact: '' })).toEqual({ ok: false, error: 'REPORT_TYPE_INVALID' });
  });

  it('requires a reason', () => {
    expect(validateReport({ type: '其他问题', content: ' \n ', contact: '13812345678' })).toEqual({
      ok: false,
      error: 'REPORT_REASON_EMPTY',
    });
  });

  it('accepts 500 characters and rejects 501, for reason and contact', () => {
    const base = { type: '其他问题', content: '内容', contact: '' };
    expect(validateReport({ ...base, content: '字'.repeat(500) }).ok).toBe(true);
    expect(validateReport({ ...base, content: '字'.repeat(501) })).toEqual({ ok: false, error: 'REPORT_TOO_LONG' });
    expect(validateReport({ ...base, contact: '1'.repeat(500) }).ok).toBe(true);
    expect(validateReport({ ...base, contact: '1'.repeat(501) })).toEqual({ ok: false, error: 'REPORT_TOO_LONG' });
  });

  it('keeps a named company as typed (trimmed), up to 100 characters', () => {
    const base = { type: '售后问题', content: '内容', contact: '' };
    expect(validateReport({ ...base, company: ' 七星区国伟面馆 ' })).toEqual({ ok: true, value: { ...base, company: '七星区国伟面馆' } });
    expect(validateReport({ ...base, company: '司'.repeat(100) }).ok).toBe(true);
    expect(validateReport({ ...base, company: '司'.repeat(101) })).toEqual({ ok: false, error: 'REPORT_TOO_LONG' });
  });

  it('counts an emoji as one character', () => {
    expect(reportTextLength('😀a')).toBe(2);
    expect(validateReport({ type: '其他问题', content: '😀'.repeat(500), contact: '' }).ok).toBe(true);
  });

  it('measures the length after trimming', () => {
    expect(validateReport({ type: '其他问题', content: ` ${'字'.repeat(500)} `, contact: '' }).ok).toBe(true);
  });
});
