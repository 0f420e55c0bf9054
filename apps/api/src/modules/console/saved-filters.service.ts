import type { Kysely } from 'kysely';
import { AppError, SAVED_FILTERS_PER_LIST, type ConsoleSavedFilter, type ConsoleSavedFilterCreate, type SavedFilterList } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { Actor } from './actor.ts';

/**
 * Each staff member's saved list filters (decision 045). Every query is scoped by the actor's id:
 * nobody reads, replaces or deletes another's filter, whatever their role.
 */
export interface SavedFiltersService {
  list(actor: Actor, list: SavedFilterList): Promise<ConsoleSavedFilter[]>;
  save(actor: Actor, input: Required<ConsoleSavedFilterCreate>): Promise<ConsoleSavedFilter>;
  remove(actor: Actor, id: number): Promise<{ deleted: boolean }>;
}

export function createSavedFiltersService(deps: { db: Kysely<Database>; now: () => Date }): SavedFiltersService {
  const { db, now } = deps;
  const toFilter = (row: { id: number; list: string; name: string; search: string; created_at: string }): ConsoleSavedFilter => ({ ...row, list: row.list as SavedFilterList });
  return {
    async list(actor, list) {
      const rows = await db.selectFrom('saved_filters').select(['id', 'list', 'name', 'search', 'created_at']).where('staff_id', '=', actor.id).where('list', '=', list).orderBy('id').execute();
      return rows.map(toFilter);
    },
    async save(actor, input) {
      return db.transaction().execute(async (trx) => {
        // Same name, same list: the new filter replaces the old one (the toolbar's behaviour since decision 038).
        await trx.deleteFrom('saved_filters').where('staff_id', '=', actor.id).where('list', '=', input.list).where('name', '=', input.name).execute();
        const { count } = await trx.selectFrom('saved_filters').select((eb) => eb.fn.countAll<number>().as('count')).where('staff_id', '=', actor.id).where('list', '=', input.list).executeTakeFirstOrThrow();
        if (Number(count) >= SAVED_FILTERS_PER_LIST) throw new AppError('CONSOLE_SAVED_FILTERS_FULL');
        const row = await trx
          .insertInto('saved_filters')
          .values({ staff_id: actor.id, list: input.list, name: input.name, search: input.search, created_at: now().toISOString() })
          .returning(['id', 'list', 'name', 'search', 'created_at'])
          .executeTakeFirstOrThrow();
        return toFilter(row);
      });
    },
    async remove(actor, id) {
      const result = await db.deleteFrom('saved_filters').where('id', '=', id).where('staff_id', '=', actor.id).executeTakeFirst();
      return { deleted: Number(result.numDeletedRows) > 0 };
    },
  };
}
