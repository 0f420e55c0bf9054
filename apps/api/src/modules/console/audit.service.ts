import type { Kysely } from 'kysely';
import type { ConsoleAuditEntry, ConsolePage } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { listAudit, type AuditQuery } from '../audit/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

export interface AuditService {
  list(actor: Actor, query: AuditQuery & { order_no?: string | undefined }): Promise<ConsolePage<ConsoleAuditEntry>>;
}

/** The audit log as staff read it: the audit module's list, for those allowed to see it. */
export function createAuditService(deps: { db: Kysely<Database> }): AuditService {
  return {
    list(actor, query) {
      assertCan(actor, 'audit.view');
      return listAudit(deps.db, query);
    },
  };
}
