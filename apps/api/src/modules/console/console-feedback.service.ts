import type { ConsoleFeedback, ConsoleFeedbackCounts, ConsoleFeedbackView, ConsolePage, ConsoleTimeWindow, FeedbackStatus, ReportType } from '@kuaibao/domain';
import type { FeedbackInbox } from '../feedback/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

export type ConsoleFeedbackQuery = {
  page: number;
  page_size: number;
  status?: FeedbackStatus | undefined;
  type?: ReportType | undefined;
  view?: ConsoleFeedbackView | undefined;
  order_id?: number | undefined;
} & ConsoleTimeWindow;

/** The complaint inbox: platform reports from visitors (docs/product/screens.md#report-screen), for staff who handle feedback. */
export interface ConsoleFeedbackService {
  list(actor: Actor, query: ConsoleFeedbackQuery): Promise<ConsolePage<ConsoleFeedback>>;
  counts(actor: Actor): Promise<ConsoleFeedbackCounts>;
  update(actor: Actor, id: number, input: { status: FeedbackStatus; reply: string }): Promise<ConsoleFeedback>;
  assign(actor: Actor, id: number, staffId: number): Promise<ConsoleFeedback>;
}

export function createFeedbackInboxService(deps: { inbox: FeedbackInbox }): ConsoleFeedbackService {
  const { inbox } = deps;
  return {
    list(actor, query) {
      assertCan(actor, 'feedback.handle');
      return inbox.list(actor, query);
    },
    counts(actor) {
      assertCan(actor, 'feedback.handle');
      return inbox.counts(actor);
    },
    update(actor, id, input) {
      assertCan(actor, 'feedback.handle');
      return inbox.update(actor, id, input);
    },
    assign(actor, id, staffId) {
      assertCan(actor, 'feedback.handle');
      return inbox.assign(actor, id, staffId);
    },
  };
}
