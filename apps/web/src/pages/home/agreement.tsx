import { ID_NUMBER_CONSENT_TEXT, ID_NUMBER_CONSENT_TITLE, ID_NUMBER_CONSENT_VERSION, operatorFooter, usableContact } from '@kuaibao/domain';
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

/**
 * The separate consent's own short text and version (docs/decisions/050-separate-id-number-consent.md):
 * read before ticking its box, apart from the agreement.
 */
function IdNumberConsentText() {
  return (
    <div className={styles.text} data-testid="idno-consent-text" tabIndex={0} role="document" aria-label={ID_NUMBER_CONSENT_TITLE}>
      <p className={styles.version} data-testid="idno-consent-version">
        版本：{ID_NUMBER_CONSENT_VERSION}
      </p>
      {ID_NUMBER_CONSENT_TEXT.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The ID-number consent's text: a bottom sheet on phones, a dialog on desktop with 同意 unless already given. */
export function IdNumberConsentSheet({ open, onClose, desktop, agreed, onAgree }: { open: boolean; onClose: () => void; desktop: boolean; agreed: boolean; onAgree: () => void }) {
  const footer =
    desktop && !agreed ? (
      <Button onClick={onAgree} data-testid="idno-consent-text-agree">
        同意
      </Button>
    ) : (
      <Button block={!desktop} variant={desktop ? 'secondary' : undefined} onClick={onClose} data-testid="idno-consent-text-close">
        我知道了
      </Button>
    );
  const Panel = desktop ? Dialog : BottomSheet;
  return (
    <Panel open={open} onClose={onClose} title={ID_NUMBER_CONSENT_TITLE} testId="idno-consent-sheet" footer={footer}>
      <IdNumberConsentText />
    </Panel>
  );
}

/** Which consent the form still needs: each is asked for on its own (decision 050), never both at once. */
export type ConsentKind = 'agreement' | 'idno';

/**
 * Submitting without a tick (docs/product/orders-and-statuses.md#consent): 拒绝 closes, 同意 ticks that
 * one box and submits again, which asks for the other consent if it is still missing.
 */
export function ConsentDialog({
  open,
  kind = 'agreement',
  onRefuse,
  onAgree,
  onShowAgreement,
}: {
  open: boolean;
  kind?: ConsentKind;
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
      <p className={styles.consent} data-testid="consent-dialog-text" data-kind={kind}>
        {kind === 'agreement' ? '请阅读并同意' : '法定代表人身份证号码属于敏感个人信息，需要您单独同意。请阅读并同意'}
        <button type="button" className={styles.link} onClick={onShowAgreement}>
          《{kind === 'agreement' ? AGREEMENT_TITLE : ID_NUMBER_CONSENT_TITLE}》
        </button>
        后继续办理。
      </p>
    </Dialog>
  );
}

/**
 * The form's modals, in one chunk of their own: the home renders without them and they load
 * right after (decision 011), before a visitor can reach the consent step.
 */
export default function AgreementModals({
  desktop,
  privacy,
  consented,
  idnoConsented,
  consentOpen,
  agreementOpen,
  idnoTextOpen,
  onConsentClose,
  onConsentAgree,
  onAgreementOpen,
  onAgreementClose,
  onAgreementAgree,
  setIdnoTextOpen,
  setIdnoConsented,
}: {
  desktop: boolean;
  privacy: string;
  consented: boolean;
  idnoConsented: boolean;
  /** The consent asked for on submit, or null. */
  consentOpen: ConsentKind | null;
  agreementOpen: boolean;
  idnoTextOpen: boolean;
  onConsentClose: () => void;
  /** true: the ID-number consent was the one given */
  onConsentAgree: (idno: boolean) => void;
  onAgreementOpen: () => void;
  onAgreementClose: () => void;
  onAgreementAgree: () => void;
  setIdnoTextOpen: (open: boolean) => void;
  setIdnoConsented: (agreed: boolean) => void;
}) {
  return (
    <>
      <ConsentDialog
        open={consentOpen !== null}
        kind={consentOpen ?? 'agreement'}
        onRefuse={onConsentClose}
        onShowAgreement={consentOpen === 'idno' ? () => setIdnoTextOpen(true) : onAgreementOpen}
        onAgree={() => onConsentAgree(consentOpen === 'idno')}
      />
      <IdNumberConsentSheet
        open={idnoTextOpen}
        onClose={() => setIdnoTextOpen(false)}
        desktop={desktop}
        agreed={idnoConsented}
        onAgree={() => {
          setIdnoConsented(true);
          setIdnoTextOpen(false);
        }}
      />
      {desktop ? (
        <AgreementDialog open={agreementOpen} onClose={onAgreementClose} text={privacy} agreed={consented} onAgree={onAgreementAgree} />
      ) : (
        <AgreementSheet open={agreementOpen} onClose={onAgreementClose} text={privacy} />
      )}
    </>
  );
}
