import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, constants, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The backup folder's rules, one set for SQLite and PostgreSQL (docs/deploy.md#11-backups): each
 * backup is a sub-folder named by its UTC time (`2026-11-24T03-10-00Z`), complete once it holds
 * `manifest.json` (written last). The newest complete one is "the last backup" for the metrics and
 * the doctor; rotation keeps the newest N complete ones.
 */

const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;
const MANIFEST = 'manifest.json';

/** `2026-11-24T08-50-27Z`: sortable, and no colon for other file systems. */
export function backupFolderName(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

/** The dated backup folders under `root`, complete or not, newest first. */
async function datedFolders(root: string): Promise<Array<{ name: string; dir: string; complete: boolean }>> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && BACKUP_NAME.test(entry.name))
    .map((entry) => ({ name: entry.name, dir: path.join(root, entry.name), complete: existsSync(path.join(root, entry.name, MANIFEST)) }))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** The newest complete backup under `root` and when it was finished (its manifest's mtime), or undefined. */
export async function newestBackup(root: string): Promise<{ dir: string; finishedAt: Date } | undefined> {
  const newest = (await datedFolders(root)).find((folder) => folder.complete);
  if (!newest) return undefined;
  return { dir: newest.dir, finishedAt: (await stat(path.join(newest.dir, MANIFEST))).mtime };
}

/**
 * Keeps the newest `keep` complete backups and deletes the older ones, and any interrupted folder
 * (no manifest) older than the newest complete one; a folder being written now is newer, so it
 * stays. Names that are not dated backups are never touched.
 */
export async function rotateBackups(root: string, keep: number): Promise<string[]> {
  const folders = await datedFolders(root);
  const complete = folders.filter((folder) => folder.complete);
  const newestComplete = complete[0]?.name;
  const doomed = [
    ...complete.slice(keep),
    ...folders.filter((folder) => !folder.complete && newestComplete !== undefined && folder.name < newestComplete),
  ];
  for (const folder of doomed) await rm(folder.dir, { recursive: true, force: true });
  return doomed.map((folder) => folder.dir).sort();
}

/**
 * Makes `dir` (mode 0700 when it is created) and checks this user can write into it, saying
 * clearly who owns it when not: the old doc's dump ran as `postgres` into a folder of `kuaibao`.
 */
export async function ensureWritableFolder(dir: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await access(dir, constants.W_OK | constants.X_OK);
    return { ok: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const user = `uid ${process.getuid?.() ?? '?'}`;
    let owner = '';
    // The nearest folder that exists says whose it is.
    for (let probe = dir; ; probe = path.dirname(probe)) {
      const found = await stat(probe).catch(() => undefined);
      if (found) {
        owner = `；${probe} 的属主是 uid ${found.uid}，权限 ${(found.mode & 0o777).toString(8)}`;
        break;
      }
      if (path.dirname(probe) === probe) break;
    }
    return {
      ok: false,
      message: `备份目录 ${dir} 不可写（${code}，运行备份的用户是 ${user}${owner}）。请用服务用户运行（sudo -u kuaibao …），或先建好目录：install -d -o kuaibao -g kuaibao -m 700 ${dir}`,
    };
  }
}

/**
 * Runs the operator's off-site command with the new backup folder as `$1` (through /bin/sh, as
 * systemd and cron would). Its failure is the caller's to report; the local backup stays.
 */
export function runOffsiteCommand(command: string, backupDir: string, env: Record<string, string | undefined>): Promise<{ ok: true } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command, 'kuaibao-backup-offsite', backupDir], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => resolve({ ok: false, message: `异地备份命令无法运行：${error.message}` }));
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, message: `异地备份命令失败（${signal ? `信号 ${signal}` : `退出码 ${code}`}）${stderr.trim() ? `：${stderr.trim()}` : ''}` });
    });
  });
}
