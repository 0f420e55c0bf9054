import { isReportHidden, type GuaranteeBadge } from '@kuaibao/domain';
import { useServiceContact } from '../../common/service-contact.ts';
import { usePlatform } from '../../platform/context.tsx';
import { Link } from '../../router/link.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/modal.tsx';
import styles from './guarantee-dialog.module.css';

/**
 * What a footer badge means and how to claim it (packages/domain/src/guarantee-badges.ts), with the
 * contact right there. Its own chunk: loaded when a badge is tapped (decision 011).
 */
export default function GuaranteeDialog({ badge, onClose, onContact }: { badge: GuaranteeBadge; onClose: () => void; onContact: () => void }) {
  const { variant } = usePlatform();
  const service = useServiceContact();
  const reportable = !isReportHidden(variant);
  return (
    <Dialog
      open
      onClose={onClose}
      title={badge.label}
      size="sm"
      testId="guarantee-dialog"
      footer={
        <>
          {reportable && (
            <Link to="/report" className={styles.report} onClick={onClose} data-testid="guarantee-report">
              去提交
            </Link>
          )}
          {service.available && (
            <Button onClick={onContact} data-testid="guarantee-contact" data-autofocus>
              联系客服
            </Button>
          )}
        </>
      }
    >
      <div className={styles.body}>
        <p data-testid="guarantee-meaning">{badge.meaning}</p>
        <p data-testid="guarantee-claim">
          <strong>如何申请：</strong>
          {reportable ? badge.claim : '请联系客服，说明订单和遇到的问题。'}
        </p>
        {service.phone && (
          <p>
            客服电话 <a href={`tel:${service.phone}`}>{service.phone}</a>
          </p>
        )}
      </div>
    </Dialog>
  );
}
