import type { EmailConfig } from '../../config.ts';
import { createConsoleEmailProvider, type EmailLogger } from './console-email.provider.ts';
import type { EmailProvider } from './port.ts';
import { createSmtpEmailProvider } from './smtp.provider.ts';

export type { EmailProvider, SendEmailInput, SendEmailResult } from './port.ts';

/** The configured email provider (config.ts has already refused unknown names). */
export function buildEmailProvider(config: EmailConfig, log: EmailLogger): EmailProvider {
  switch (config.provider) {
    case 'console':
      return createConsoleEmailProvider({ from: config.from, log });
    case 'smtp':
      return createSmtpEmailProvider({ from: config.from, smtp: config.smtp! });
  }
}
