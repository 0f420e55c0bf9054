import { type Agreement, pageErrorMessage } from '@kuaibao/domain';
import { agreementDisplayText } from '../common/agreement-display.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import styles from './agreement-update.module.css';

/**
 * The agreement changed while the page was open (docs/decisions/034-versioned-agreements.md): the
 * server refused the order; here is the new text. 同意并继续 creates the order again with the form
 * as it was; 暂不办理 closes and changes nothing.
 */
export function AgreementUpdateDialog({ agreement, onAgree, onClose }: { agreement: Agreement | null; onAgree: () => void; onClose: () => void }) {
  return (
    <Dialog
      open={agreement !== null}
      onClose={onClose}
      title="服务协议已更新"
      size="lg"
      testId="agreement-update-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-testid="agreement-update-close">
            暂不办理
          </Button>
          <Button onClick={onAgree} data-testid="agreement-update-agree" data-autofocus>
            同意并继续
          </Button>
        </>
      }
    >
      <p className={styles.notice}>{pageErrorMessage('AGREEMENT_OUTDATED')}。您填写的信息已保留。</p>
      <div className={styles.text} data-testid="agreement-update-text" tabIndex={0} role="document" aria-label="服务协议">
        {agreement ? agreementDisplayText({ text: agreement.text, version: agreement.version, effectiveDate: agreement.effective_date }) : ''}
      </div>
    </Dialog>
  );
}
