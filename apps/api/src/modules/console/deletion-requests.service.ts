import type { ConsoleDeletionRequest, ConsolePage } from '@kuaibao/domain';
import type { DeletionService } from '../deletion/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/** The visitors' deletion requests and their outcomes, for staff who may see orders (decision 037). */
export interface DeletionRequestsService {
  list(actor: Actor, query: { page: number; page_size: number }): Promise<ConsolePage<ConsoleDeletionRequest>>;
}

export function createDeletionRequestsService(deps: { deletion: Pick<DeletionService, 'list'> }): DeletionRequestsService {
  return {
    list(actor, query) {
      assertCan(actor, 'orders.view');
      return deps.deletion.list(query);
    },
  };
}
