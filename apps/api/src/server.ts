import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, useShanghaiTimezone } from './config.ts';
import { createDatabase, type AppDatabase } from './db/database.ts';
import { assertUsableDatabaseFile, describeDatabaseFailure } from './db/database-health.ts';
import { withBootLock, withSqliteBootLock } from './db/boot-lock.ts';
import { migrate } from './db/migrate.ts';
import { describeReadiness } from './modules/system/index.ts';
import { startMetricsServer, type MetricsServer } from './observability/metrics-server.ts';
import { seedDatabase } from './seed/seed.ts';

/** Boot: config → database → migrations → seed → HTTP. A bad config stops here with its message. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Alipay's SDK stamps requests with local wall-clock time, which Alipay reads as Beijing time:
  // with Alipay configured, the whole process runs in Asia/Shanghai (config/timezone.ts says more).
  if (config.payment.alipay) useShanghaiTimezone();
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  let database: AppDatabase;
  let migrated: Awaited<ReturnType<typeof migrate>>;
  let seeded: Awaited<ReturnType<typeof seedDatabase>>;
  try {
    const sqliteFile = config.database.kind === 'sqlite' ? config.database.file : undefined;
    if (sqliteFile) mkdirSync(path.dirname(sqliteFile), { recursive: true });
    // One instance at a time checks, migrates and seeds; the next waits, then finds it done (db/boot-lock.ts).
    // On SQLite the lock is taken before the file is opened: another instance's new, still empty file
    // is not an empty database to refuse.
    const onWait = () => console.log('  another instance is migrating or seeding the database: waiting for it');
    [database, migrated, seeded] = await withSqliteBootLock(sqliteFile, { onWait }, async () => {
      assertUsableDatabaseFile(config.database);
      // The server checkpoints SQLite's log on a worker thread (db/sqlite-checkpointer.ts).
      const opened = await createDatabase(config.database.kind === 'sqlite' ? { ...config.database, backgroundCheckpoints: true } : config.database);
      const [applied, seed] = await withBootLock(opened, { onWait }, async () => [await migrate(opened), await seedDatabase(opened, { companies: config.seedCompanies, demoOperator: config.env !== 'prod' })] as const);
      return [opened, applied, seed] as const;
    });
  } catch (error) {
    // One sentence for the operator, not a stack trace (docs/security.md).
    throw new BootError(describeDatabaseFailure(error, where), { cause: error });
  }
  const app = await buildApp({ config, database });
  app.log.info({ migrations: migrated.applied, seeded }, 'database ready');
  // The console's first admin; its password is shown once, here, and must be changed at first sign-in.
  const firstAdmin = await app.services.console.auth.ensureFirstAdmin({ username: config.console.adminUsername, password: config.console.adminPassword });

  let metricsServer: MetricsServer | undefined;
  let stopping = false;
  // SIGTERM (systemctl stop/restart): drain, then close; docs/decisions/026-cluster-run-and-graceful-shutdown.md.
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the operator will not wait.
      app.log.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    // Ctrl-C at a terminal has no load balancer to warn.
    const graceMs = signal === 'SIGTERM' ? config.shutdown.graceMs : 0;
    app.log.info({ signal, graceMs, timeoutMs: config.shutdown.timeoutMs }, 'stopping: draining');
    app.draining.start();
    await delay(graceMs);
    const timeout = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'stopping: requests or jobs still running after the timeout; exiting anyway');
      process.exit(1);
    }, config.shutdown.timeoutMs);
    try {
      // No new connections; requests in flight finish; then the onClose hooks stop the sweeps and
      // the SMS outbox after their running round, and close Redis. The jobs are told to stop at
      // once so that no new round starts while the last requests finish.
      const jobsStopped = Promise.all([app.services.paymentSweeps.stop(), app.services.smsOutbox.stop(), app.services.emailOutbox.stop(), app.services.invoiceResults.stop(), app.services.retention.stop(), app.services.billReconciliation.stop()]);
      await app.close();
      await jobsStopped;
      // Scrapes read the database (the outbox backlog gauge): the metrics listener goes first.
      await metricsServer?.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'stopping: close failed');
      process.exit(1);
    }
    clearTimeout(timeout);
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  const address = await app.listen({ host: config.host, port: config.port });
  // Reconciliation and refund sweeps (stopped by app.close through an onClose hook).
  app.services.paymentSweeps.start();
  // SMS notices from the outbox (stopped by app.close through an onClose hook).
  app.services.smsOutbox.start();
  app.services.emailOutbox.start();
  app.services.invoiceResults.start();
  // Personal data past its retention period (decision 031; stopped by app.close through an onClose hook).
  app.services.retention.start();
  // The daily reconciliation with the providers' bills (decision 039; stopped by app.close through an onClose hook).
  app.services.billReconciliation.start();
  if (config.metrics) {
    metricsServer = await startMetricsServer(app.metrics, { ...config.metrics, readiness: () => describeReadiness(app, database) });
    app.log.info({ url: metricsServer.url, token: config.metrics.token !== undefined }, 'metrics listening');
  }
  const shown = address.replace('0.0.0.0', '127.0.0.1');
  console.log(`\n  快报 Kuaibao is running: ${config.publicBaseUrl ?? shown}/\n  database: ${where}\n  payments: ${config.payment.providers.join(', ')}\n`);
  console.log(`  console: ${config.publicBaseUrl ?? shown}/console/  (SMS: ${config.sms.provider}, files: ${config.storage.provider})`);
  // Only with REDIS_URL: without it the banner is what it always was.
  if (config.redisUrl) console.log(`  shared state: Redis (REDIS_URL)${app.services.sharedState.redis?.status === 'ready' ? '' : ', not reachable yet (see /readyz and docs/decisions/024-shared-state-in-redis.md)'}`);
  if (firstAdmin.created && firstAdmin.generatedPassword) {
    console.log(`  first console login: ${firstAdmin.username} / ${firstAdmin.generatedPassword}\n  (shown only this once; you will be asked to change it after signing in)\n`);
  } else if (firstAdmin.created) {
    console.log(`  first console login: ${firstAdmin.username} with the password from CONSOLE_ADMIN_PASSWORD\n`);
  }
}

/** A failure the operator can act on, said in one line. */
class BootError extends Error {
  override name = 'BootError';
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BootError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
