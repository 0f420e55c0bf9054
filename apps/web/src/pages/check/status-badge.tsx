import { PROCESS_STATUS_NAMES, processStatusClass, STATUS_COLORS, type ProcessStatus } from '@kuaibao/domain';
import type { CSSProperties } from 'react';
import styles from './status-badge.module.css';

/**
 * The handling status (docs/product/orders-and-statuses.md#status-display): the label is the server's
 * process_status_name, the colour the domain's one rule, the same on every page.
 */
export function StatusBadge({ status, name }: { status: string; name: string }) {
  const statusClass = processStatusClass(status);
  const label = name || PROCESS_STATUS_NAMES[status as ProcessStatus] || '待处理';
  return (
    <span
      className={styles.badge}
      style={{ '--status-color': STATUS_COLORS[statusClass] } as CSSProperties}
      data-testid="status-badge"
      data-status-class={statusClass}
    >
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
