/**
 * Fakes of the outside systems (the payment gateways, the 企查查 company-data API), for tests and
 * offline runs only (apps/api/src must not import this package outside its tests; `npm run lint`
 * checks). The API test app wired to both
 * fakes is `@kuaibao/testing/app`; the runnable server against them is src/fake-gateways-server.ts.
 */
export * from './alipay/fake-gateway.ts';
export * from './wechatpay/fake-gateway.ts';
export * from './qichacha/fake-qichacha.ts';
