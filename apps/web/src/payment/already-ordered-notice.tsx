import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/modal.tsx';
import styles from './pay-page.module.css';

/**
 * "Already ordered" on the phone's /pay (docs/decisions/032-texts-per-service.md): said in the
 * service's words and kept until the visitor chooses, rather than a toast and a jump home. 查看办理进度
 * opens /check with the form's phone filled in (the order was placed with it); 返回首页, the close
 * button or Esc go home.
 */
export function AlreadyOrderedNotice({ message, onProgress, onHome }: { message: string | null; onProgress: () => void; onHome: () => void }) {
  return (
    <Dialog
      open={message !== null}
      onClose={onHome}
      title={message ?? ''}
      size="sm"
      testId="already-ordered"
      footer={
        <>
          <Button variant="ghost" onClick={onHome} data-testid="already-ordered-home">
            返回首页
          </Button>
          <Button onClick={onProgress} data-testid="already-ordered-progress" data-autofocus>
            查看办理进度
          </Button>
        </>
      }
    >
      <p className={styles.exitText}>这家企业今年已下单办理此项服务，无需重复付款。可用下单时填写的手机号查看办理进度。</p>
    </Dialog>
  );
}
