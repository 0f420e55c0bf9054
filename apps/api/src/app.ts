import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { ConfigError, trustsPeer, type Config } from './config.ts';
import type { AppDatabase } from './db/database.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/error-handler.ts';
import { REDACTED_LOG_PATHS, serializeRequest } from './http/log-redaction.ts';
import { createPaymentSweeps, type PaymentSweeps } from './jobs/payment-sweeps.ts';
import { createRetentionSweep, type RetentionSweep } from './jobs/retention-sweep.ts';
import { createBillReconciliationJob, type BillReconciliationJob } from './jobs/bill-reconciliation.ts';
import { registerBodyParsers } from './http/body-parsers.ts';
import { isApiDocsRoute, registerApiDocsRoutes, registerOpenApiCollector } from './http/api-docs.ts';
import { registerZodValidation } from './http/validate.ts';
import { createMemoryNonceStore } from './http/nonce-store.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { connectSharedState, createSharedState, type SharedState } from './shared-state/shared-state.ts';
import { createOnceKeys, type OnceKeys } from './shared-state/once-keys.ts';
import { createCatalogChanges, type CatalogChanges } from './shared-state/catalog-changes.ts';
import { verifyRequestSignature } from './http/request-signature.ts';
import { registerWebApp } from './http/web-app.ts';
import { baselineSecurityHeaders, registerSecurityHeaders, withSecurityHeaders } from './http/security-headers.ts';
import {
  createAnnualReportCheckRepository,
  createCompanyDirectory,
  createCompanyRepository,
  createCompanyService,
  createDirectoryVendorRepository,
  registerCompanyRoutes,
  type CompanyDirectory,
  type CompanyService,
} from './modules/company/index.ts';
import { createEventService, registerEventRoutes, type EventService } from './modules/event/index.ts';
import { createFeedbackService, registerFeedbackRoutes, type FeedbackService } from './modules/feedback/index.ts';
import { createGoodsService, registerGoodsRoutes, type GoodsService } from './modules/goods/index.ts';
import { createCustomerDocumentsService, createOrderService, registerCustomerDocumentRoutes, registerOrderRoutes, type CustomerDocumentsService, type OrderService } from './modules/order/index.ts';
import { createReorderService, registerReorderRoutes, type ReorderService } from './modules/order/index.ts';
import {
  createPaymentService,
  createReconciliationService,
  createWechatComplaints,
  registerPaymentRoutes,
  type PaymentService,
  type WechatComplaints,
} from './modules/payment/index.ts';
import { createSiteConfigService, registerSiteConfigRoutes, type SiteConfigService } from './modules/site-config/index.ts';
import { APP_VERSION, registerSystemRoutes } from './modules/system/index.ts';
import { buildPaymentProviders } from './providers/payment/build.ts';
import type { PaymentProviders } from './providers/payment/index.ts';
import { registerSandboxCashier } from './providers/payment/sandbox/cashier.routes.ts';
import type { SandboxGateway } from './providers/payment/sandbox/sandbox-gateway.ts';
import { createSandboxRepository, type SandboxTables } from './providers/payment/sandbox/sandbox.repository.ts';
import { createPersonalDataVault } from './security/personal-data.ts';
import { createMetrics, UNMATCHED_ROUTE, type AppMetrics } from './observability/metrics.ts';
import { registerRequestContext, requestIdGenerator, requestIdLogMixin } from './observability/request-context.ts';
import { countPendingOutbox } from './db/outbox.ts';
import { lastSuccessfulReconciliation, oldestPendingOutboxAge } from './db/operations-gauges.ts';
import { instrumentGateway } from './observability/gateway-metrics.ts';
import { buildCommit } from './observability/build-info.ts';
import { newestBackup } from './ops/backup-folder.ts';
import { registerDraining, type Draining } from './http/draining.ts';
import { createSmsOutboxWorker, type SmsOutboxWorker } from './jobs/sms-outbox.ts';
import { createConsoleServices, registerConsoleRoutes, registerUploadRoutes, type ConsoleServices } from './modules/console/index.ts';
import { buildSmsProvider, type SmsProvider } from './providers/sms/index.ts';
import { buildDirectoryVendor } from './providers/directory/index.ts';
import { buildStorage, type StorageProvider } from './providers/storage/index.ts';
import { createAccountService, registerAccountRoutes, type AccountService } from './modules/account/index.ts';
import { createCorpService, registerCorpRoutes, type CorpService } from './modules/corp/index.ts';
import { buildWechatAuthProvider, type WechatAuthProvider } from './providers/wechat-auth/index.ts';
import { registerMockWechatAuthorize } from './providers/wechat-auth/mock-authorize.routes.ts';
import { createDeletionService, registerDeletionRoutes, type DeletionService } from './modules/deletion/index.ts';
import { createLookupService, registerLookupRoutes, type LookupService } from './modules/lookup/index.ts';
import { createInvoiceService, registerInvoiceRoutes, type InvoiceService } from './modules/invoice/index.ts';
import { buildInvoicingProvider } from './providers/invoicing/index.ts';
import { buildEmailProvider, type EmailProvider } from './providers/email/index.ts';
import { createEmailOutboxWorker, type EmailOutboxWorker } from './jobs/email-outbox.ts';
import { createInvoiceResultsJob, type InvoiceResultsJob } from './jobs/invoice-results.ts';
import { createReminderClock, createReminderService, registerReminderRoutes, type ReminderService } from './modules/reminder/index.ts';

