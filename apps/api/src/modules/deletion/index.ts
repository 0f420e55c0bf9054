/*
 * The deletion module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerDeletionRoutes } from './deletion.routes.ts';
export { createDeletionService, purgeWaitingDeletions, type DeletionService } from './deletion.service.ts';
