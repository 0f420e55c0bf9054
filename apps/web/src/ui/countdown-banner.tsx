import type { JulyCountdown } from '@kuaibao/domain';
import styles from './countdown-banner.module.css';

/**
 * Days left to 1 July, or days overdue (docs/product/overview.md, docs/product/screens.md). The numbers come from the domain's
 * countdownToJuly; the wording is the caller's.
 */
export function CountdownBanner({
  countdown,
  leftLabel,
  overdueLabel,
  note,
}: {
  countdown: JulyCountdown;
  leftLabel: string;
  overdueLabel: string;
  note?: string;
}) {
  const overdue = countdown.kind === 'overdue';
  return (
    <div className={`${styles.banner} ${overdue ? styles.overdue : ''}`} data-testid="countdown" role="note">
      <span className={styles.label}>{overdue ? overdueLabel : leftLabel}</span>
      <span className={styles.days}>
        <strong>{countdown.days}</strong>
        <span>天</span>
      </span>
      {note && <span className={styles.note}>{note}</span>}
    </div>
  );
}
