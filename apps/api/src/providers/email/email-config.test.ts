import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';
import { buildInvoicingProvider } from '../invoicing/index.ts';
import { buildEmailProvider } from './index.ts';

/** The invoicing and email settings (docs/decisions/060-invoices.md). */
describe('invoicing and email configuration', () => {
  it('defaults to manual invoicing and the console email provider', () => {
    const config = loadConfig({});
    expect(buildInvoicingProvider(config.invoicing).id).toBe('manual');
    expect(buildEmailProvider(config.email, { info: () => {} }).id).toBe('console');
    expect(config.email.outboxIntervalMs).toBe(3000);
  });

  it('refuses unknown provider names at boot', () => {
    expect(() => loadConfig({ INVOICE_PROVIDER: 'baiwang' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'sendgrid' })).toThrow(/EMAIL_PROVIDER/);
    expect(() => loadConfig({ EMAIL_FROM: 'not an address' })).toThrow(/EMAIL_FROM/);
  });

  it('the SMS providers must map the invoice template too', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'id', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_ALIYUN_TEMPLATES: 'payment_succeeded=SMS_1,order_completed=SMS_2,refund_succeeded=SMS_3,deletion_code=SMS_4,customer_request=SMS_5,lookup_code=SMS_6' })).toThrow(/missing invoice_issued/);
  });

  it('production refuses to run without the sender of invoice emails', () => {
    // The test settings choose no payment provider, so production refuses them for that whatever else.
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problems({ ...PRODUCTION_SETTINGS })).not.toMatch(/EMAIL_FROM/);
    const { EMAIL_FROM: _sender, ...withoutSender } = PRODUCTION_SETTINGS;
    expect(problems(withoutSender)).toMatch(/EMAIL_FROM: the sender of the invoice emails/);
  });
});
