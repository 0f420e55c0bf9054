/*
 * The console module's public list: what app.ts uses of it (scripts/check-imports.ts refuses an
 * import past this file from outside the module).
 */
export { CONSOLE_COOKIE, CONSOLE_REQUEST_HEADER, registerConsoleRoutes } from './console.routes.ts';
export { createConsoleServices, type ConsoleServices } from './console-services.ts';
export { registerUploadRoutes } from './uploads.routes.ts';
