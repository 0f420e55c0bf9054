/*
 * The site-config module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerSiteConfigRoutes } from './site-config.routes.ts';
export { createSiteConfigAdmin, createSiteConfigService, type SiteConfigService } from './site-config.service.ts';
