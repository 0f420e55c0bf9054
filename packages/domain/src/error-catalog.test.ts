import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOG, errorCodeOf } from './error-catalog.ts';
import { errorMessage, STAFF_ERRORS, toastText, VISITOR_ERRORS } from './errors.ts';
import { SERVER_ERRORS } from './server-errors.ts';
import { PAGE_ERRORS, pageErrorMessage } from './page-errors.ts';

describe('error catalog', () => {
  it('gives every entry a unique numeric code', () => {
    const codes = Object.values(ERROR_CATALOG).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is the union of its visitor, page, server and staff parts, with no code in two of them', () => {
    const visitor = Object.keys(VISITOR_ERRORS);
    const page = Object.keys(PAGE_ERRORS);
    const server = Object.keys(SERVER_ERRORS);
    const staff = Object.keys(STAFF_ERRORS);
    const all = [...visitor, ...page, ...server, ...staff];
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(ERROR_CATALOG).sort()).toEqual(all.sort());
    // Texts the web app shows from its own copy (status 0) all sit in its part.
    expect([...server, ...staff].filter((key) => ERROR_CATALOG[key as keyof typeof ERROR_CATALOG].status === 0)).toEqual([]);
    // The web app reads the visitor part only: nothing it shows may come from the staff part.
    expect(staff.every((key) => key.startsWith('CONSOLE_') || /REFUND/.test(key))).toBe(true);
    expect(errorMessage('NETWORK_ERROR')).toBe(ERROR_CATALOG.NETWORK_ERROR.message);
    expect(pageErrorMessage('AGREEMENT_OUTDATED')).toBe(ERROR_CATALOG.AGREEMENT_OUTDATED.message);
  });

  it('keeps server statuses meaningful and client-only entries at 0', () => {
    const entries = Object.entries(ERROR_CATALOG);
    const mismatched = entries.filter(([, e]) => (e.status === 0 ? e.code < 90000 : Math.floor(e.code / 100) !== e.status)).map(([key]) => key);
    expect(mismatched).toEqual([]);
    expect(entries.filter(([, e]) => e.status === 0).length).toBeGreaterThan(0);
  });

  it('carries the spec texts in Chinese', () => {
    expect(ERROR_CATALOG.KEYWORD_EMPTY.message).toBe('查询关键词不能为空');
    expect(ERROR_CATALOG.FORM_INCOMPLETE.message).toBe('请填写完整信息');
    expect(ERROR_CATALOG.COMPANY_NOT_CHOSEN.message).toBe('请选择您的公司');
    expect(ERROR_CATALOG.ID_NUMBER_INVALID.message).toBe('请填写正确的身份证号码');
    expect(ERROR_CATALOG.PHONE_INVALID.message).toBe('请填写正确的手机号码');
  });

  it('maps numeric codes back', () => {
    expect(errorCodeOf(40402)).toBe('ORDER_NOT_FOUND');
    expect(errorCodeOf(12345)).toBeUndefined();
  });

  it('puts details after the first comma so the toast stays the catalog text', () => {
    const error = new AppError('VALIDATION_FAILED', 'entity_phone: too long');
    expect(error.message).toBe('请求参数有误,entity_phone: too long');
    expect(error.status).toBe(400);
    expect(error.code).toBe(40001);
    expect(toastText(error.message)).toBe('请求参数有误');
  });
});
