import type { AppMetrics } from './metrics.ts';

/**
 * Times the outbound calls of a gateway adapter (payment, SMS, company data) and counts the ones
 * that failed, at the one place the adapters are built (app.ts), not inside each adapter. Only the
 * named operations are wrapped: parsing a notification or building an acknowledgement is not a
 * call to the outside. A call failed when it threw, or when `failed` says its answer means "no
 * usable answer" (the SMS and directory ports answer instead of throwing).
 */
export function instrumentGateway<T extends object>(
  port: T,
  options: {
    metrics: AppMetrics;
    gateway: 'payment' | 'sms' | 'directory';
    provider: string;
    operations: ReadonlyArray<keyof T & string>;
    failed?: (result: unknown) => boolean;
  },
): T {
  const { metrics, gateway, provider, failed } = options;
  const wrapped = new Set<string>(options.operations);
  return new Proxy(port, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !wrapped.has(property) || typeof value !== 'function') return value;
      const labels = { gateway, provider, operation: property };
      return async (...args: unknown[]) => {
        const started = performance.now();
        let ok = false;
        try {
          const result: unknown = await Reflect.apply(value, target, args);
          ok = !failed?.(result);
          return result;
        } finally {
          metrics.gatewayCallDuration.observe(labels, (performance.now() - started) / 1000);
          if (!ok) metrics.gatewayCallErrors.inc(labels);
        }
      };
    },
  });
}
