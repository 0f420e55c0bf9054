import { NEVER_ASK_TEXT, OFFICIAL_CHANNEL_URL, THIRD_PARTY_DISCLOSURE } from '@kuaibao/domain';
import { InfoIcon, ShieldIcon } from '../ui/icons.tsx';
import styles from './honesty-notice.module.css';

/** THIRD_PARTY_DISCLOSURE with its official-system address as a real link. */
function DisclosureText() {
  const at = THIRD_PARTY_DISCLOSURE.indexOf(OFFICIAL_CHANNEL_URL);
  if (at < 0) return <>{THIRD_PARTY_DISCLOSURE}</>;
  return (
    <>
      {THIRD_PARTY_DISCLOSURE.slice(0, at)}
      <a href={OFFICIAL_CHANNEL_URL} target="_blank" rel="noopener noreferrer" data-testid="official-channel-link">
        {OFFICIAL_CHANNEL_URL}
      </a>
      {THIRD_PARTY_DISCLOSURE.slice(at + OFFICIAL_CHANNEL_URL.length)}
    </>
  );
}

/**
 * We are a paid agent, not the authority, and filing yourself is free (docs/product/trust-and-personal-data.md):
 * in plain sight wherever the visitor decides or pays, never in fine print.
 */
export function HonestyNotice({ compact = false }: { compact?: boolean }) {
  return (
    <aside className={`${styles.notice} ${compact ? styles.compact : ''}`} aria-label="服务性质说明" data-testid="honesty-notice">
      <InfoIcon className={styles.icon} />
      <p>
        <DisclosureText />
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
