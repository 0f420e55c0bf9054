import { describe, expect, it } from 'vitest';
import {
  buildMiniProgramPayHandoff,
  buildOAuthAuthorizeUrl,
  isOAuthState,
  isSessionErrorCode,
  loginNeedsOAuthState,
  miniProgramPayUrl,
  OAUTH_STATE_TTL_SECONDS,
  WECHAT_OAUTH_AUTHORIZE_URL,
} from './wechat-login.ts';

describe('OAuth authorization address', () => {
  it('keeps WeChat’s parameter order, encodes the return address whole and ends with #wechat_redirect', () => {
    const url = buildOAuthAuthorizeUrl({
      base: WECHAT_OAUTH_AUTHORIZE_URL,
      appid: 'wx520c15f417810387',
      redirectUri: 'https://kb.example/corp/order?tab=1&x=a b',
      state: 'S1a2',
    });
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx520c15f417810387' +
        '&redirect_uri=https%3A%2F%2Fkb.example%2Fcorp%2Forder%3Ftab%3D1%26x%3Da%20b' +
        '&response_type=code&scope=snsapi_base&state=S1a2#wechat_redirect',
    );
  });

  it('works with a relative base (the mock page) and drops a query or fragment the base carried', () => {
    const url = buildOAuthAuthorizeUrl({ base: '/mock-wechat/connect/oauth2/authorize?x=1#y', appid: 'wxmock', redirectUri: 'http://127.0.0.1/corp/', state: 'abc', scope: 'snsapi_userinfo' });
    expect(url).toBe('/mock-wechat/connect/oauth2/authorize?appid=wxmock&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcorp%2F&response_type=code&scope=snsapi_userinfo&state=abc#wechat_redirect');
  });

  it('refuses a missing appid and a state WeChat would not hand back', () => {
    expect(() => buildOAuthAuthorizeUrl({ base: '/x', appid: '', redirectUri: '/', state: 'a' })).toThrow(RangeError);
    expect(() => buildOAuthAuthorizeUrl({ base: '/x', appid: 'wx1', redirectUri: '/', state: 'a-b' })).toThrow(RangeError);
    expect(isOAuthState('A'.repeat(128))).toBe(true);
    expect(isOAuthState('A'.repeat(129))).toBe(false);
    expect(isOAuthState('')).toBe(false);
  });
});

describe('state binding (decision 013)', () => {
  it('is required for the official account’s redirect code and not for the mini-program’s wx.login code', () => {
    expect(loginNeedsOAuthState('wx-oa')).toBe(true);
    expect(loginNeedsOAuthState('wx-mp')).toBe(false);
    expect(OAUTH_STATE_TTL_SECONDS).toBe(600);
  });
});

describe('session errors', () => {
  it('are the three token codes and nothing else', () => {
    expect([40150, 40151, 40152].map(isSessionErrorCode)).toEqual([true, true, true]);
    expect([40153, 40350, 40402, 0, undefined].map(isSessionErrorCode)).toEqual([false, false, false, false, false]);
  });
});

describe('mini-program pay hand-off', () => {
  it('carries the order and the form without the ID number', () => {
    const handoff = buildMiniProgramPayHandoff(
      { orderId: 'o1', payFee: 19900, payParam: '{"appId":"wx"}' },
      {
        goods_id: '1',
        pay_type: 'weixin',
        pay_source: 'jsapi',
        entity_name: '北京字节跳动科技有限公司',
        entity_id: '91110108551385082Q',
        entity_legal: '张一鸣',
        entity_phone: '13812345678',
        entity_idno: '11010519491231002X',
      },
    );
    expect(handoff.order).toEqual({ orderId: 'o1', payFee: 19900, payParam: '{"appId":"wx"}' });
    expect(JSON.stringify(handoff)).not.toContain('11010519491231002X');
    expect(handoff.form.entity_name).toBe('北京字节跳动科技有限公司');
  });

  it('puts the base64 text into the pay page address percent-encoded', () => {
    expect(miniProgramPayUrl('eyJh+Yi/0=')).toBe('/pages/pay/index?data=eyJh%2BYi%2F0%3D');
  });
});
