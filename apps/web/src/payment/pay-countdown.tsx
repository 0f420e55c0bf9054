import { countdownToJuly, showsPayCountdown, type GoodsType, type Variant } from '@kuaibao/domain';
import styles from './pay-countdown.module.css';
import { useNow } from '../common/use-now.ts';

/** Annual reports in v0 and v1: the red countdown beside the fee (docs/product/screens.md#payment). */
export function PayCountdown({ goodsType, variant }: { goodsType: GoodsType; variant: Variant }) {
  const now = useNow();
  if (!showsPayCountdown({ goodsType, variant })) return null;
  const countdown = countdownToJuly(now);
  return (
    <p className={styles.countdown} data-testid="pay-countdown">
      {countdown.kind === 'left' ? `距年报截止还有 ${countdown.days} 天` : `年报已逾期 ${countdown.days} 天`}
    </p>
  );
}
