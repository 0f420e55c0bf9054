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

  describe('SMTP (docs/decisions/067-smtp-email.md)', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const SMTP = { EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.exmail.qq.com', SMTP_USER: 'invoice@kuaibao.example', SMTP_PASSWORD: 'authorisation-code' };

    it('builds the smtp provider with implicit TLS on 465 by default', () => {
      const config = loadConfig(SMTP);
      expect(config.email.smtp).toEqual({ host: 'smtp.exmail.qq.com', port: 465, secure: true, requireTls: true, auth: { user: 'invoice@kuaibao.example', password: 'authorisation-code' }, timeoutMs: 15_000 });
      expect(buildEmailProvider(config.email, { info: () => {} }).id).toBe('smtp');
    });

    it('refuses a missing host, and a user without a password, in any environment', () => {
      expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_HOST: required when EMAIL_PROVIDER=smtp/);
      const { SMTP_PASSWORD: _password, ...withoutPassword } = SMTP;
      expect(() => loadConfig(withoutPassword)).toThrow(/SMTP_USER, SMTP_PASSWORD: give both/);
      expect(() => loadConfig({ ...SMTP, SMTP_HOST: 'smtps://smtp.exmail.qq.com:465' })).toThrow(/SMTP_HOST: must be a host name/);
    });

    it('production refuses it without a login or without TLS, and accepts it complete', () => {
      expect(problems({ ...PRODUCTION_SETTINGS, ...SMTP })).not.toMatch(/SMTP_/);
      expect(problems({ ...PRODUCTION_SETTINGS, ...SMTP, SMTP_SECURE: 'false', SMTP_PORT: '587' })).not.toMatch(/SMTP_/);
      expect(problems({ ...PRODUCTION_SETTINGS, EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.exmail.qq.com' })).toMatch(/SMTP_USER, SMTP_PASSWORD: required in production/);
      expect(problems({ ...PRODUCTION_SETTINGS, EMAIL_PROVIDER: 'smtp' })).toMatch(/SMTP_HOST: required when EMAIL_PROVIDER=smtp/);
      expect(problems({ ...PRODUCTION_SETTINGS, ...SMTP, SMTP_SECURE: 'false', SMTP_REQUIRE_TLS: 'false' })).toMatch(/SMTP_REQUIRE_TLS: false lets the SMTP password and the invoice links travel in clear/);
      // Outside production a plain local relay is allowed (the fake server of the tests is one).
      expect(() => loadConfig({ ...SMTP, SMTP_SECURE: 'false', SMTP_REQUIRE_TLS: 'false' })).not.toThrow();
    });
  });
});
