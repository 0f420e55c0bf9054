import type { Db } from '../../db/query-helpers.ts';

const COLUMNS = ['id', 'kind', 'name', 'body', 'updated_by_name', 'updated_at'] as const;

/** The admins' message templates (migration 040). */
export const messageTemplatesRepository = {
  async list(db: Db) {
    const rows = await db.selectFrom('message_templates').select(COLUMNS).orderBy('kind').orderBy('id').execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  },

  async find(db: Db, id: number) {
    const row = await db.selectFrom('message_templates').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? { ...row, id: Number(row.id) } : undefined;
  },

  async insert(db: Db, template: { kind: string; name: string; body: string; by: string; at: string }) {
    const row = await db
      .insertInto('message_templates')
      .values({ kind: template.kind, name: template.name, body: template.body, updated_by_name: template.by, created_at: template.at, updated_at: template.at })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { ...row, id: Number(row.id) };
  },

  async update(db: Db, id: number, template: { kind: string; name: string; body: string; by: string; at: string }) {
    const row = await db
      .updateTable('message_templates')
      .set({ kind: template.kind, name: template.name, body: template.body, updated_by_name: template.by, updated_at: template.at })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? { ...row, id: Number(row.id) } : undefined;
  },

  async remove(db: Db, id: number): Promise<boolean> {
    const result = await db.deleteFrom('message_templates').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },
};
