import type { SmsConfig } from '../../config.ts';
import { createAliyunSmsProvider } from './aliyun.provider.ts';
import { createConsoleSmsProvider, type SmsLogger } from './console.provider.ts';
import type { SmsProvider } from './port.ts';
import { createTencentSmsProvider } from './tencent.provider.ts';

export type { SmsProvider, SendSmsInput, SendSmsResult } from './port.ts';

/** The configured SMS provider (config.ts has already refused unknown names and missing keys). */
export function buildSmsProvider(config: SmsConfig, log: SmsLogger): SmsProvider {
  switch (config.provider) {
    case 'aliyun':
      return createAliyunSmsProvider({ ...config.aliyun!, signName: config.signName });
    case 'tencent':
      return createTencentSmsProvider({ ...config.tencent!, signName: config.signName });
    case 'console':
      return createConsoleSmsProvider({ signName: config.signName, log });
  }
}
