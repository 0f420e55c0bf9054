import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * The commit this code was built from, for kuaibao_build_info: a REVISION file at the top of the
 * release (a release folder has no .git), else the checkout's HEAD read from .git (no git process
 * at boot), else 'unknown'.
 */
export function buildCommit(root: string = repoRoot): string {
  try {
    const revision = path.join(root, 'REVISION');
    if (existsSync(revision)) return clean(readFileSync(revision, 'utf8'));
    let gitDir = path.join(root, '.git');
    if (!existsSync(gitDir)) return 'unknown';
    // A worktree's .git is a file naming the real folder.
    if (statSync(gitDir).isFile()) gitDir = path.resolve(root, readFileSync(gitDir, 'utf8').replace(/^gitdir:\s*/, '').trim());
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return clean(head);
    const ref = head.slice(5);
    // Refs live in the common folder for worktrees; loose first, then packed.
    const common = existsSync(path.join(gitDir, 'commondir')) ? path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim()) : gitDir;
    for (const dir of [gitDir, common]) {
      const loose = path.join(dir, ref);
      if (existsSync(loose)) return clean(readFileSync(loose, 'utf8'));
    }
    const packed = path.join(common, 'packed-refs');
    if (existsSync(packed)) {
      const line = readFileSync(packed, 'utf8').split('\n').find((entry) => entry.endsWith(` ${ref}`));
      if (line) return clean(line.split(' ')[0]!);
    }
  } catch {
    // An unreadable checkout is not a reason to stop the boot.
  }
  return 'unknown';
}

/** Forty hex digits, else 'unknown': the label must stay a short, closed value. */
function clean(text: string): string {
  const commit = text.trim().toLowerCase();
  return /^[0-9a-f]{7,40}$/.test(commit) ? commit : 'unknown';
}
