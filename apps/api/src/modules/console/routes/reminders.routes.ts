import type { FastifyInstance } from 'fastify';
import { ConsoleReminderBatchSchema, ConsoleReminderPrecheckSchema, ConsoleReminderSeasonSchema, ConsoleReminderSummarySchema } from '@kuaibao/domain';
import { z } from 'zod';
import { apiRoute } from '../../../http/route.ts';
import { assertCan } from '../../staff/index.ts';
import { actorOf } from './context.ts';

const NoBodySchema = z.object({}).optional();

/** The 年报季提醒 page (docs/decisions/065-next-season-reminder.md): the opted-in companies, the pre-check, the batches. */
export function registerConsoleReminderRoutes(scope: FastifyInstance): void {
  const reminders = () => scope.services.reminders;
  const tag = 'console: reminders';

  apiRoute(scope, {
    method: 'GET',
    url: '/reminders',
    summary: "The opted-in companies for the season at the reminder clock's now, each with what a batch would do, and the last batches",
    tag,
    response: ConsoleReminderSeasonSchema,
    handler: async (request) => {
      assertCan(actorOf(request), 'reminders.send');
      return reminders().season();
    },
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/reminders/precheck',
    summary: 'Asks the directory whether the reminded companies’ reports are already published, within its daily budget',
    tag,
    request: { body: NoBodySchema },
    response: ConsoleReminderPrecheckSchema,
    handler: async (request) => {
      const actor = actorOf(request);
      assertCan(actor, 'reminders.send');
      return reminders().precheck(actor);
    },
  });
  apiRoute(scope, {
    method: 'POST',
    url: '/reminders/batches',
    summary: 'Starts a batch: queues the first or second reminder of every eligible company (refused after 30 June and outside 08:00–21:00 Beijing)',
    tag,
    request: { body: NoBodySchema },
    response: ConsoleReminderBatchSchema,
    handler: async (request) => {
      const actor = actorOf(request);
      assertCan(actor, 'reminders.send');
      return reminders().sendBatch(actor);
    },
  });
  apiRoute(scope, {
    method: 'GET',
    url: '/reminders/summary',
    summary: "The season's reminders sent, opt-outs, and companies that ordered within 30 days after one (the dashboard)",
    tag,
    response: ConsoleReminderSummarySchema,
    handler: async (request) => {
      actorOf(request);
      return reminders().summary();
    },
  });
}
