import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { AppError, type PayType } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { AppMetrics } from '../../observability/metrics.ts';
import type { PaymentProviders } from '../../providers/payment/index.ts';
import type { PaymentProvider } from '../../providers/payment/port.ts';
import type { OnceKeys } from '../../shared-state/once-keys.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** What createPaymentService is given. */
export interface PaymentDeps {
  db: Kysely<Database>;
  providers: PaymentProviders;
  now: () => Date;
  expiryMinutes: number;
  log: FastifyBaseLogger;
  /** counters of payments and notifications (the app's registry; absent in unit tests) */
  metrics?: AppMetrics;
  /** Shared between instances with REDIS_URL (the provider query throttle); in process when absent. */
  onceKeys?: OnceKeys;
}

/** The dependencies and small helpers every part of the payment service (attempts, notifications, refunds, sweeps) shares. */
export interface PaymentContext extends PaymentDeps {
  /** now() as ISO-8601 */
  iso(): string;
  /** ms from now() as ISO-8601 */
  later(ms: number): string;
  /** The provider configured for a pay type; PAY_TYPE_NOT_ALLOWED when none is. */
  providerFor(payType: PayType): PaymentProvider;
  /** The provider an attempt or refund was made with; PAYMENT_PROVIDER_UNAVAILABLE when it is no longer configured. */
  providerOf(row: { provider: string }): PaymentProvider;
}

export const MINUTE = 60_000;
/** When a pending attempt is asked about again: 1, 3, 10, 30 minutes, then hourly (docs/product/payments.md#reconciliation). */
export const QUERY_BACKOFF_MS = [1 * MINUTE, 3 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE];
/** A refund still processing, or one the provider could not take: asked again after 1, 5, 15, 60 minutes, then every 3 hours. */
export const REFUND_BACKOFF_MS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 180 * MINUTE];
/** Late or duplicate payments waiting to be refunded in full. */
export const REFUND_OUTBOX_KIND = 'payment.refund_attempt';

export function backoff(list: readonly number[], count: number): number {
  return list[Math.min(Math.max(count, 0), list.length - 1)]!;
}

export function createPaymentContext(deps: PaymentDeps): PaymentContext {
  const { providers, now } = deps;
  return {
    ...deps,
    iso: () => now().toISOString(),
    later: (ms) => new Date(now().getTime() + ms).toISOString(),
    providerFor(payType) {
      const provider = providers.forPayType(payType);
      if (!provider) throw new AppError('PAY_TYPE_NOT_ALLOWED');
      return provider;
    },
    providerOf(row) {
      const provider = providers.byId(row.provider);
      // Configuration changed under a live attempt: nothing we can ask; an operator must look.
      if (!provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `provider ${row.provider} is not configured`);
      return provider;
    },
  };
}
