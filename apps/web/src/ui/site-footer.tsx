import { ICP_FILING_SITE, policeFilingUrl } from '@kuaibao/domain';
import { useOperatorLines } from './operator-lines.ts';
import styles from './site-footer.module.css';

/**
 * Who runs the site, under every page (docs/product/trust-and-personal-data.md#who-we-are,
 * docs/decisions/047-operator-before-money.md): the operator's legal name and 统一社会信用代码, the
 * service phone, the ICP filing number linked to the MIIT filing site and, when set, the
 * public-security filing number linked to its site. Fields not configured yet are left out (the
 * console's first-run checklist names them); with none at all the footer is not shown.
 */
export default function SiteFooter() {
  const { operatorName, creditCode, icpFiling, policeFiling, phone, any } = useOperatorLines();
  if (!any) return null;
  return (
    <footer className={styles.footer} data-testid="site-footer">
      {operatorName && <p data-testid="site-operator">{operatorName}</p>}
      {creditCode && <p data-testid="site-operator-credit-code">统一社会信用代码：{creditCode}</p>}
      {phone.text && (
        <p data-testid="site-service-phone">
          客服电话：
          {phone.dial ? (
            <a className={styles.phone} href={`tel:${phone.text}`}>
              {phone.text}
            </a>
          ) : (
            phone.text
          )}
        </p>
      )}
      {(icpFiling || policeFiling) && (
        <p className={styles.filings}>
          {icpFiling && (
            <a href={ICP_FILING_SITE} target="_blank" rel="noopener noreferrer" data-testid="icp-filing">
              {icpFiling}
            </a>
          )}
          {policeFiling && (
            <a href={policeFilingUrl(policeFiling)} target="_blank" rel="noopener noreferrer" data-testid="police-filing">
              {policeFiling}
            </a>
          )}
        </p>
      )}
    </footer>
  );
}

/**
 * The same facts on one line, for a dialog that covers the page and its footer (the desktop pay
 * dialog, the success dialog): the name with its code, the ICP number linked, the phone.
 */
export function OperatorLine() {
  const { operatorName, creditCode, icpFiling, phone } = useOperatorLines();
  if (!operatorName && !icpFiling) return null;
  return (
    <p className={styles.line} data-testid="dialog-operator">
      {operatorName && <span>服务提供方：{operatorName}</span>}
      {creditCode && <span>统一社会信用代码：{creditCode}</span>}
      {icpFiling && (
        <a href={ICP_FILING_SITE} target="_blank" rel="noopener noreferrer">
          {icpFiling}
        </a>
      )}
      {phone.text && <span>客服电话：{phone.dial ? <a href={`tel:${phone.text}`}>{phone.text}</a> : phone.text}</span>}
    </p>
  );
}
