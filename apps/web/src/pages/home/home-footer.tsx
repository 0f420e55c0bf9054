import { GUARANTEE_BADGES, usableContact, type GuaranteeBadge } from '@kuaibao/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../router/link.tsx';
import { ChevronRightIcon } from '../../ui/action-icons.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import styles from './home-footer.module.css';

// What a badge means and how to claim it: its own chunk, loaded when a badge is tapped.
const GuaranteeDialog = lazy(() => import('./guarantee-dialog.tsx'));

/**
 * Progress lookup and contact links, the three badges (each opens what it means and how to claim it) and the phone (who runs the site is the
 * footer under every page, ui/site-footer.tsx)
 * (docs/product/screens.md, docs/product/trust-and-personal-data.md). The lookup is /check on a phone and the query dialog on desktop
 * (`onProgress`).
 */
export function HomeFooter({
  onContact,
  onProgress,
  serviceWeixin,
  servicePhone: configuredPhone,
}: {
  onContact: () => void;
  onProgress?: (() => void) | undefined;
  serviceWeixin?: string | undefined;
  servicePhone?: string | undefined;
}) {
  // Placeholders (the seed's example link, 400-000-0000) are hidden rather than shown as dead links.
  const { address, phone: servicePhone } = usableContact({ service_weixin: serviceWeixin, service_phone: configuredPhone });
  const contactable = address !== '' || servicePhone !== '';
  const [badge, setBadge] = useState<GuaranteeBadge | null>(null);
  const progressContent = (
    <>
      <span>进度查询</span>
      <ChevronRightIcon />
    </>
  );
  return (
    <footer className={styles.footer}>
      <nav className={styles.links} aria-label="服务入口">
        {onProgress ? (
          <button type="button" className={styles.link} onClick={onProgress} data-testid="progress-link">
            {progressContent}
          </button>
        ) : (
          <Link to="/check" className={styles.link} data-testid="progress-link">
            {progressContent}
          </Link>
        )}
        {contactable && (
          <button type="button" className={styles.link} onClick={onContact} data-testid="contact-link">
            <span>联系客服</span>
            <ChevronRightIcon />
          </button>
        )}
      </nav>
      <ul className={styles.badges} aria-label="服务保障" data-testid="footer-badges">
        {GUARANTEE_BADGES.map((item) => (
          <li key={item.label}>
            <button type="button" className={styles.badge} onClick={() => setBadge(item)} aria-haspopup="dialog" data-testid="guarantee-badge">
              <ShieldIcon size={16} />
              <span>{item.label}</span>
            </button>
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {badge && (
          <GuaranteeDialog
            badge={badge}
            onClose={() => setBadge(null)}
            onContact={() => {
              setBadge(null);
              onContact();
            }}
          />
        )}
      </Suspense>
      <div className={styles.operator} data-testid="operator-contact">
        <p>
          {servicePhone ? (
            <>
              客服电话 <a href={`tel:${servicePhone}`}>{servicePhone}</a>
            </>
          ) : contactable ? (
            '客服电话暂未配置，请通过“联系客服”添加客服微信'
          ) : null}
        </p>
        <p>本站为第三方有偿代办服务，非政府网站</p>
      </div>
    </footer>
  );
}
