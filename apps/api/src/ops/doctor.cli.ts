import path from 'node:path';
import { ConfigError, loadConfig, useShanghaiTimezone } from '../config.ts';
import { runDoctor } from './doctor.ts';
import { invokedFrom } from './data-location.ts';
import { exitCodeOf, formatCheckLine } from './health-checks.ts';

/**
 * `npm run doctor [-- --backups DIR]`: one line per check of a live server — settings, database
 * and migrations, Redis, key strength, each payment gateway (a signed query), SMS, 企查查, disk
 * space, the last backup's age (DIR, default BACKUP_DIR, else /var/backups/kuaibao) and the TLS certificate of
 * PUBLIC_BASE_URL — then exits 1 if any failed (docs/operations.md). Run it with the service's
 * settings: `deploy/with-env.sh /etc/kuaibao/.env npm run doctor`.
 */
async function main(): Promise<number> {
  // Alipay's requests are stamped in Beijing time, as the server's are.
  useShanghaiTimezone();
  const args = process.argv.slice(2);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.log(formatCheckLine({ name: '设置', status: 'fail', detail: problem }));
    console.log('（设置有误，其余检查未做；npm run check-config 说明每一处）');
    return 1;
  }
  console.log(formatCheckLine({ name: '设置', status: 'ok', detail: `APP_ENV=${config.env}，${config.publicBaseUrl ?? '未设 PUBLIC_BASE_URL'}` }));
  const backupsAt = args.indexOf('--backups');
  const backupsDir = backupsAt >= 0 && args[backupsAt + 1] ? path.resolve(invokedFrom(), args[backupsAt + 1]!) : (config.backup.dir ?? '/var/backups/kuaibao');
  const lines = await runDoctor({ config, now: new Date(), backupsDir });
  for (const line of lines) console.log(formatCheckLine(line));
  const count = (status: string) => lines.filter((line) => line.status === status).length;
  console.log(`${count('ok') + 1} ok，${count('warn')} warn，${count('fail')} fail`);
  return exitCodeOf(lines);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
