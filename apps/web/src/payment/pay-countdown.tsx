import { countdownToJuly, payCountdownText, showsPayCountdown, type GoodsType, type Variant } from '@kuaibao/domain';
import styles from './pay-countdown.module.css';
import { useNow } from '../common/use-now.ts';

/**
 * Annual reports in v0 and v1: the red countdown beside the fee (docs/product/screens.md#payment).
 * 逾期 only when the pre-check found the company's report not published (`unpublishedYear`).
 */
export function PayCountdown({ goodsType, variant, unpublishedYear }: { goodsType: GoodsType; variant: Variant; unpublishedYear: number | null }) {
  const now = useNow();
  if (!showsPayCountdown({ goodsType, variant })) return null;
  return (
    <p className={styles.countdown} data-testid="pay-countdown">
      {payCountdownText(countdownToJuly(now), unpublishedYear)}
    </p>
  );
}
