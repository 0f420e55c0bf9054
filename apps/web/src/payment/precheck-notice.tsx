import { ANNUAL_REPORT_SELF_CHECK_HINT, OFFICIAL_CHANNEL_NAME, OFFICIAL_CHANNEL_URL, annualReportPublishedNotice } from '@kuaibao/domain';
import type { ReactNode } from 'react';
import { InfoIcon } from '../ui/icons.tsx';
import type { PublishedAnnualReport } from './annual-report-precheck.ts';
import styles from './precheck-notice.module.css';

/**
 * "You may not need us" (docs/product/annual-report-precheck.md): the company's report is already
 * published. Says so plainly, shows where to see it, and holds the explicit choice (`children`).
 */
export function PrecheckNotice({ report, children }: { report: PublishedAnnualReport; children?: ReactNode }) {
  return (
    <section className={styles.notice} role="status" data-testid="precheck-notice">
      <p className={styles.title}>
        <InfoIcon className={styles.icon} />
        <span data-testid="precheck-notice-text">{annualReportPublishedNotice(report.year, report.publishDate)}</span>
      </p>
      <p className={styles.hint}>{ANNUAL_REPORT_SELF_CHECK_HINT}</p>
      <a className={styles.link} href={OFFICIAL_CHANNEL_URL} target="_blank" rel="noopener noreferrer" data-testid="precheck-official-link">
        去{OFFICIAL_CHANNEL_NAME}查看
      </a>
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
