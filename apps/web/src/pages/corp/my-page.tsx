import { visibleOrderListTabs, type UserInfo } from '@kuaibao/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../router/link.tsx';
import { fetchUserInfo } from '../../api/account-endpoints.ts';
import { track } from '../../api/index.ts';
import { useRequest } from '../../common/use-request.ts';
import { useServiceContact } from '../../common/service-contact.ts';
import { useSiteData } from '../../site-data.tsx';
import { WithCorpTabs } from './corp-tab-bar.tsx';
import styles from './my-page.module.css';
import { reauthorizeOnSessionError } from './session.ts';

// The QR code library loads only when the visitor opens the service entry.
const ServiceDialog = lazy(() => import('../../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/** The name shown until (or unless) the server tells it. */
const FALLBACK_NAME = '微信用户';

function DefaultAvatar() {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false" className={styles.avatar}>
      <circle cx="32" cy="32" r="32" fill="var(--primary-soft)" />
      <circle cx="32" cy="25" r="11" fill="var(--primary)" />
      <path d="M12 54c3-10 11-15 20-15s17 5 20 15" fill="var(--primary)" />
    </svg>
  );
}

const SHORTCUT_ICONS: Record<number, string> = {
  0: 'M6 4h9l4 4v12H6z M9 12h7 M9 16h5',
  1: 'M5 5h14v14H5z M8 8l8 8 M16 8l-8 8',
  2: 'M4 6h16v12H4z M8 10h4 M8 14h8',
  3: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z M9 12l2 2 4-4',
};

/** /my (docs/product/screens.md#account): avatar and name, my applications with a shortcut per service, online customer service. */
export default function MyPage() {
  const { data: user } = useRequest<UserInfo>('user', () => fetchUserInfo(), { onError: reauthorizeOnSessionError });
  const [serviceOpen, setServiceOpen] = useState(false);
  const service = useServiceContact();
  // The shortcuts of the services that have goods here (the /order tabs shown).
  const shortcuts = visibleOrderListTabs(useSiteData().goods.map((item) => item.goods_type));

  return (
    <WithCorpTabs>
      <main className={styles.page} data-testid="my-page">
        <h1 className={styles.srOnly}>我的</h1>
        <section className={styles.profile} aria-label="个人信息">
          {user?.avater ? <img className={styles.avatar} src={user.avater} alt="" width={64} height={64} data-testid="my-avatar" /> : <DefaultAvatar />}
          <p className={styles.name} data-testid="my-name">
            {user?.name || FALLBACK_NAME}
          </p>
        </section>

        <section className={styles.card} aria-labelledby="my-applications">
          <div className={styles.cardHead}>
            <h2 id="my-applications" className={styles.cardTitle}>
              我的申请
            </h2>
            <Link to="/order" className={styles.more} data-testid="my-all-orders">
              全部申请 ›
            </Link>
          </div>
          <ul className={styles.shortcuts}>
            {shortcuts.map((item) => (
              <li key={item.tab}>
                <Link to={`/order?tab=${item.tab}`} className={styles.shortcut} data-testid={`my-shortcut-${item.tab}`}>
                  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                    <path d={SHORTCUT_ICONS[item.tab]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  <span>{item.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {service.available && (
          <section className={styles.card}>
            <button
              type="button"
              className={styles.row}
              onClick={() => {
                track('my.service', 'open', 'click');
                setServiceOpen(true);
              }}
              data-testid="my-service"
            >
              <span>在线客服</span>
              <span aria-hidden="true">›</span>
            </button>
          </section>
        )}
      </main>
      <Suspense fallback={null}>{serviceOpen && <ServiceDialog open onClose={() => setServiceOpen(false)} title="在线客服" />}</Suspense>
    </WithCorpTabs>
  );
}
