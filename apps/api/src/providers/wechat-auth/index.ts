import type { WechatAuthConfig } from '../../config.ts';
import { createMockWechatAuthProvider } from './mock.provider.ts';
import type { WechatAuthProvider } from './port.ts';
import { createWechatAuthProvider } from './wechat.provider.ts';

export type { ExchangeCodeResult, WechatAuthProvider, WechatIdentity } from './port.ts';

/** The configured WeChat login (config.ts has already refused unknown names, missing keys and mock in production). */
export function buildWechatAuthProvider(config: WechatAuthConfig, now: () => Date): WechatAuthProvider {
  switch (config.provider) {
    case 'mock':
      return createMockWechatAuthProvider({ config, now });
    case 'wechat':
      return createWechatAuthProvider({ config });
    case 'none':
      return {
        id: 'none',
        officialAccountAppId: '',
        authorizeUrl: '',
        exchangeCode: async ({ kind }) => ({ ok: false, reason: 'NOT_CONFIGURED', message: `WeChat login is off (${kind})` }),
      };
  }
}
