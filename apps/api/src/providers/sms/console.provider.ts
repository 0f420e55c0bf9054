import { randomUUID } from 'node:crypto';
import { maskPhone } from '@kuaibao/domain';
import type { SendSmsInput, SmsProvider } from './port.ts';

export interface SmsLogger {
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * The default: no message leaves the machine. Each "sent" SMS goes to the server log (and, like
 * every provider's, to the console's SMS log), so the whole notice flow runs offline. The log
 * carries the masked number only.
 */
export function createConsoleSmsProvider(deps: { signName: string; log: SmsLogger }): SmsProvider {
  return {
    id: 'console',
    async send(input: SendSmsInput) {
      const providerMessageId = `console-${randomUUID()}`;
      deps.log.info({ sms: { to: maskPhone(input.phone), template: input.template, id: providerMessageId } }, `SMS 【${deps.signName}】${input.text}`);
      return { ok: true, providerMessageId };
    },
  };
}
