import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createRetentionSweep } from '../jobs/retention-sweep.ts';

/**
 * `npm run retention:sweep`: one round of the retention sweep now, with the server's settings
 * (docs/privacy-retention.md, decision 031), then the counts. Safe while the service runs: on
 * PostgreSQL a round another instance is running makes this one say so and stop; every purge is an
 * UPDATE that repeats its conditions, so running it twice purges nothing twice.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config.database);
  try {
    await migrate(database);
    const sweep = createRetentionSweep({
      database,
      periods: config.retention.periods,
      intervalMs: 0,
      now: () => new Date(),
      log: { info: () => undefined, error: (details, message) => console.error(message, details) },
    });
    const report = await sweep.runOnce();
    if (report === 'skipped') {
      console.log('另一个实例正在运行保留期清理，本次未运行。');
      return;
    }
    const { purged, cutoffs } = report;
    const off = '（已关闭）';
    console.log('保留期清理完成：');
    console.log(`  已结束订单的身份证号：${purged.id_number} 单，最后变更早于 ${cutoffs.closedOrdersIdNumber ?? off}`);
    console.log(`  未支付订单的手机号、姓名和身份证号：${purged.unpaid_contact} 单，最后变更早于 ${cutoffs.unpaidOrdersContact ?? off}`);
    console.log(`  访问统计记录：${purged.events} 条，早于 ${cutoffs.events ?? off}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
