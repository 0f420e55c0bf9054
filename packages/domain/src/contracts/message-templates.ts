import { z } from 'zod';
import { MESSAGE_TEMPLATE_KINDS, MESSAGE_TEMPLATE_NAME_MAX_CHARS } from '../message-templates.ts';
import { CALL_NOTE_MAX_CHARS } from '../first-call-sla.ts';

/**
 * Message templates, the customer's uploaded documents and the annual-report figures a customer
 * gave by phone (docs/decisions/062-templates-and-customer-uploads.md).
 */

export const ConsoleMessageTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_TEMPLATE_KINDS),
  name: z.string(),
  body: z.string(),
  updated_by_name: z.string(),
  updated_at: z.string(),
});
export type ConsoleMessageTemplate = z.infer<typeof ConsoleMessageTemplateSchema>;

/** The text's own rules (placeholders, the filled length) are the domain's, checked by the service. */
export const ConsoleMessageTemplateInputSchema = z.object({
  kind: z.enum(MESSAGE_TEMPLATE_KINDS),
  name: z.string().trim().min(1).max(MESSAGE_TEMPLATE_NAME_MAX_CHARS),
  body: z.string().trim().min(1).max(CALL_NOTE_MAX_CHARS),
});
export type ConsoleMessageTemplateInput = z.input<typeof ConsoleMessageTemplateInputSchema>;

export const ConsoleCustomerFileSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  filename: z.string(),
  created_at: z.string(),
});
export type ConsoleCustomerFile = z.infer<typeof ConsoleCustomerFileSchema>;

/** The figures of annual-declaration.ts, as the customer gave them by phone; checked with validateDeclaration. */
export const ConsolePhoneFiguresSchema = z.object({ entity_extra: z.record(z.string().max(40), z.string().max(40)) });

/** The visitor's upload: the order and the verified phone's token travel in the signed query, the file in the body. */
export const CustomerDocumentQuerySchema = z.object({
  id: z.string().trim().min(1).max(64),
  phone_token: z.string().trim().max(200).optional(),
});
export const CustomerDocumentSchema = z.object({ id: z.number().int(), filename: z.string(), content_type: z.string(), created_at: z.string() });
export type CustomerDocument = z.infer<typeof CustomerDocumentSchema>;
