import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { AppError } from '@kuaibao/domain';
import { keyProblems, type Config } from '../config.ts';
import { createAlipayProvider } from '../providers/payment/alipay/alipay.provider.ts';
import { notifyUrlFor } from '../providers/payment/build.ts';
import type { PaymentProvider } from '../providers/payment/port.ts';
import { createWechatpayProvider } from '../providers/payment/wechatpay/wechatpay.provider.ts';
import { newestBackup } from './backup-folder.ts';
import { checkDatabase, checkRedis, type CheckLine } from './health-checks.ts';

/**
 * `npm run doctor` (docs/operations.md): what an operator runs on a live server to see what is
 * wrong, one ok / warn / fail line per check. Nothing is changed and nothing is paid for: the
 * gateways are asked for a trade number that does not exist (their "no such order" answer means
 * our signature was accepted), the SMS provider and 企查查 are not called (each call costs money).
 */

export interface DoctorOptions {
  config: Config;
  now: Date;
  /** Where `npm run backup` folders and PostgreSQL dumps are written (docs/deploy.md#11-backups). */
  backupsDir: string;
  /** Extra certificate authorities to trust for the TLS check (tests: their self-signed server). */
  tlsCa?: string | undefined;
  /** Free space of a folder's file system (tests stand in for the machine's). */
  freeSpace?: (dir: string) => Promise<{ freeBytes: number; totalBytes: number }>;
}

/** A certificate with fewer days left is a warning (Let's Encrypt renews at 30). */
export const CERTIFICATE_WARN_DAYS = 21;
/** A backup older than this is a warning, older than BACKUP_FAIL_HOURS a failure (the timer runs daily). */
export const BACKUP_WARN_HOURS = 26;
export const BACKUP_FAIL_HOURS = 72;
const GIB = 1024 ** 3;
const CHECK_TIMEOUT_MS = 5000;

export async function runDoctor(options: DoctorOptions): Promise<CheckLine[]> {
  const { config } = options;
  const lines = await Promise.all([
    checkDatabase(config.database),
    checkRedis(config.redisUrl),
    Promise.resolve(checkKeys(config)),
    ...paymentProvidersOf(config).map((provider) => checkGateway(provider, options.now)),
    Promise.resolve(checkSms(config)),
    Promise.resolve(checkDirectory(config)),
    ...dataFolders(config).map(([label, dir]) => checkDisk(label, dir, options.freeSpace ?? machineFreeSpace)),
    checkLastBackup(options.backupsDir, options.now),
    checkCertificate(config.publicBaseUrl, options.now, options.tlsCa),
  ]);
  return lines;
}

function checkKeys(config: Config): CheckLine {
  const problems = keyProblems({
    SIGN_SECRET: config.signature.secret,
    RESPONSE_AES_KEY: config.responseAesKey.toString('hex'),
    ID_ENCRYPTION_KEY: config.idEncryptionKey.toString('hex'),
    ID_HASH_KEY: config.idHashKey,
    ...(config.payment.providers.includes('sandbox') ? { SANDBOX_NOTIFY_KEY: config.payment.sandboxNotifyKey } : {}),
  });
  if (problems.length === 0) return { name: '密钥强度', status: 'ok', detail: '每个密钥都不是公开的开发密钥，估计都在 128 位以上' };
  return { name: '密钥强度', status: 'fail', detail: problems.join('；') };
}

function paymentProvidersOf(config: Config): PaymentProvider[] {
  const { wechatpay, alipay, notifyBaseUrl } = config.payment;
  const notify = notifyBaseUrl ?? 'https://doctor.invalid';
  const now = () => new Date();
  const providers: PaymentProvider[] = [];
  if (wechatpay) providers.push(createWechatpayProvider({ config: wechatpay, notifyUrl: notifyUrlFor(notify, 'wechatpay'), now }));
  if (alipay) providers.push(createAlipayProvider({ config: alipay, notifyUrl: notifyUrlFor(notify, 'alipay'), now }));
  return providers;
}

const GATEWAY_NAMES: Record<string, string> = { wechatpay: '微信支付', alipay: '支付宝' };

/** A signed order query of a number that cannot exist: "no such order" proves the gateway took our signature. */
async function checkGateway(provider: PaymentProvider, now: Date): Promise<CheckLine> {
  const name = GATEWAY_NAMES[provider.id] ?? provider.id;
  const outTradeNo = `DOCTOR${now.getTime()}`;
  try {
    const answer = await provider.queryPayment({ outTradeNo, payType: provider.payTypes[0]! });
    if (answer.state === 'NOT_FOUND') return { name, status: 'ok', detail: `签名被接受（查询不存在的订单号 ${outTradeNo}，答"订单不存在"）` };
    return { name, status: 'warn', detail: `查询不存在的订单号 ${outTradeNo} 却答 ${answer.state}` };
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'PAYMENT_PROVIDER_TIMEOUT') return { name, status: 'fail', detail: `没有答复：${error.detail ?? error.message}（检查网络和网关地址）` };
    const reason = error instanceof AppError ? (error.detail ?? error.message) : error instanceof Error ? error.message : String(error);
    return { name, status: 'fail', detail: `签名查询被拒绝：${reason}（检查商户号、密钥和证书序列号）` };
  }
}

function checkSms(config: Config): CheckLine {
  const name = '短信';
  const { sms } = config;
  if (sms.provider === 'console') return { name, status: config.env === 'prod' ? 'fail' : 'warn', detail: 'SMS_PROVIDER=console：短信只写进日志，客户收不到' };
  const id = sms.aliyun?.accessKeyId ?? sms.tencent?.secretId ?? '';
  // Neither provider has a free call that proves the secret; sending one costs money and needs a phone.
  return { name, status: 'ok', detail: `${sms.provider} 已配置（${id.slice(0, 4)}…，签名【${sms.signName}】）；凭据未校验：发送一条才知道` };
}

