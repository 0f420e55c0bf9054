/*
 * The corp module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerCorpRoutes } from './corp.routes.ts';
export { createCorpService, type CorpService } from './corp.service.ts';
