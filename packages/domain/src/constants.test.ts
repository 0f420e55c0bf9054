import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { GOODS_TYPES } from './goods-texts.ts';

describe('docs/product/constants.md#constants', () => {
  it('has the spec values', () => {
    expect(constants).toMatchObject({
      REQUEST_TIMEOUT_MS: 60000,
      API_VERSION: '3.0.0',
      TOAST_MS: 2000,
      PAY_POLL_MS: 1000,
      TAB_RETURN_REFRESH_MS: 500,
      DROPDOWN_CLOSE_MS: 500,
      REDIRECT_DELAY_MS: 1000,
      DROPDOWN_MAX_HEIGHT_MOBILE: 272,
      DROPDOWN_MAX_HEIGHT_DESKTOP: 262,
      SERVICE_QR_LONG_PRESS_MS: 1000,
      SERVICE_DIALOG_SIZE: { width: 300, height: 342 },
      MINI_PROGRAM_CORP_ID: 10006,
      MEMBER_GOODS_TYPE: 'member',
      PAY_TYPES: ['weixin', 'alipay'],
      PAY_SOURCES: ['h5', 'native', 'jsapi'],
      PLATFORMS: ['web', 'wx-oa', 'wx-mp'],
      RECEIPT_QUANTITY: 1,
      CHUNK_TIMEOUT_MS: 120000,
      EVENT_KEY_PREFIX: 'client.',
    });
  });

  it('numbers the order tabs 0–3 and maps them to goods types', () => {
    expect(constants.ORDER_LIST_TABS.map((t) => [t.tab, t.goodsType])).toEqual([
      [0, 'license_year'],
      [1, 'license_destory'],
      [2, null],
      [3, 'credit_repair'],
    ]);
    const mapped = constants.ORDER_LIST_TABS.flatMap((t) => (t.goodsType === null ? [] : [t.goodsType]));
    expect([...mapped].sort()).toEqual([...GOODS_TYPES].sort());
  });

  it('labels the annual report tab 年报, never 年检', () => {
    expect(constants.ORDER_LIST_TABS.map((t) => t.label)).toEqual(['年报', '注销', '执照办理', '信用修复']);
    expect(constants.ORDER_LIST_TABS.map((t) => t.label).join('')).not.toMatch(/年检/);
  });

  it('shows only the tabs of services that have goods, never the one without a service', () => {
    expect(constants.visibleOrderListTabs([]).map((t) => t.tab)).toEqual([0, 1, 3]);
    expect(constants.visibleOrderListTabs(['license_year', 'license_destory', 'credit_repair']).map((t) => t.label)).toEqual(['年报', '注销', '信用修复']);
    expect(constants.visibleOrderListTabs(['credit_repair', 'license_year']).map((t) => t.tab)).toEqual([0, 3]);
    expect(constants.visibleOrderListTabs(['member']).map((t) => t.tab)).toEqual([]);
  });

  it('lands each service on its own /order tab after paying', () => {
    expect(constants.orderListTabOf('license_year')).toBe(0);
    expect(constants.orderListTabOf('license_destory')).toBe(1);
    expect(constants.orderListTabOf('credit_repair')).toBe(3);
    expect(constants.orderListTabOf(undefined)).toBe(0);
  });
});
