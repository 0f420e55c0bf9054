import styles from './reorder-link.module.css';

/** The reorder's way in for a visitor this device does not know yet: the phone and its SMS code (decision 066). */
export function ReorderLink({ onClick }: { onClick?: () => void }) {
  return (
    <button type="button" className={styles.link} onClick={onClick} data-testid="reorder-phone-open">
      去年在本站办过年报？验证手机号，一键续办
    </button>
  );
}
