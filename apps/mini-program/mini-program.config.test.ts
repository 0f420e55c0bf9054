import { describe, expect, it } from 'vitest';
import { configModule, projectConfig, resolveConfig } from './mini-program.config.ts';

describe('mini-program:config', () => {
  it('against a local server, the development keys and the tourist appid', () => {
    expect(resolveConfig({ baseUrl: 'http://127.0.0.1:3000/' })).toEqual({ baseUrl: 'http://127.0.0.1:3000', appId: 'touristappid', signSecret: 'kuaibao-dev-sign-secret', aesKey: '6b75616962616f2d6465762d61657321' });
  });

  it('for a real site, every value given, https, no development keys; all problems at once', () => {
    const good = { baseUrl: 'https://kuaibao.example.com', appId: 'wx0123456789abcdef', signSecret: 'a-real-sign-secret', aesKey: '0123456789abcdef0123456789abcdef' };
    expect(resolveConfig(good)).toEqual(good);
    expect(() => resolveConfig({ baseUrl: 'https://kuaibao.example.com' })).toThrow(/WECHAT_MP_APP_ID[\s\S]*SIGN_SECRET[\s\S]*RESPONSE_AES_KEY/);
    expect(() => resolveConfig({ ...good, baseUrl: 'http://kuaibao.example.com' })).toThrow(/https/);
    expect(() => resolveConfig({ ...good, baseUrl: 'https://kuaibao.example.com/app' })).toThrow(/site root/);
    expect(() => resolveConfig({ ...good, signSecret: 'kuaibao-dev-sign-secret' })).toThrow(/development keys/);
    expect(() => resolveConfig({})).toThrow(/KB_MP_BASE_URL/);
  });

  it('writes the module and the developer tools’ project file with the appid', () => {
    const config = resolveConfig({ baseUrl: 'https://kuaibao.example.com', appId: 'wx0123456789abcdef', signSecret: 'a-real-sign-secret', aesKey: '0123456789abcdef0123456789abcdef' });
    expect(configModule(config)).toContain('"baseUrl": "https://kuaibao.example.com"');
    expect(JSON.parse(projectConfig(config))).toMatchObject({ appid: 'wx0123456789abcdef', miniprogramRoot: 'dist/', compileType: 'miniprogram' });
  });
});
