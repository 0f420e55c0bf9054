import { Link } from 'react-router';
import { ChevronRightIcon, ShieldIcon } from '../../ui/icons.tsx';
import styles from './home-footer.module.css';

/** Footer badges (spec §1). */
const BADGES = ['维权援助', '虚假赔付', '欺诈赔付'] as const;

/** Progress lookup and contact links, the three badges and the service phone (spec §2, architecture §10). */
export function HomeFooter({ onContact, servicePhone }: { onContact: () => void; servicePhone?: string | undefined }) {
  return (
    <footer className={styles.footer}>
      <nav className={styles.links} aria-label="服务入口">
        <Link to="/check" className={styles.link} data-testid="progress-link">
          <span>进度查询</span>
          <ChevronRightIcon />
        </Link>
        <button type="button" className={styles.link} onClick={onContact} data-testid="contact-link">
          <span>联系客服</span>
          <ChevronRightIcon />
        </button>
      </nav>
      <ul className={styles.badges} aria-label="服务保障" data-testid="footer-badges">
        {BADGES.map((badge) => (
          <li key={badge} className={styles.badge}>
            <ShieldIcon size={16} />
            <span>{badge}</span>
          </li>
        ))}
      </ul>
      {servicePhone && (
        <p className={styles.phone}>
          客服电话 <a href={`tel:${servicePhone}`}>{servicePhone}</a>
        </p>
      )}
    </footer>
  );
}
