import { operatorFooter, usableContact } from '@kuaibao/domain';
import { useSiteData } from '../../site-data.tsx';
import { Button } from '../../ui/button.tsx';
import { BottomSheet, Dialog } from '../../ui/modal.tsx';
import { AGREEMENT_TITLE } from './agreement-title.ts';
import styles from './agreement.module.css';

/** The agreement names the party the visitor contracts with: the operator's legal name from the site config. */
function AgreementText({ text }: { text: string }) {
  const { config } = useSiteData();
  const { operatorName, creditCode } = operatorFooter(config);
  // The contact the agreement's own text may still type as a placeholder: the site's real one, above it.
  const { phone } = usableContact(config);
  return (
    // Its own keyboard-focusable scroll area: the agreement can be long.
    <div className={styles.text} data-testid="agreement-text" tabIndex={0} role="document" aria-label={AGREEMENT_TITLE}>
      {operatorName && <p data-testid="agreement-operator">服务提供方：{operatorName}</p>}
      {operatorName && creditCode && <p data-testid="agreement-operator-credit-code">统一社会信用代码：{creditCode}</p>}
      {operatorName && phone && <p data-testid="agreement-operator-phone">客服电话：{phone}</p>}
      {text.trim() ? text : '服务协议暂未配置，请联系客服获取。'}
    </div>
  );
}

/** Mobile: the agreement text in a bottom sheet with '我知道了' (docs/product/screens.md). */
export function AgreementSheet({ open, onClose, text }: { open: boolean; onClose: () => void; text: string }) {
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={AGREEMENT_TITLE}
      testId="agreement-sheet"
      footer={
        <Button block onClick={onClose} data-testid="agreement-close">
          我知道了
        </Button>
      }
    >
      <AgreementText text={text} />
    </BottomSheet>
  );
}

/** Desktop: the agreement in a dialog, with '阅读并同意' unless already agreed (docs/product/screens.md). */
export function AgreementDialog({
  open,
  onClose,
  text,
  agreed,
  onAgree,
}: {
  open: boolean;
  onClose: () => void;
  text: string;
  agreed: boolean;
  onAgree: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={AGREEMENT_TITLE}
      size="lg"
      testId="agreement-dialog"
      footer={
        agreed ? (
          <Button variant="secondary" onClick={onClose} data-testid="agreement-close">
            关闭
          </Button>
        ) : (
          <Button onClick={onAgree} data-testid="agreement-agree">
            阅读并同意
          </Button>
        )
      }
    >
      <AgreementText text={text} />
    </Dialog>
  );
}

/** Submitting without the tick (docs/product/orders-and-statuses.md#consent): 拒绝 closes, 同意 ticks and submits. */
export function ConsentDialog({
  open,
  onRefuse,
  onAgree,
  onShowAgreement,
}: {
  open: boolean;
  onRefuse: () => void;
  onAgree: () => void;
  onShowAgreement: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onRefuse}
      title="温馨提示"
      size="sm"
      showClose={false}
      testId="consent-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onRefuse} data-testid="consent-refuse">
            拒绝
          </Button>
          <Button onClick={onAgree} data-testid="consent-agree" data-autofocus>
            同意
          </Button>
        </>
      }
    >
      <p className={styles.consent}>
        请阅读并同意
        <button type="button" className={styles.link} onClick={onShowAgreement}>
          《{AGREEMENT_TITLE}》
        </button>
        后继续办理。
      </p>
    </Dialog>
  );
}

/**
 * The form's three modals, in one chunk of their own: the home renders without them and they load
 * right after (decision 011), before a visitor can reach the consent step.
 */
export default function AgreementModals({
  desktop,
  privacy,
  consented,
  consentOpen,
  agreementOpen,
  onConsentClose,
  onConsentAgree,
  onAgreementOpen,
  onAgreementClose,
  onAgreementAgree,
}: {
  desktop: boolean;
  privacy: string;
  consented: boolean;
  consentOpen: boolean;
  agreementOpen: boolean;
  onConsentClose: () => void;
  onConsentAgree: () => void;
  onAgreementOpen: () => void;
  onAgreementClose: () => void;
  onAgreementAgree: () => void;
}) {
  return (
    <>
      <ConsentDialog open={consentOpen} onRefuse={onConsentClose} onShowAgreement={onAgreementOpen} onAgree={onConsentAgree} />
      {desktop ? (
        <AgreementDialog open={agreementOpen} onClose={onAgreementClose} text={privacy} agreed={consented} onAgree={onAgreementAgree} />
      ) : (
        <AgreementSheet open={agreementOpen} onClose={onAgreementClose} text={privacy} />
      )}
    </>
  );
}
