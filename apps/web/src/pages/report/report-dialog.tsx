import { Dialog } from '../../ui/modal.tsx';
import { ReportForm } from './report-form.tsx';
import { ReportIntro } from './report-intro.tsx';

/** The desktop report (docs/product/screens.md): the same form in a dialog that closes after a successful submit. */
export default function ReportDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="平台举报" size="md" testId="report-dialog">
      <div style={{ display: 'grid', gap: 14 }}>
        <ReportIntro />
        <ReportForm onSubmitted={onClose} />
      </div>
    </Dialog>
  );
}
