/**
 * Settings production accepts (config/production-refusals.ts), for tests that load APP_ENV=prod:
 * keys made by `openssl rand -hex`, an https origin and a real SMS provider (its endpoint a closed
 * local port and its outbox off, so nothing is ever sent). A payment provider is the test's own choice.
 */
export const PRODUCTION_SETTINGS = {
  APP_ENV: 'prod',
  SIGN_SECRET: '6f40c41f64f985d868494ee40f8cfb8757ac612be35d1ea6',
  RESPONSE_AES_KEY: 'd91d51aedf8af488c8105234daa3da9e',
  ID_ENCRYPTION_KEY: '7f2f140c305c6d866ac333affd2d826fb1093b4c7d452d295c6353d44a2df230',
  ID_HASH_KEY: '985860656beb2daa041ed872f9a88ab592eb7deb3b91e2e7',
  SANDBOX_NOTIFY_KEY: '581f2c9a32025936fedda201ee8a9de6e01ecdea30c29e55',
  PUBLIC_BASE_URL: 'https://kuaibao.example',
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-test-access-key',
  SMS_ALIYUN_ACCESS_KEY_SECRET: '963626d645ed17013ba5cc3648162e05',
  SMS_ALIYUN_ENDPOINT: 'http://127.0.0.1:9',
  SMS_ALIYUN_TEMPLATES: 'payment_succeeded=SMS_1,order_completed=SMS_2,refund_succeeded=SMS_3,deletion_code=SMS_4,customer_request=SMS_5,lookup_code=SMS_6,invoice_issued=SMS_7,season_reminder=SMS_8',
  SMS_REPLY_TOKEN: 'reply-token-0123456789abcdef',
  SMS_OUTBOX_INTERVAL_MS: '0',
  EMAIL_FROM: 'invoice@kuaibao.example',
} as const;
