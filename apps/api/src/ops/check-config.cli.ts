import { ConfigError, loadConfig } from '../config.ts';

/**
 * `npm run check-config`: reads the settings the way the server does and says in one line what is
 * wrong, or what it would run with, without opening the database or a port. For checking
 * /etc/kuaibao/.env before a start (docs/deploy.md, step 6).
 */
function main(): void {
  try {
    const config = loadConfig();
    const database = config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL (DATABASE_URL)';
    console.log(`设置无误（APP_ENV=${config.env}）`);
    console.log(`  网址 ${config.publicBaseUrl ?? '（未设 PUBLIC_BASE_URL）'}，数据库 ${database}`);
    console.log(`  支付 ${config.payment.providers.join(', ')}；短信 ${config.sms.provider}；文件 ${config.storage.provider}；微信登录 ${config.wechatAuth.provider}；企业数据 ${config.directory.provider}`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

main();
