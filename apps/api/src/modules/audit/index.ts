/*
 * The audit module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { countStaffActions, firstOrderTakes, listAudit, writeAudit, type AnonymousActor, type AuditActor, type AuditEvent, type AuditQuery } from './audit.ts';
