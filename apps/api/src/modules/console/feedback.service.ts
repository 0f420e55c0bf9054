import type { ConsoleFeedback, ConsolePage, ConsoleTimeWindow, FeedbackStatus } from '@kuaibao/domain';
import type { FeedbackInbox } from '../feedback/feedback.service.ts';
import { assertCan, type Actor } from './actor.ts';

/** The complaint inbox: platform reports from visitors (docs/product/screens.md#report-screen), for staff who handle feedback. */
export interface FeedbackService {
  list(actor: Actor, query: { page: number; page_size: number; status?: FeedbackStatus | undefined } & ConsoleTimeWindow): Promise<ConsolePage<ConsoleFeedback>>;
  update(actor: Actor, id: number, input: { status: FeedbackStatus; reply: string }): Promise<ConsoleFeedback>;
}

export function createFeedbackInboxService(deps: { inbox: FeedbackInbox }): FeedbackService {
  const { inbox } = deps;
  return {
    list(actor, query) {
      assertCan(actor, 'feedback.handle');
      return inbox.list(query);
    },
    update(actor, id, input) {
      assertCan(actor, 'feedback.handle');
      return inbox.update(actor, id, input);
    },
  };
}
