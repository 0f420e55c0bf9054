import type { JulyCountdown } from '@kuaibao/domain';
import { useHydrating } from '../site-data.tsx';
import styles from './countdown-banner.module.css';

/**
 * Days left to 1 July, or days since the window closed (docs/product/overview.md, docs/product/screens.md). The numbers come
 * from the domain's countdownToJuly; the wording is the caller's. Not red after 1 July: before a company is chosen nobody
 * knows it is late.
 */
export function CountdownBanner({
  countdown,
  leftLabel,
  overdueLabel,
  note,
  overdueNote = note,
}: {
  countdown: JulyCountdown;
  leftLabel: string;
  overdueLabel: string;
  note?: string;
  overdueNote?: string | undefined;
}) {
  // The clock's text is not in prerendered HTML (built on another day): while hydrating, the banner
  // keeps its place with the label and days hidden (decision 028). Only this leaf re-renders after.
  const shown = useHydrating() ? null : countdown;
  const overdue = shown?.kind === 'overdue';
  return (
    <div className={`${styles.banner} ${shown ? '' : styles.pending}`} data-testid="countdown" role="note">
      <span className={styles.label}>{overdue ? overdueLabel : leftLabel}</span>
      <span className={styles.days}>
        {/* 000: the widest number the banner shows, so the real one never widens it. */}
        <strong>{shown ? shown.days : '000'}</strong>
        <span>天</span>
      </span>
      {(overdue ? overdueNote : note) && <span className={styles.note}>{overdue ? overdueNote : note}</span>}
    </div>
  );
}
