/*
 * The SMS module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { createSmsLog, forgetSmsLogPhone, recordSmsAttempt, wasSmsSent, type SmsLogListQuery } from './sms-log.service.ts';
