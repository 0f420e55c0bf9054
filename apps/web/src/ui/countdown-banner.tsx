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
  /** Null while hydrating prerendered HTML: the banner holds its place with the label and days hidden. */
  countdown: JulyCountdown | null;
  leftLabel: string;
  overdueLabel: string;
  note?: string;
}) {
  const overdue = countdown?.kind === 'overdue';
  return (
    <div className={`${styles.banner} ${overdue ? styles.overdue : ''} ${countdown ? '' : styles.pending}`} data-testid="countdown" role="note">
      <span className={styles.label}>{overdue ? overdueLabel : leftLabel}</span>
      <span className={styles.days}>
        {/* 000: the widest number the banner shows, so the real one never widens it. */}
        <strong>{countdown ? countdown.days : '000'}</strong>
        <span>天</span>
      </span>
      {note && <span className={styles.note}>{note}</span>}
    </div>
  );
}
