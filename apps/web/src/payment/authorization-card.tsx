import { AUTHORIZATION_TEMPLATE_VERSION, buildCancellationAuthorization, signerNameMatches, type AuthorizationConfirmation, type PageErrorCode } from '@kuaibao/domain';
import { useId } from 'react';
import styles from './authorization-card.module.css';

/** What the visitor has typed and ticked so far. */
export interface AuthorizationInput {
  signer: string;
  ticked: boolean;
}

export const EMPTY_AUTHORIZATION: AuthorizationInput = { signer: '', ticked: false };

/** The confirmation to send, or the message that says what is missing (the server checks the same). */
export function authorizationConfirmation(input: AuthorizationInput, legalName: string): { ok: true; confirmation: AuthorizationConfirmation } | { ok: false; error: PageErrorCode } {
  if (!input.ticked || input.signer.trim() === '') return { ok: false, error: 'AUTHORIZATION_REQUIRED' };
  if (!signerNameMatches(input.signer, legalName)) return { ok: false, error: 'AUTHORIZATION_NAME_MISMATCH' };
  return { ok: true, confirmation: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: input.signer.trim(), confirmed: true } };
}

/**
 * The 授权委托书 of a licence cancellation, generated from the order (docs/decisions/035-cancellation-authorisation.md):
 * the visitor reads it, types the legal representative's name and ticks, before paying.
 */
export function AuthorizationCard(props: {
  entityName: string;
  creditCode: string;
  legalName: string;
  agentName: string;
  agentCreditCode: string;
  value: AuthorizationInput;
  onChange: (value: AuthorizationInput) => void;
}) {
  const { value, onChange } = props;
  const id = useId();
  const authorization = buildCancellationAuthorization({ entityName: props.entityName, creditCode: props.creditCode, legalName: props.legalName, agentName: props.agentName, agentCreditCode: props.agentCreditCode });
  const mismatch = value.signer.trim() !== '' && !signerNameMatches(value.signer, props.legalName);
  return (
    <section className={styles.card} data-testid="authorization-card" aria-labelledby={`${id}-title`}>
      <h2 className={styles.title} id={`${id}-title`}>
        {authorization.title}
      </h2>
      <p className={styles.lead}>注销登记须由法定代表人授权。请阅读以下授权委托书，输入法定代表人姓名并勾选确认。</p>
      <div className={styles.document} data-testid="authorization-text" tabIndex={0} role="document" aria-label={authorization.title}>
        <dl className={styles.parties}>
          {authorization.parties.map(([label, text]) => (
            <div key={label}>
              <dt>{label}：</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        {authorization.clauses.map(([label, text]) => (
          <p key={label} className={styles.clause}>
            <strong>{label}：</strong>
            {text}
          </p>
        ))}
        <p className={styles.version}>文本版本：{authorization.templateVersion}</p>
      </div>
      <label className={styles.field} htmlFor={`${id}-signer`}>
        <span className={styles.label}>法定代表人签名</span>
        <input
          id={`${id}-signer`}
          className={`${styles.input} ${mismatch ? styles.invalid : ''}`}
          data-testid="authorization-signer"
          value={value.signer}
          maxLength={50}
          autoComplete="name"
          placeholder="请输入法定代表人姓名"
          aria-invalid={mismatch}
          aria-describedby={mismatch ? `${id}-mismatch` : undefined}
          onChange={(event) => onChange({ ...value, signer: event.target.value })}
        />
      </label>
      {mismatch && (
        <p className={styles.error} id={`${id}-mismatch`} data-testid="authorization-mismatch">
          签署姓名须与法定代表人姓名“{props.legalName}”一致
        </p>
      )}
      <label className={styles.check}>
        <input type="checkbox" data-testid="authorization-tick" checked={value.ticked} onChange={(event) => onChange({ ...value, ticked: event.target.checked })} />
        <span>我是法定代表人，已阅读并确认以上授权委托书</span>
      </label>
    </section>
  );
}
