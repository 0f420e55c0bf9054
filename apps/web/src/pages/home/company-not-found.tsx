import { OFFICIAL_CHANNEL_NAME, OFFICIAL_CHANNEL_URL } from '@kuaibao/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { track } from '../../api/index.ts';
import { useServiceContact } from '../../common/service-contact.ts';
import styles from './company-not-found.module.css';

// The QR code library loads only when the visitor asks for the contact.
const ServiceDialog = lazy(() => import('../../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/**
 * A search with no match (docs/product/company-search.md#no-match): in the home's extras chunk, so the
 * home route's script does not carry it (decision 011). The search matches names only, so it says how
 * to find the registered name from a credit code on the official system, and offers the contact.
 */
export function CompanyNotFound({ keyword }: { keyword: string }) {
  const service = useServiceContact();
  const [contactOpen, setContactOpen] = useState(false);
  // Opening below the fold (a long form on a phone), it is brought into view, as the match list is.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element && element.getBoundingClientRect().bottom > window.innerHeight) element.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, []);
  return (
    <div ref={box} className={styles.box} role="status" data-testid="company-not-found">
      <p className={styles.title}>未找到“{keyword}”相关企业</p>
      <ul className={styles.tips}>
        <li>请按营业执照上的企业名称搜索，输入其中连续的几个字即可，例如“字节跳动”。</li>
        <li>
          本站按企业名称搜索，不支持直接输入统一社会信用代码。只有代码的，可在{OFFICIAL_CHANNEL_NAME}（
          <a href={OFFICIAL_CHANNEL_URL} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {OFFICIAL_CHANNEL_URL}
          </a>
          ）输入代码查到企业名称，再回来搜索。
        </li>
      </ul>
      {service.available && (
        <p className={styles.contact}>
          仍然找不到？
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              track('company.notfound.contact', keyword, 'click');
              setContactOpen(true);
            }}
            data-testid="company-not-found-contact"
          >
            联系客服
          </button>
          {service.phone && (
            <a href={`tel:${service.phone}`} className={styles.link}>
              {service.phone}
            </a>
          )}
        </p>
      )}
      <Suspense fallback={null}>{contactOpen && <ServiceDialog open onClose={() => setContactOpen(false)} />}</Suspense>
    </div>
  );
}
