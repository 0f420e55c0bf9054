/*
 * The system module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { APP_VERSION, describeReadiness, registerSystemRoutes } from './system.routes.ts';
