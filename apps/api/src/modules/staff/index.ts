/*
 * The staff module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { assertCan, type Actor } from './actor.ts';
export { createStaffService, findActiveStaff, holdStaffRow, resetStaffPassword, type StaffService } from './staff.service.ts';
export { createConsoleAuthService, DEVICE_COOKIE_MAX_AGE_MS, SESSION_MAX_MS, SignInSlowDown, toSessionStaff, type ConsoleAuthService } from './staff-auth.service.ts';