function checkDirectory(config: Config): CheckLine {
  const name = '企查查';
  if (config.directory.provider !== 'qichacha') return { name, status: 'ok', detail: '未用（DIRECTORY_PROVIDER=local，用本地企业数据）' };
  return { name, status: 'ok', detail: `已配置（每日上限 ${config.directory.qichacha?.dailyBudget ?? 0} 次）；不调用：每次调用都计费` };
}

/** The folders the service writes to: the SQLite database's and the disk uploads'. */
function dataFolders(config: Config): Array<[string, string]> {
  const folders: Array<[string, string]> = [];
  if (config.database.kind === 'sqlite') folders.push(['磁盘（数据库）', path.dirname(config.database.file)]);
  if (config.storage.provider === 'disk') folders.push(['磁盘（上传文件）', config.storage.uploadsDir]);
  return folders;
}

async function machineFreeSpace(dir: string): Promise<{ freeBytes: number; totalBytes: number }> {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

async function checkDisk(name: string, dir: string, freeSpace: NonNullable<DoctorOptions['freeSpace']>): Promise<CheckLine> {
  // A folder not made yet (first start makes it) is measured where it will be.
  let measured = dir;
  while (!existsSync(measured) && path.dirname(measured) !== measured) measured = path.dirname(measured);
  try {
    const { freeBytes, totalBytes } = await freeSpace(measured);
    const share = totalBytes > 0 ? freeBytes / totalBytes : 0;
    const detail = `${dir} 剩 ${(freeBytes / GIB).toFixed(1)} GB（${Math.round(share * 100)}%）`;
    if (freeBytes < GIB || share < 0.05) return { name, status: 'fail', detail: `${detail}：快满了，SQLite 和上传会开始失败` };
    if (freeBytes < 5 * GIB || share < 0.15) return { name, status: 'warn', detail };
    return { name, status: 'ok', detail };
  } catch (error) {
    return { name, status: 'fail', detail: `${dir} 量不出剩余空间（${(error as NodeJS.ErrnoException).code ?? String(error)}）` };
  }
}

/** The newest complete backup in the folder, by the rule rotation and the backup-age metric use (backup-folder.ts). */
async function checkLastBackup(dir: string, now: Date): Promise<CheckLine> {
  const name = '备份';
  let newest: Awaited<ReturnType<typeof newestBackup>>;
  try {
    newest = await newestBackup(dir);
  } catch (error) {
    return { name, status: 'fail', detail: `读不了备份目录 ${dir}（${(error as NodeJS.ErrnoException).code ?? String(error)}）；用 --backups DIR 指明` };
  }
  if (!newest) return { name, status: 'fail', detail: `${dir} 里没有完整的备份（npm run backup 写的日期目录）` };
  const hours = (now.getTime() - newest.finishedAt.getTime()) / 3_600_000;
  const detail = `最新 ${path.basename(newest.dir)}，${hours < 48 ? `${hours.toFixed(1)} 小时` : `${(hours / 24).toFixed(1)} 天`}前`;
  if (hours > BACKUP_FAIL_HOURS) return { name, status: 'fail', detail: `${detail}：备份停了` };
  if (hours > BACKUP_WARN_HOURS) return { name, status: 'warn', detail: `${detail}：超过一天` };
  return { name, status: 'ok', detail };
}

/** The certificate PUBLIC_BASE_URL serves: trusted, for our name, and how long it has left. */
async function checkCertificate(publicBaseUrl: string | undefined, now: Date, ca: string | undefined): Promise<CheckLine> {
  const name = 'TLS 证书';
  if (!publicBaseUrl || !publicBaseUrl.startsWith('https:')) return { name, status: 'warn', detail: `PUBLIC_BASE_URL ${publicBaseUrl ?? '未设'} 不是 https，未检查证书` };
  const url = new URL(publicBaseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  try {
    const certificate = await new Promise<{ validTo: string; authorized: boolean; reason: string | undefined }>((resolve, reject) => {
      const socket = tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ...(ca ? { ca } : {}), rejectUnauthorized: false, timeout: CHECK_TIMEOUT_MS }, () => {
        const peer = socket.getPeerCertificate();
        const refused = socket.authorizationError as (Error & { code?: string }) | null;
        resolve({ validTo: peer.valid_to, authorized: socket.authorized, reason: refused?.code ?? refused?.message });
        socket.end();
      });
      socket.once('timeout', () => {
        socket.destroy();
        reject(new Error('ETIMEDOUT'));
      });
      socket.once('error', reject);
    });
    const expires = new Date(certificate.validTo);
    const days = Math.floor((expires.getTime() - now.getTime()) / 86_400_000);
    const detail = `${host}:${port} 的证书 ${expires.toISOString().slice(0, 10)} 到期（还有 ${days} 天）`;
    if (days < 0) return { name, status: 'fail', detail: `${host}:${port} 的证书已于 ${expires.toISOString().slice(0, 10)} 过期` };
    if (!certificate.authorized) return { name, status: 'fail', detail: `${detail}，但不受信任（${String(certificate.reason)}）` };
    if (days < CERTIFICATE_WARN_DAYS) return { name, status: 'warn', detail: `${detail}：该续期了` };
    return { name, status: 'ok', detail };
  } catch (error) {
    return { name, status: 'fail', detail: `连不上 ${host}:${port}（${(error as NodeJS.ErrnoException).code ?? (error as Error).message}）` };
  }
}
