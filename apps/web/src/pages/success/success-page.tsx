import { Navigate } from 'react-router';
import { usePlatform } from '../../platform/context.tsx';
import HomePage from '../home/home-page.tsx';
import styles from './success-page.module.css';
import { SuccessSummary } from './success-summary.tsx';
import { usePaidOrder } from './use-paid-order.ts';

/** /success: on phones its own page; on desktop the home with the success dialog (spec §2). */
export default function SuccessPage() {
  const platform = usePlatform();
  if (platform.formFactor === 'desktop') return <HomePage success />;
  return <MobileSuccess />;
}

function MobileSuccess() {
  const state = usePaidOrder();
  if (state.kind === 'none') return <Navigate to="/" replace />;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <SuccessSummary state={state} />
      </div>
    </main>
  );
}
