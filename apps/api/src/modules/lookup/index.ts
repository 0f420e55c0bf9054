/*
 * The lookup module's public list (scripts/check-imports.ts refuses an import past this file from
 * outside the module): the SMS code that opens the phone lookup's full view (decision 049).
 */
export { registerLookupRoutes } from './lookup.routes.ts';
export { createLookupService, type LookupService } from './lookup.service.ts';
