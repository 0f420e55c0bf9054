import type { Kysely } from 'kysely';
import { AppError, validateReport, type FeedbackRequest } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';

export interface FeedbackService {
  submitReport(report: FeedbackRequest['report'], context: { deviceId: string }): Promise<void>;
}

/** Platform reports (complaints) from visitors; the console's inbox reads them. */
export function createFeedbackService(deps: { db: Kysely<Database>; now: () => Date }): FeedbackService {
  return {
    async submitReport(report, context) {
      const checked = validateReport(report);
      if (!checked.ok) throw new AppError(checked.error);
      await deps.db
        .insertInto('feedback')
        .values({ type: checked.value.type, content: checked.value.content, contact: checked.value.contact, device_id: context.deviceId, created_at: deps.now().toISOString() })
        .execute();
    },
  };
}
