import path from 'node:path';
import { repoRoot } from './paths.ts';
import type { Env } from './env-schema.ts';

/** The agent's console (docs/decisions/008-console-auth-and-roles.md). */
export interface ConsoleConfig {
  dist: string;
  /** the first admin, created at first start */
  adminUsername: string;
  /** when unset, the first admin gets a random password printed once */
  adminPassword: string | undefined;
  /** a clerk's full ID-number reveals a day (packages/domain/src/id-reveal.ts) */
  idRevealsPerDay: number;
}

export function consoleSettings(e: Env): ConsoleConfig {
  return { dist: path.resolve(repoRoot, e.CONSOLE_DIST ?? 'apps/console/dist'), adminUsername: e.CONSOLE_ADMIN_USERNAME, adminPassword: e.CONSOLE_ADMIN_PASSWORD, idRevealsPerDay: e.CONSOLE_ID_REVEALS_PER_DAY };
}
