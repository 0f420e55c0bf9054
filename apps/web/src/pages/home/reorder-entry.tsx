import type { Goods } from '@kuaibao/domain';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { readString, type OrderForm } from '../../storage.ts';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import styles from './reorder-link.module.css';
import { ReorderLink } from './reorder-link.tsx';

// The offer and its call: a chunk of their own, so a first visit's home carries only this entry.
const ReorderOffer = lazy(() => import('./reorder-offer.tsx'));

const noChange = () => () => {};
/** Whether this device holds a proof the offer can be asked with (decision 049: its orders' keys, a verified phone). */
const holdsProof = () => Boolean(readString('ownOrders')?.includes('"key"') || readString('phoneTokens')?.includes('"token"'));

/**
 * The home's way to the reorder in two taps (docs/decisions/066-reorder-in-two-taps.md), in its extras
 * chunk: a link that opens the phone + SMS code path, or, on a device that holds a proof, the offer.
 * The prerendered page and hydration show the link (the server snapshot); the storage is read after.
 */
export function ReorderEntry({ goods, onUse }: { goods: readonly Goods[]; onUse: (fill: (current: OrderForm) => OrderForm) => void }) {
  const proof = useSyncExternalStore(noChange, holdsProof, () => false);
  const [tapped, setTapped] = useState(false);
  if (!goods.some((item) => item.goods_type === 'license_year')) return null;
  if (!proof && !tapped) return <ReorderLink onClick={() => setTapped(true)} />;
  return (
    <ErrorBoundary fallback={<p className={styles.failed}>页面加载失败，请检查网络后重试</p>}>
      <Suspense fallback={<ReorderLink />}>
        <ReorderOffer goods={goods} onUse={onUse} startWithPhone={tapped} />
      </Suspense>
    </ErrorBoundary>
  );
}
