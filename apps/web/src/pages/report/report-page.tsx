import { useGoBack } from '../../common/use-go-back.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReportForm } from './report-form.tsx';
import { ReportIntro } from './report-intro.tsx';
import styles from './report-page.module.css';

/** /report (docs/product/screens.md#report-screen): back arrow, '平台举报', the form; after success, back. Not routed for v2. */
export default function ReportPage() {
  const goBack = useGoBack();
  return (
    <div className={styles.page} data-testid="report-page">
      <PageHeader title="平台举报" onBack={goBack} />
      <main className={styles.main}>
        <ReportIntro />
        <section className={styles.card}>
          <ReportForm onSubmitted={goBack} />
        </section>
      </main>
    </div>
  );
}