export interface Services {
  now: () => Date;
  siteConfig: SiteConfigService;
  goods: GoodsService;
  companies: CompanyService;
  /** The company directory (modules/company): the local index, and the configured vendor (providers/directory) behind it. */
  directory: CompanyDirectory;
  orders: OrderService;
  payments: PaymentService;
  paymentProviders: PaymentProviders;
  events: EventService;
  feedback: FeedbackService;
  /** Invoices, their email and its outbox (docs/decisions/060-invoices.md). */
  invoices: InvoiceService;
  email: EmailProvider;
  emailOutbox: EmailOutboxWorker;
  /** Polls the invoicing platform's results (decision 064); server.ts starts it, tests call runOnce(). */
  invoiceResults: InvoiceResultsJob;
  /** Next year's reminder: consents, batches, opt-outs (docs/decisions/065-next-season-reminder.md). */
  reminders: ReminderService;
  /** Present when the sandbox provider is configured. */
  sandbox: SandboxGateway | undefined;
  /** Reconciliation and refund sweeps; server.ts starts them, tests call runOnce(). */
  paymentSweeps: PaymentSweeps;
  /** The agent's console (/api/console/), its SMS notices and its file storage. */
  console: ConsoleServices;
  sms: SmsProvider;
  storage: StorageProvider;
  /** Sends the sms.* outbox rows; server.ts starts it, tests call runOnce(). */
  smsOutbox: SmsOutboxWorker;
  /** Purges personal data past its retention period (decision 031); server.ts starts it, tests call runOnce(). */
  retention: RetentionSweep;
  /** The daily reconciliation with the providers' trade bills (decision 039); server.ts starts it, tests call runOnce(). */
  billReconciliation: BillReconciliationJob;
  /** WeChat Pay's consumer complaints (decision 040); answers its complaint notifications. */
  wechatComplaints: WechatComplaints;
  /** The visitor's own deletion request (decision 037): the code by SMS, the purge, the console's list. */
  deletion: DeletionService;
  /** The documents a customer uploads when asked (待客户补充, decision 062). */
  customerDocuments: CustomerDocumentsService;
  /** The home page's reorder offer (decision 066). */
  reorder: ReorderService;
  /** The phone lookup's SMS code, which opens its full view (decision 049). */
  lookup: LookupService;
  /** WeChat login (official account and mini-program) and the visitors' sessions (docs/decisions/009). */
  wechatAuth: WechatAuthProvider;
  accounts: AccountService;
  /** The official-account variant's /api/corp calls: a logged-in visitor's own orders. */
  corp: CorpService;
  /** Redis when REDIS_URL is set, with the counters of its fallbacks (docs/decisions/024-shared-state-in-redis.md). */
  sharedState: SharedState;
  /** Single-use keys every instance sees (used OAuth states, payment query throttle). */
  onceKeys: OnceKeys;
  /** Drops the in-memory goods and site config on every instance when the console changes them (decision 029). */
  catalogChanges: CatalogChanges;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    /** Prometheus counters and gauges (observability/metrics.ts), served by server.ts on METRICS_PORT. */
    metrics: AppMetrics;
    /** Set by server.ts on SIGTERM: /readyz 503, every answer `Connection: close` (http/draining.ts). */
    draining: Draining;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: AppDatabase;
  /** The clock every service reads; tests move it. */
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (the contract test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** The registry to count into; a fresh one per app by default. */
  metrics?: AppMetrics;
}

/**
 * Routes a signed client may call; notifications and the sandbox cashier are signed their own way.
 * Decided on the matched route's pattern, never the raw request target: `GET http://x/api/…`
 * (absolute form), `/env#x` or `//api/…` reach the same handler with a different `request.url`.
 */
function needsClientSignature(routePattern: string): boolean {
  if (routePattern.startsWith('/api/pay/notify/')) return false;
  // The SMS providers' reply callbacks (回T) prove themselves by their secret path (decision 065).
  if (routePattern.startsWith('/api/sms/reply/')) return false;
  // The console signs in with a session cookie instead (docs/decisions/008).
  if (routePattern.startsWith('/api/console/')) return false;
  // The OpenAPI document and the reference page describe the API; they are not part of it (decision 017).
  if (isApiDocsRoute(routePattern)) return false;
  return routePattern.startsWith('/api/') || routePattern === '/env';
}

/** A hop count as Fastify's trust function: the nearest `hops` addresses are our proxies. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // Request logs keep a masked phone and the shape of the URL, never the keys in it (docs/security.md).
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: REDACTED_LOG_PATHS, serializers: { req: serializeRequest }, mixin: requestIdLogMixin, ...(options.logStream ? { stream: options.logStream } : {}) },
    // The proxy's X-Request-Id only from a TRUST_PROXY address (observability/request-context.ts).
    genReqId: requestIdGenerator(trustsPeer(config.trustProxy)),
    // X-Forwarded-* only from the proxies the operator names (TRUST_PROXY); by default none.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // A slow or idle client must not hold a socket (slowloris): bounded request, idle and keep-alive times.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Query strings longer than this are not ours.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: withSecurityHeaders(answerFrameworkError),
    clientErrorHandler: answerClientError(baselineSecurityHeaders),
    // A request that reaches a closing instance on a connection still open is answered, not refused
    // with 503: nginx does not retry a POST it has sent (docs/decisions/026-cluster-run-and-graceful-shutdown.md).
    return503OnClosing: false,
  });
  app.server.headersTimeout = config.http.headersTimeoutMs;
  app.server.maxConnections = config.http.maxConnections;
  app.decorate('config', config);
  const metrics = options.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  app.decorate('draining', registerDraining(app));
  registerRequestContext(app);
  // Per route pattern, never the raw URL: unknown paths share one label.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 || request.routeOptions.url === undefined ? UNMATCHED_ROUTE : request.routeOptions.url;
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First: every answer, errors and 404s included, carries the security headers.
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerBodyParsers(app);
  // Routes declare zod contracts (http/route.ts); with API_DOCS they are published (decision 017).
  registerZodValidation(app);
  if (config.apiDocs) await registerOpenApiCollector(app, APP_VERSION);

  const db = database.db;
  const sharedState = createSharedState({ redisUrl: config.redisUrl, log: app.log });
  await connectSharedState(sharedState);
  const onceKeys = createOnceKeys({ sharedState, now });
  // Goods and site config in memory, dropped on every instance when the console changes them (decision 029).
  const catalogChanges = createCatalogChanges(sharedState);
  await catalogChanges.start();
  const { providers, sandbox, complaints } = buildPaymentProviders({
    config,
    sandboxStore: createSandboxRepository(db.withTables<SandboxTables>()),
    now,
    deliverSandboxNotification: async (notification) => {
      const response = await app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: notification.headers, payload: notification.body });
      return response.statusCode;
    },
    wrap: (provider) =>
      instrumentGateway(provider, { metrics, gateway: 'payment', provider: provider.id, operations: ['createPayment', 'queryPayment', 'closePayment', 'refund', 'queryRefund', 'downloadTradeBill'] }),
  });
  const vault = createPersonalDataVault({ encryptionKey: config.idEncryptionKey, hashKey: config.idHashKey });
  const goods = createGoodsService({ db, changes: catalogChanges });
  const siteConfig = createSiteConfigService({ db, changes: catalogChanges, retention: config.retention.periods });
  const builtSms = buildSmsProvider(config.sms, app.log);
  const sms = instrumentGateway(builtSms, { metrics, gateway: 'sms', provider: builtSms.id, operations: ['send'], failed: (result) => (result as { ok?: boolean }).ok === false });
  const reportChecks = createAnnualReportCheckRepository(database);
  const builtVendor = buildDirectoryVendor(config.directory, now);
  const directoryVendor =
    builtVendor &&
    instrumentGateway(builtVendor, { metrics, gateway: 'directory', provider: builtVendor.id, operations: ['searchCompanies', 'annualReportSummaries'], failed: (result) => (result as { kind?: string }).kind === 'unreachable' });
  const directory = createCompanyDirectory({
    companies: createCompanyRepository(database),
    reportChecks,
    now,
    vendor: directoryVendor && config.directory.qichacha && {
      port: directoryVendor,
      store: createDirectoryVendorRepository(database),
      dailyBudget: config.directory.qichacha.dailyBudget,
      cacheHours: config.directory.qichacha.cacheHours,
      log: app.log,
      countCall: (status) => metrics.directoryVendorCalls.inc({ vendor: directoryVendor.id, status }),
    },
  });
  const storage = buildStorage(config.storage);
  const payments = createPaymentService({ db, providers, now, expiryMinutes: config.payment.expiryMinutes, log: app.log, metrics, onceKeys });
  const reconciliation = createReconciliationService({ database, providers, now, readyHour: config.payment.reconciliation.readyHour, log: app.log });
  const wechatComplaints = createWechatComplaints({ db, api: complaints, now, log: app.log });
  const companies = createCompanyService({ directory, reportChecks, now });
  const orders = createOrderService({ db, goods, payments, vault, now, companies, metrics, siteConfig, requireNamedOperator: config.env === 'prod' });
  const wechatAuth = buildWechatAuthProvider(config.wechatAuth, now);
  // config.ts refuses this already; a Config built by hand must not get past it either.
  if (wechatAuth.id === 'mock' && config.env === 'prod') throw new ConfigError('Invalid configuration: WECHAT_AUTH_PROVIDER: mock is not allowed in production');
  const accounts = createAccountService({ db, wechatAuth, now, tokenTtlSeconds: config.wechatAuth.tokenTtlSeconds });
  const deletion = createDeletionService({ db, now, vault, sms, log: app.log });
  const email = buildEmailProvider(config.email, app.log);
  // Its own clock, which only a test outside production may move (REMINDER_TEST_CLOCK); createReminderClock refuses it in production.
  const reminderClock = createReminderClock(now, { movable: config.reminders.testClock, production: config.env === 'prod' });
  const reminders = createReminderService({
    db,
    clock: reminderClock,
    vault,
    directory,
    reportChecks,
    publicBaseUrl: config.publicBaseUrl,
    siteName: config.publicBaseUrl ? new URL(config.publicBaseUrl).host : config.sms.signName,
  });
  const invoices = createInvoiceService({ db, now, vault, storage, invoicing: buildInvoicingProvider(config.invoicing, now), publicBaseUrl: config.publicBaseUrl, log: app.log });
  const services: Services = {
    now,
    siteConfig,
    goods,
    companies,
    directory,
    orders,
    payments,
    paymentProviders: providers,
    events: createEventService({ db, now }),
    feedback: createFeedbackService({ db, now, vault }),
    sandbox,
    paymentSweeps: createPaymentSweeps({ database, payments, intervalMs: config.payment.sweepIntervalSeconds * 1000, log: app.log, now, metrics }),
    // The ID hash key, under its own label, also keys the sign-in device cookies (decision 014).
    console: createConsoleServices({
      log: app.log,
      db,
      now,
      vault,
      storage,
      payments,
      deviceCookieSecret: config.idHashKey,
      directory,
      catalogChanges,
      deletion,
      reconciliation,
      wechatComplaints,
      authorizationPdfFont: config.authorizationPdfFont,
      setupSettings: { smsSignName: config.sms.signName, smsProvider: config.sms.provider, paymentProviders: config.payment.providers },
      idRevealsPerDay: config.console.idRevealsPerDay,
      production: config.env === 'prod',
    }),
    sms,
    storage,
    smsOutbox: createSmsOutboxWorker({ db, sms, now, log: app.log, intervalMs: config.sms.outboxIntervalMs, metrics, reminderNow: reminderClock.now }),
    retention: createRetentionSweep({ database, periods: config.retention.periods, intervalMs: config.retention.sweepIntervalMs, now, log: app.log, metrics }),
    wechatComplaints,
    billReconciliation: createBillReconciliationJob({ reconciliation, intervalMs: config.payment.reconciliation.intervalMs, log: app.log }),
    deletion,
    lookup: createLookupService({ db, now, vault, sms, log: app.log }),
    invoices,
    reminders,
    email,
    emailOutbox: createEmailOutboxWorker({ db, email, now, log: app.log, intervalMs: config.email.outboxIntervalMs }),
    invoiceResults: createInvoiceResultsJob({ invoices, log: app.log, intervalMs: config.invoicing.provider === 'manual' ? 0 : config.invoicing.pollIntervalMs }),
    customerDocuments: createCustomerDocumentsService({ db, now, vault, storage }),
    reorder: createReorderService({ db, now, vault }),
    wechatAuth,
    accounts,
    corp: createCorpService({ db, orders, goods, siteConfig, accounts }),
    sharedState,
    onceKeys,
    catalogChanges,
  };
  app.decorate('services', services);
  metrics.gaugeFromCallback('sms_outbox_backlog', 'SMS notices waiting to be sent (retries included)', () => countPendingOutbox(db, 'sms.%'));
  metrics.labelledCounterFromCallback('redis_fallback_total', 'Times since boot that a Redis failure made shared state fall back, by kind (decision 024)', 'kind', () => ({ ...services.sharedState.counters }));
  metrics.labelledGaugeFromQuery('outbox_oldest_pending_age_seconds', 'Seconds the oldest unfinished outbox row has waited, by family (sms, payment); 0 when none', 'family', () => oldestPendingOutboxAge(db, now()));
  metrics.labelledGaugeFromQuery('reconciliation_last_success_timestamp_seconds', 'Unix time each provider’s daily bill reconciliation last finished (DONE or NO_BILL)', 'provider', () => lastSuccessfulReconciliation(db));
  const backupDir = config.backup.dir;
  if (backupDir) {
    metrics.gaugeFromCallback('backup_last_success_timestamp_seconds', 'Unix time the newest complete backup in BACKUP_DIR was finished; 0 when there is none', async () => ((await newestBackup(backupDir))?.finishedAt.getTime() ?? 0) / 1000);
  }
  metrics.buildInfo.set({ version: APP_VERSION, commit: buildCommit(), node: process.versions.node }, 1);
  app.addHook('onClose', async () => {
    await services.paymentSweeps.stop();
  });
  app.addHook('onClose', async () => {
    await services.smsOutbox.stop();
  });
  app.addHook('onClose', async () => {
    await services.emailOutbox.stop();
  });
  app.addHook('onClose', async () => {
    await services.invoiceResults.stop();
  });
  app.addHook('onClose', async () => {
    await services.retention.stop();
  });
  app.addHook('onClose', async () => {
    await services.billReconciliation.stop();
  });
  // After the workers above have stopped.
  app.addHook('onClose', async () => {
    await catalogChanges.close();
    await sharedState.close();
  });

  if (config.signature.required) {
    // In this process only, bounded: nothing is written per request, and a request nginx retries on
    // the other instance is not refused there (docs/decisions/051-replay-in-process.md).
    const nonces = createMemoryNonceStore();
    // Before validation: the signature covers the query and body exactly as sent, and an unsigned
    // request is refused as that whatever its fields.
    // Synchronous, with `done`: nothing to wait for, so no promise per request (a throw is the answer).
    app.addHook('preValidation', (request, _reply, done) => {
      // Unknown routes answer 404 whatever their signature.
      const route = request.routeOptions.url;
      if (!request.is404 && route !== undefined && needsClientSignature(route)) {
        verifyRequestSignature(request, { secret: config.signature.secret, nonces, nowSeconds: Math.floor(now().getTime() / 1000) });
      }
      done();
    });
  }

  await registerRateLimits(app, sharedState);
  registerSystemRoutes(app, database);
  registerSiteConfigRoutes(app);
  registerGoodsRoutes(app);
  registerCompanyRoutes(app);
  registerOrderRoutes(app);
  registerPaymentRoutes(app);
  registerEventRoutes(app);
  registerFeedbackRoutes(app);
  registerDeletionRoutes(app);
  registerLookupRoutes(app);
  registerInvoiceRoutes(app);
  registerReminderRoutes(app);
  await registerCustomerDocumentRoutes(app);
  registerReorderRoutes(app);
  if (sandbox) registerSandboxCashier(app, sandbox);
  registerAccountRoutes(app);
  registerCorpRoutes(app);
  if (wechatAuth.id === 'mock') registerMockWechatAuthorize(app, { appId: wechatAuth.officialAccountAppId, publicBaseUrl: config.publicBaseUrl });
  await registerConsoleRoutes(app);
  registerUploadRoutes(app);
  if (config.apiDocs) await registerApiDocsRoutes(app);
  await registerWebApp(app, config);
  return app;
}
