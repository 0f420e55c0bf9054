import type { Db } from '../../db/query-helpers.ts';
import { emailLogRepository } from './email-log.repository.ts';

/** The email outbox's record of each attempt (jobs/email-outbox.ts). */
export const recordEmailAttempt = (db: Db, values: Parameters<typeof emailLogRepository.insert>[1]) => emailLogRepository.insert(db, values);
export const wasEmailSent = (db: Db, dedupeKey: string) => emailLogRepository.wasSent(db, dedupeKey);
