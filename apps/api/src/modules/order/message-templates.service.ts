import type { Kysely } from 'kysely';
import {
  AppError,
  templateTextRefusal,
  templateTextRefusalText,
  type ConsoleMessageTemplate,
  type ConsoleMessageTemplateInput,
  type MessageTemplateKind,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../audit/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import { messageTemplatesRepository as templates } from './message-templates.repository.ts';

/**
 * The admins' texts for the 补充资料 request and the call note
 * (docs/decisions/062-templates-and-customer-uploads.md): every clerk reads them (the order page
 * fills them in), only config.edit writes them; each write is audited.
 */
export interface MessageTemplatesService {
  list(actor: Actor): Promise<ConsoleMessageTemplate[]>;
  create(actor: Actor, input: Required<ConsoleMessageTemplateInput>): Promise<ConsoleMessageTemplate>;
  update(actor: Actor, id: number, input: Required<ConsoleMessageTemplateInput>): Promise<ConsoleMessageTemplate>;
  remove(actor: Actor, id: number): Promise<void>;
}

const asTemplate = (row: { id: number; kind: string; name: string; body: string; updated_by_name: string; updated_at: string }): ConsoleMessageTemplate => ({ ...row, kind: row.kind as MessageTemplateKind });

/** The domain's rule for the text, as the catalog's refusals. */
function assertSavable(input: Required<ConsoleMessageTemplateInput>): void {
  const refusal = templateTextRefusal(input.kind, input.body);
  if (!refusal) return;
  if (refusal.problem === 'UNKNOWN_PLACEHOLDER') throw new AppError('CONSOLE_TEMPLATE_PLACEHOLDER_UNKNOWN', templateTextRefusalText(refusal));
  if (refusal.problem === 'TOO_LONG') throw new AppError('CONSOLE_TEMPLATE_TOO_LONG', templateTextRefusalText(refusal));
  throw new AppError('VALIDATION_FAILED', templateTextRefusalText(refusal));
}

export function createMessageTemplatesService(deps: { db: Kysely<Database>; now: () => Date }): MessageTemplatesService {
  const { db, now } = deps;
  return {
    async list(actor) {
      assertCan(actor, 'orders.view');
      return (await templates.list(db)).map(asTemplate);
    },

    async create(actor, input) {
      assertCan(actor, 'config.edit');
      assertSavable(input);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const row = await templates.insert(trx, { ...input, body: input.body.trim(), by: actor.displayName, at: at.toISOString() });
        await writeAudit(trx, actor, { action: 'template.create', targetType: 'message_template', targetId: row.id, after: { kind: row.kind, name: row.name, body: row.body } }, at);
        return asTemplate(row);
      });
    },

    async update(actor, id, input) {
      assertCan(actor, 'config.edit');
      assertSavable(input);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await templates.find(trx, id);
        if (!before) throw new AppError('CONSOLE_TEMPLATE_NOT_FOUND');
        const row = await templates.update(trx, id, { ...input, body: input.body.trim(), by: actor.displayName, at: at.toISOString() });
        if (!row) throw new AppError('CONSOLE_TEMPLATE_NOT_FOUND');
        await writeAudit(trx, actor, { action: 'template.update', targetType: 'message_template', targetId: id, before: { kind: before.kind, name: before.name, body: before.body }, after: { kind: row.kind, name: row.name, body: row.body } }, at);
        return asTemplate(row);
      });
    },

    async remove(actor, id) {
      assertCan(actor, 'config.edit');
      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = await templates.find(trx, id);
        if (!before || !(await templates.remove(trx, id))) throw new AppError('CONSOLE_TEMPLATE_NOT_FOUND');
        await writeAudit(trx, actor, { action: 'template.delete', targetType: 'message_template', targetId: id, before: { kind: before.kind, name: before.name, body: before.body } }, at);
      });
    },
  };
}
