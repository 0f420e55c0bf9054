import { NEVER_ASK_TEXT, thirdPartyDisclosure, type GoodsType } from '@kuaibao/domain';
import { InfoIcon, ShieldIcon } from '../ui/icons.tsx';
import styles from './honesty-notice.module.css';

/** The service's disclosure with each official channel's address as a real link. */
function DisclosureText({ goodsType }: { goodsType: GoodsType }) {
  // The capture keeps the addresses: odd parts are the links.
  const parts = thirdPartyDisclosure(goodsType).split(/(https:\/\/[\w.]+)/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 ? (
          <a key={index} href={part} target="_blank" rel="noopener noreferrer" data-testid="official-channel-link">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * We are a paid agent, not the authority, and doing it yourself is free (docs/product/trust-and-personal-data.md):
 * in plain sight wherever the visitor decides or pays, never in fine print. Each service names its own free
 * channel; a page that does not know the service uses the annual report's words (decision 032).
 */
export function HonestyNotice({ compact = false, goodsType = 'license_year' }: { compact?: boolean; goodsType?: GoodsType | undefined }) {
  return (
    <aside className={`${styles.notice} ${compact ? styles.compact : ''}`} aria-label="服务性质说明" data-testid="honesty-notice">
      <InfoIcon className={styles.icon} />
      <p>
        <DisclosureText goodsType={goodsType} />
      </p>
    </aside>
  );
}

/** "What we never ask for" (docs/product/trust-and-personal-data.md). */
export function NeverAskNotice() {
  return (
    <p className={styles.neverAsk} data-testid="never-ask">
      <ShieldIcon size={16} className={styles.shield} />
      <span>{NEVER_ASK_TEXT}</span>
    </p>
  );
}
