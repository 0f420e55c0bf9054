import { randomUUID } from 'node:crypto';
import type { EmailProvider, SendEmailInput } from './port.ts';

export interface EmailLogger {
  info(object: Record<string, unknown>, message: string): void;
}

/** The default: no message leaves the machine; each "sent" email is a line of the server log. */
export function createConsoleEmailProvider(deps: { from: string; log: EmailLogger }): EmailProvider {
  return {
    id: 'console',
    async send(input: SendEmailInput) {
      const providerMessageId = `console-${randomUUID()}`;
      deps.log.info({ email: { from: deps.from, to: input.to, subject: input.subject, id: providerMessageId } }, `EMAIL ${input.subject}\n${input.text}`);
      return { ok: true, providerMessageId };
    },
  };
}
