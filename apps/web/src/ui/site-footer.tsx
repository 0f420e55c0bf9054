import { ICP_FILING_SITE, operatorFooter, policeFilingUrl } from '@kuaibao/domain';
import { useSiteData } from '../site-data.tsx';
import styles from './site-footer.module.css';

/**
 * Who runs the site, under every page (docs/product/trust-and-personal-data.md#who-we-are): the
 * operator's legal name, the ICP filing number linked to the MIIT filing site and, when set, the
 * public-security filing number linked to its site. Fields not configured yet are left out (the
 * console's first-run checklist names them); with none at all the footer is not shown.
 */
export default function SiteFooter() {
  const { config } = useSiteData();
  const { operatorName, icpFiling, policeFiling } = operatorFooter(config);
  if (!operatorName && !icpFiling && !policeFiling) return null;
  return (
    <footer className={styles.footer} data-testid="site-footer">
      {operatorName && <p data-testid="site-operator">{operatorName}</p>}
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
