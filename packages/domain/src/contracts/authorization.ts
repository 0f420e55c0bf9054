import { z } from 'zod';

/** The visitor's confirmation of the authorisation, sent with a cancellation order (decision 035). */
export const AuthorizationConfirmationSchema = z.object({
  template_version: z.string().max(32),
  /** The name the visitor typed; must be the legal representative's. */
  signer_name: z.string().trim().max(50),
  /** The tick. */
  confirmed: z.boolean(),
});
export type AuthorizationConfirmation = z.infer<typeof AuthorizationConfirmationSchema>;

/** The authorisation an order recorded, as the console shows it. */
export const OrderAuthorizationSchema = z.object({
  template_version: z.string(),
  /** The text the visitor confirmed, as recorded. */
  text: z.string(),
  signer_name: z.string(),
  agent_name: z.string(),
  /** Server time, ISO 8601 UTC. */
  confirmed_at: z.string(),
  client_ip: z.string(),
});
export type OrderAuthorization = z.infer<typeof OrderAuthorizationSchema>;
