import styles from './page-header.module.css';

/** A phone page's top bar: a back arrow and the page title (docs/product/screens.md#report-screen: back arrow, title). */
export function PageHeader({ title, onBack, testId }: { title: string; onBack: () => void; testId?: string }) {
  return (
    <header className={styles.header} data-testid={testId}>
      <button type="button" className={styles.back} onClick={onBack} aria-label="返回" data-testid="page-back">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <h1 className={styles.title}>{title}</h1>
      <span className={styles.balance} aria-hidden="true" />
    </header>
  );
}
