import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { buildStorage } from '../storage/index.ts';
import { buildSmsProvider } from './index.ts';

const log = { info: () => {} };

describe('SMS and storage configuration', () => {
  it('defaults to the console SMS provider and disk storage beside the database', () => {
    const config = loadConfig({ SQLITE_FILE: '/tmp/kb-config-test/db.sqlite' });
    expect(config.sms.provider).toBe('console');
    expect(buildSmsProvider(config.sms, log).id).toBe('console');
    expect(config.storage).toMatchObject({ provider: 'disk', uploadsDir: '/tmp/kb-config-test/uploads' });
    expect(buildStorage(config.storage).id).toBe('disk');
    expect(config.console.adminUsername).toBe('admin');
  });

  it('refuses unknown provider names at boot', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_PROVIDER: 'ftp' })).toThrow(/STORAGE_PROVIDER/);
  });

  it('names every missing key of a chosen provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_ALIYUN_ACCESS_KEY_ID[\s\S]*SMS_ALIYUN_ACCESS_KEY_SECRET[\s\S]*SMS_ALIYUN_TEMPLATES/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: 'a', SMS_TENCENT_SECRET_KEY: 'b', SMS_TENCENT_SDK_APP_ID: '1400000000', SMS_TENCENT_TEMPLATES: 'payment_succeeded=1' })).toThrow(/order_completed, refund_succeeded/);
    // A template added later (待客户补充, decision 043) must be mapped too: a deployment upgraded without it stops at boot.
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'id', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_ALIYUN_TEMPLATES: 'payment_succeeded=SMS_1,order_completed=SMS_2,refund_succeeded=SMS_3,deletion_code=SMS_4' })).toThrow(/missing customer_request/);
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3', S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ CONSOLE_ADMIN_PASSWORD: 'short' })).toThrow(/CONSOLE_ADMIN_PASSWORD/);
  });

  it('builds the chosen adapters from complete settings', () => {
    const aliyun = loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'id', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_ALIYUN_TEMPLATES: 'payment_succeeded=SMS_1, order_completed=SMS_2,refund_succeeded=SMS_3,deletion_code=SMS_4,customer_request=SMS_5,lookup_code=SMS_6,invoice_issued=SMS_7,season_reminder=SMS_8' });
    expect(aliyun.sms.aliyun?.templates).toEqual({ payment_succeeded: 'SMS_1', order_completed: 'SMS_2', refund_succeeded: 'SMS_3', deletion_code: 'SMS_4', customer_request: 'SMS_5', lookup_code: 'SMS_6', invoice_issued: 'SMS_7', season_reminder: 'SMS_8' });
    expect(buildSmsProvider(aliyun.sms, log).id).toBe('aliyun');
    const tencent = loadConfig({ SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: 'a', SMS_TENCENT_SECRET_KEY: 'b', SMS_TENCENT_SDK_APP_ID: '1400000000', SMS_TENCENT_TEMPLATES: 'payment_succeeded=1,order_completed=2,refund_succeeded=3,deletion_code=4,customer_request=5,lookup_code=6,invoice_issued=7,season_reminder=8' });
    expect(buildSmsProvider(tencent.sms, log).id).toBe('tencent');
    const s3 = loadConfig({ STORAGE_PROVIDER: 's3', S3_ENDPOINT: 'https://s3.example.com/', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(s3.storage.s3).toMatchObject({ endpoint: 'https://s3.example.com', forcePathStyle: true, prefix: 'uploads/' });
    expect(buildStorage(s3.storage).id).toBe('s3');
  });
});
