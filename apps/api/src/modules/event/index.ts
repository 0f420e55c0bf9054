/*
 * The event module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module).
 */
export { registerEventRoutes } from './event.routes.ts';
export { countFunnel, createEventService, deleteEventsBefore, type EventService } from './event.service.ts';
