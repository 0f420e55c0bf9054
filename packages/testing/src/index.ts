/**
 * Fakes of the outside systems (the payment gateways, the 企查查 company-data API, the 诺诺 invoicing platform, a mail server), for tests and
 * offline runs only (apps/api/src must not import this package outside its tests; `npm run lint`
 * checks). Each fake speaks its protocol with its own code (Beijing time, signing texts, RSA) and
 * imports nothing of the API it stands in front of: the API wires them up on its side, in
 * apps/api/src/test/ (the test app wired to both gateways, the servers for offline runs and e2e).
 */
export * from './alipay/fake-gateway.ts';
export * from './wechatpay/fake-gateway.ts';
export * from './qichacha/fake-qichacha.ts';
export * from './smtp/fake-smtp-server.ts';
export * from './nuonuo/fake-nuonuo.ts';
