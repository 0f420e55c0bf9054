import { AppError, roleCan, type Permission, type StaffRole } from '@kuaibao/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** The signed-in staff member behind a console request; every console service takes one. */
export interface Actor {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  mustChangePassword: boolean;
  ip: string;
}

export function assertCan(actor: Actor, permission: Permission): void {
  if (!roleCan(actor.role, permission)) throw new AppError('CONSOLE_FORBIDDEN', permission);
}

/** Page arithmetic shared by every list. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** `%` and `_` are LIKE wildcards; a search for them means the characters themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
