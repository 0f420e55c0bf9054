import { NOTICES } from '@kuaibao/domain';
import { useSyncExternalStore } from 'react';
import { activity, type Activity } from '../api/activity.ts';
import styles from './overlays.module.css';

function usePending(source: Activity): number {
  return useSyncExternalStore(source.subscribe, source.pending, () => 0);
}

/** '加载中...' over the page while calls run (docs/product/screens.md); fades in late so fast calls do not flash. */
export function LoadingOverlay({ source = activity }: { source?: Activity }) {
  const pending = usePending(source);
  if (pending === 0) return null;
  return (
    <div className={styles.loading} data-testid="loading" role="status" aria-live="polite">
      <div className={styles.box}>
        <span className={styles.spinner} aria-hidden="true" />
        <span>{NOTICES.LOADING}</span>
      </div>
    </div>
  );
}

/** A thin bar at the top of the viewport while calls run. */
export function TopProgressBar({ source = activity }: { source?: Activity }) {
  const pending = usePending(source);
  if (pending === 0) return null;
  return <div className={styles.bar} aria-hidden="true" data-testid="progress-bar" />;
}
