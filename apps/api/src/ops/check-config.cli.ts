import { ConfigError, loadConfig } from '../config.ts';
import { checkDatabase, checkRedis, checkSmtp, exitCodeOf, formatCheckLine } from './health-checks.ts';

/**
 * `npm run check-config`: reads the settings the way the server does and lists every problem at
 * once, one line each, or says what it would run with — without opening the database or a port.
 * `npm run check-config -- --connect` also connects to the database (are its migrations the
 * code's?), to Redis and, with EMAIL_PROVIDER=smtp, logs in to the mail server (sending nothing),
 * one line each, changing nothing. For checking /etc/kuaibao/.env before a
 * start (docs/deploy.md, step 6; docs/operations.md).
 */
async function main(): Promise<number> {
  const connect = process.argv.slice(2).includes('--connect');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`设置有误（${error.problems.length} 处）：`);
    for (const problem of error.problems) console.error(`  ${problem}`);
    if (connect) console.error('（设置有误，未连接数据库和 Redis）');
    return 1;
  }
  const database = config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`设置无误（APP_ENV=${config.env}）`);
  console.log(`  网址 ${config.publicBaseUrl ?? '（未设 PUBLIC_BASE_URL）'}，数据库 ${database}`);
  console.log(`  支付 ${config.payment.providers.join(', ')}；短信 ${config.sms.provider}；文件 ${config.storage.provider}；微信登录 ${config.wechatAuth.provider}；企业数据 ${config.directory.provider}`);
  if (!connect) return 0;
  const lines = (await Promise.all([checkDatabase(config.database), checkRedis(config.redisUrl), checkSmtp(config.email)])).filter((line) => line !== undefined);
  for (const line of lines) console.log(formatCheckLine(line));
  return exitCodeOf(lines);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
