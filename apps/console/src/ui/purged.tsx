import { PURGED_TEXT } from '@kuaibao/domain';
import type { ReactNode } from 'react';

/** Where the retention sweep removed a field (decision 031): the field says so instead of showing a blank. */
export function Purged() {
  return (
    <span className="muted" data-testid="purged">
      {PURGED_TEXT}
    </span>
  );
}

/** The value, or 已按期删除 when the sweep removed it. */
export function orPurged(purgedAt: string | null, value: ReactNode): ReactNode {
  return purgedAt ? <Purged /> : value;
}
