import { isReportHidden } from '@kuaibao/domain';
import { Link } from '../../router/link.tsx';
import { usePlatform } from '../../platform/context.tsx';
import styles from './report-entry.module.css';

function FlagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M5 21V4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M5 4h11l-2 4 2 4H5" fill="currentColor" opacity="0.18" />
      <path d="M5 4h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The report icon (docs/product/overview.md, docs/product/screens.md): /report on a phone, the report dialog on desktop; neither
 * exists for v2.
 */
export function ReportEntry({ onOpen }: { onOpen: () => void }) {
  const { variant, formFactor } = usePlatform();
  if (isReportHidden(variant)) return null;
  const content = (
    <>
      <FlagIcon />
      <span>举报</span>
    </>
  );
  return formFactor === 'desktop' ? (
    <button type="button" className={styles.entry} onClick={onOpen} aria-label="平台举报" data-testid="report-entry">
      {content}
    </button>
  ) : (
    <Link to="/report" className={styles.entry} aria-label="平台举报" data-testid="report-entry">
      {content}
    </Link>
  );
}
