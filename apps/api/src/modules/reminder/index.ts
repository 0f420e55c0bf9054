/*
 * Next year's reminder (docs/decisions/065-next-season-reminder.md): what the rest of the server uses of it.
 */
export { createReminderClock, type ReminderClock } from './reminder-clock.ts';
export { createReminderService, type ReminderService } from './reminder.service.ts';
export { registerReminderRoutes, replyPhone } from './reminder.routes.ts';
