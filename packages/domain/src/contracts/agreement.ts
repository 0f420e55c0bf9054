import { z } from 'zod';

/**
 * One version of the service agreement (docs/decisions/034-versioned-agreements.md): a version is
 * never changed once published; the console's edit publishes a new one.
 */
export const AgreementSchema = z.object({
  version: z.string(),
  /** YYYY-MM-DD, Beijing time: the day the version took effect. */
  effective_date: z.string(),
  text: z.string(),
});
export type Agreement = z.infer<typeof AgreementSchema>;

/** A version as the console lists it. */
export const ConsoleAgreementSchema = AgreementSchema.extend({
  id: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  current: z.boolean(),
});
export type ConsoleAgreement = z.infer<typeof ConsoleAgreementSchema>;

/** The console publishes a new version with this text. */
export const ConsoleAgreementPublishSchema = z.object({ text: z.string() });
export type ConsoleAgreementPublish = z.infer<typeof ConsoleAgreementPublishSchema>;
