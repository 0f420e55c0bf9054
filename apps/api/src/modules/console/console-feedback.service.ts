import type { ConsoleFeedback, ConsolePage, ConsoleTimeWindow, FeedbackStatus, ReportType } from '@kuaibao/domain';
import type { FeedbackInbox } from '../feedback/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/** The complaint inbox: platform reports from visitors (docs/product/screens.md#report-screen), for staff who handle feedback. */
export interface ConsoleFeedbackService {
  list(actor: Actor, query: { page: number; page_size: number; status?: FeedbackStatus | undefined; type?: ReportType | undefined } & ConsoleTimeWindow): Promise<ConsolePage<ConsoleFeedback>>;
  update(actor: Actor, id: number, input: { status: FeedbackStatus; reply: string }): Promise<ConsoleFeedback>;
}

export function createFeedbackInboxService(deps: { inbox: FeedbackInbox }): ConsoleFeedbackService {
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
