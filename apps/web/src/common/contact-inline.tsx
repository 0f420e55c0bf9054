import { lazy, Suspense, useState } from 'react';
import { track } from '../api/index.ts';
import { useServiceContact } from './service-contact.ts';
import styles from './contact-inline.module.css';

// The QR library loads only when the visitor asks for the WeChat contact.
const ServiceDialog = lazy(() => import('./service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/**
 * The contact, right where a text invites it (docs/decisions/047-operator-before-money.md): the
 * service phone as a tel: link and 客服微信, which opens the QR (and on a phone the link). Only
 * usable values (useServiceContact); nothing at all when there is none, and then the text beside it
 * must not invite contact either (`useServiceContact().available`).
 */
export function ContactInline({ source, weixin = true, testId = 'contact-inline' }: { source: string; weixin?: boolean; testId?: string }) {
  const { address, phone } = useServiceContact();
  const [open, setOpen] = useState(false);
  const showWeixin = weixin && address !== '';
  if (!phone && !showWeixin) return null;
  return (
    <span className={styles.contact} data-testid={testId}>
      {phone && (
        <a className={styles.item} href={`tel:${phone}`} data-testid={`${testId}-phone`} onClick={() => track(`${source}.contact`, 'phone', 'click')}>
          客服电话 {phone}
        </a>
      )}
      {showWeixin && (
        <button
          type="button"
          className={styles.item}
          data-testid={`${testId}-weixin`}
          onClick={() => {
            track(`${source}.contact`, 'weixin', 'click');
            setOpen(true);
          }}
        >
          添加客服微信
        </button>
      )}
      <Suspense fallback={null}>{open && <ServiceDialog open onClose={() => setOpen(false)} />}</Suspense>
    </span>
  );
}
