import { lazy, Suspense, useState } from 'react';
import { track } from '../../api/index.ts';
import { isLink, useServiceContact } from '../../common/service-contact.ts';
import { Button } from '../../ui/button.tsx';
import styles from './check-page.module.css';

// The QR library loads only when the visitor asks for the QR.
const ServiceDialog = lazy(() => import('../../common/service-dialog.tsx').then((m) => ({ default: m.ServiceDialog })));

/**
 * 'contact agent' (docs/product/screens.md#progress-lookup). On /check it opens the agent's link when
 * service_weixin is one (`mode` 'link'); on /checkDetail, or when the value is no link, it shows
 * the QR with 'save image to album'. Nothing while the contact is still a placeholder.
 */
export function ContactAgent({ mode, source }: { mode: 'link' | 'qr'; source: string }) {
  const { address, available } = useServiceContact();
  const [open, setOpen] = useState(false);
  if (!available) return null;
  if (mode === 'link' && isLink(address)) {
    return (
      <a
        className={styles.contactLink}
        href={address}
        data-testid="contact-agent"
        onClick={() => track(`${source}.contact`, 'link', 'click')}
      >
        联系客服
      </a>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        block
        data-testid="contact-agent"
        onClick={() => {
          track(`${source}.contact`, 'qr', 'click');
          setOpen(true);
        }}
      >
        联系客服
      </Button>
      <Suspense fallback={null}>{open && <ServiceDialog open onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
