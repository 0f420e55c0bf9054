import { PROCESS_STATUS_NAMES, processStatusClass, queryStatusClass, STATUS_COLORS, type ProcessStatus } from '@kuaibao/domain';
import type { CSSProperties } from 'react';
import styles from './status-badge.module.css';

/**
 * The handling status (docs/product/orders-and-statuses.md#status-display): the label is the server's
 * process_status_name, the colour the domain's class. `rule` 'query' is the desktop table's
 * reading (only '2' green), 'process' the phone pages' ('2' and '5' green).
 */
export function StatusBadge({ status, name, rule = 'process' }: { status: string; name: string; rule?: 'process' | 'query' }) {
  const statusClass = rule === 'query' ? queryStatusClass(status) : processStatusClass(status);
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
