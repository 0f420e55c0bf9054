import type { Kysely } from 'kysely';
import { AppError, SAVED_FILTERS_PER_LIST, type ConsoleSavedFilter, type ConsoleSavedFilterCreate, type SavedFilterList } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../staff/index.ts';
import { savedFiltersRepository as repository } from './saved-filters.repository.ts';

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
      return (await repository.listOwn(db, actor.id, list)).map(toFilter);
    },
    save(actor, input) {
      return db.transaction().execute(async (trx) => {
        // Same name, same list: the new filter replaces the old one (the toolbar's behaviour since decision 038).
        await repository.deleteOwnByName(trx, actor.id, input.list, input.name);
        if ((await repository.countOwn(trx, actor.id, input.list)) >= SAVED_FILTERS_PER_LIST) throw new AppError('CONSOLE_SAVED_FILTERS_FULL');
        const row = await repository.insert(trx, { staff_id: actor.id, list: input.list, name: input.name, search: input.search, created_at: now().toISOString() });
        return toFilter(row);
      });
    },
    async remove(actor, id) {
      return { deleted: (await repository.deleteOwn(db, actor.id, id)) > 0 };
    },
  };
}
