import type { Kysely } from 'kysely';
import { ConfigError, type Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { assertKnownPaymentProviders, createPaymentProviders, type PaymentProviders } from './index.ts';
import type { PaymentProvider } from './port.ts';
import { createSandboxGateway, type SandboxGateway, type SandboxNotification, type SandboxTables } from './sandbox/sandbox-gateway.ts';
import { createSandboxProvider } from './sandbox/sandbox.provider.ts';

/** Builds the configured payment providers once, at boot. Unknown or unbuilt names stop the boot. */
export function buildPaymentProviders(deps: {
  config: Config;
  db: Kysely<Database>;
  now: () => Date;
  deliverSandboxNotification: (notification: SandboxNotification) => Promise<number>;
}): { providers: PaymentProviders; sandbox: SandboxGateway | undefined } {
  const ids = assertKnownPaymentProviders(deps.config.payment.providers);
  const built: PaymentProvider[] = [];
  let sandbox: SandboxGateway | undefined;
  for (const id of ids) {
    if (id === 'sandbox') {
      sandbox = createSandboxGateway({
        db: deps.db.withTables<SandboxTables>(),
        notifyKey: deps.config.payment.sandboxNotifyKey,
        now: deps.now,
        deliver: deps.deliverSandboxNotification,
      });
      built.push(createSandboxProvider({ gateway: sandbox, notifyKey: deps.config.payment.sandboxNotifyKey, now: deps.now }));
    } else {
      throw new ConfigError(`Invalid configuration:\n  PAYMENT_PROVIDERS: ${id} is not available in this build yet; use sandbox`);
    }
  }
  // Real providers first, so the sandbox serves only the pay types nothing else covers.
  built.sort((a, b) => Number(a.id === 'sandbox') - Number(b.id === 'sandbox'));
  return { providers: createPaymentProviders(built), sandbox };
}
