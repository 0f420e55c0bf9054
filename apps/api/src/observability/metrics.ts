import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator watches (docs/operations.md): one Prometheus registry per app (tests build many
 * apps in one process), counters incremented where things happen, and gauges read from the
 * database when scraped. Labels are closed sets (route patterns, provider ids, outcomes), never ids.
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly ordersCreated: Counter<'goods_type'>;
  readonly ordersPaid: Counter<'provider'>;
  readonly paymentNotifications: Counter<'provider' | 'kind' | 'outcome'>;
  readonly sweepRuns: Counter<'sweep' | 'result'>;
  /** rows a sweep examined and acted on (attempts reconciled, refunds sent or settled) */
  readonly sweepExamined: Counter<'sweep'>;
  readonly sweepFailures: Counter<'sweep'>;
  readonly smsSent: Counter<'result'>;
  readonly directoryVendorCalls: Counter<'vendor' | 'status'>;
  /** retention sweep rounds: ran, skipped (another instance held the lock), failed */
  readonly retentionRuns: Counter<'result'>;
  /** records the retention sweep purged: orders' ID numbers, unpaid orders' contacts, analytics rows */
  readonly retentionPurged: Counter<'kind'>;
  /** When each sweep (payment sweeps, retention) last finished a round in this instance; rounds another instance ran are its own. */
  readonly sweepLastSuccess: Gauge<'sweep'>;
  /** Outbound calls to the payment, SMS and company-data gateways (observability/gateway-metrics.ts). */
  readonly gatewayCallDuration: Histogram<'gateway' | 'provider' | 'operation'>;
  readonly gatewayCallErrors: Counter<'gateway' | 'provider' | 'operation'>;
  /** Always 1; the labels say which version, commit and Node run. */
  readonly buildInfo: Gauge<'version' | 'commit' | 'node'>;
  /** A labelled gauge read from the database when scraped; labels not in the answer are dropped. */
  labelledGaugeFromQuery(name: string, help: string, label: string, read: () => Promise<Readonly<Record<string, number>>>): void;
  /** A labelled counter whose totals are kept elsewhere (e.g. the shared state's fallback counts), read when scraped. */
  labelledCounterFromCallback(name: string, help: string, label: string, read: () => Readonly<Record<string, number>>): void;
  /** Registers a gauge whose value is read when Prometheus scrapes (e.g. a backlog from the database). */
  gaugeFromCallback(name: string, help: string, read: () => Promise<number>): void;
  /** The same with one label: `read` gives a value per label value (e.g. counters kept elsewhere). */
  labelledGaugeFromCallback(name: string, help: string, label: string, read: () => Readonly<Record<string, number>>): void;
  /** The text exposition format, and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Route label for requests that matched no route: one bucket, so scanners cannot blow up the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(options: { processMetrics?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  /** Gauges read when scraped; kept here so they are reachable for as long as the registry. */
  const callbackGauges: Gauge[] = [];
  const callbackCounters: Counter[] = [];
  registry.setDefaultLabels({ app: 'kuaibao' });
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'kuaibao_' });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name: `kuaibao_${name}`, help, labelNames, registers: [registry] });

  return {
    registry,
    httpRequests: counter('http_requests_total', 'HTTP requests answered, by route pattern and status', ['method', 'route', 'status']),
    httpDuration: new Histogram({
      name: 'kuaibao_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    ordersCreated: counter('orders_created_total', 'Orders created, by service', ['goods_type']),
    ordersPaid: counter('orders_paid_total', 'Orders that became paid, by payment provider', ['provider']),
    paymentNotifications: counter('payment_notifications_total', 'Payment provider notifications, by kind and outcome (rejected = bad signature or body)', ['provider', 'kind', 'outcome']),
    sweepRuns: counter('payment_sweep_runs_total', 'Payment sweep steps, by result (ran, skipped: another instance held the lock, failed)', ['sweep', 'result']),
    sweepExamined: counter('payment_sweep_examined_total', 'Rows a payment sweep examined (attempts queried, refunds sent or queried)', ['sweep']),
    sweepFailures: counter('payment_sweep_failures_total', 'Rows a payment sweep could not finish (retried next round)', ['sweep']),
    smsSent: counter('sms_total', 'SMS notices by result (sent, failed: given up, retried)', ['result']),
    directoryVendorCalls: counter('directory_vendor_calls_total', 'Calls to the company-data vendor, by its status (each call is billed)', ['vendor', 'status']),
    retentionRuns: counter('retention_sweep_runs_total', 'Retention sweep rounds, by result (ran, skipped: another instance held the lock, failed)', ['result']),
    retentionPurged: counter('retention_purged_total', 'Records the retention sweep purged, by kind (id_number, unpaid_contact, events)', ['kind']),
    sweepLastSuccess: new Gauge({
      name: 'kuaibao_sweep_last_success_timestamp_seconds',
      help: 'Unix time this instance last finished a round of each sweep (payment sweeps, retention) without failing; 0 since boot',
      labelNames: ['sweep'],
      registers: [registry],
    }),
    gatewayCallDuration: new Histogram({
      name: 'kuaibao_gateway_call_duration_seconds',
      help: 'Time of each call to a payment, SMS or company-data gateway, by provider and operation',
      labelNames: ['gateway', 'provider', 'operation'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    gatewayCallErrors: counter('gateway_call_errors_total', 'Gateway calls that failed (threw, timed out, or answered that it could not serve), by provider and operation', ['gateway', 'provider', 'operation']),
    buildInfo: new Gauge({ name: 'kuaibao_build_info', help: 'Always 1: the version, commit and Node version running', labelNames: ['version', 'commit', 'node'], registers: [registry] }),
    labelledGaugeFromQuery(name, help, label, read) {
      const gauge = new Gauge({
        name: `kuaibao_${name}`,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          const values = await read();
          this.reset();
          for (const [value, amount] of Object.entries(values)) this.set({ [label]: value }, amount);
        },
      });
      callbackGauges.push(gauge);
    },
    labelledCounterFromCallback(name, help, label, read) {
      const counted = new Counter({
        name: `kuaibao_${name}`,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          this.reset();
          for (const [value, total] of Object.entries(read())) this.inc({ [label]: value }, total);
        },
      });
      callbackCounters.push(counted);
    },
    gaugeFromCallback(name, help, read) {
      const gauge = new Gauge({
        name: `kuaibao_${name}`,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
      callbackGauges.push(gauge);
    },
    labelledGaugeFromCallback(name, help, label, read) {
      const gauge = new Gauge({
        name: `kuaibao_${name}`,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          for (const [value, count] of Object.entries(read())) this.set({ [label]: value }, count);
        },
      });
      callbackGauges.push(gauge);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
