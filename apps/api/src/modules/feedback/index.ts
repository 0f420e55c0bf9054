/*
 * The feedback module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerFeedbackRoutes } from './feedback.routes.ts';
export { clearFeedbackContact, createFeedbackInbox, createFeedbackService, type FeedbackInbox, type FeedbackService } from './feedback.service.ts';
