/*
 * The account module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerAccountRoutes, requestToken, signedInVisitor, visitorOf } from './account.routes.ts';
export { createAccountService, type AccountService, type AuthenticatedUser } from './account.service.ts';
