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

/**
 * The mini-program's login expired (its mpCode was spent, or the session ended): said as such, not as
 * "this payment method is not supported", with 重新登录, which asks the host to open the page again
 * with a fresh code (docs/decisions/009-corp-and-mini-program.md).
 */
export function LoginExpiredNotice({ open, onLogin, onClose }: { open: boolean; onLogin: () => void; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="登录已过期"
      size="sm"
      testId="login-expired"
      footer={
        <Button onClick={onLogin} data-testid="login-again" data-autofocus>
          重新登录
        </Button>
      }
    >
      <p className={styles.exitText}>微信登录已过期，需要重新登录后才能支付。点击“重新登录”，小程序会重新登录并打开首页，再提交一次即可。</p>
    </Dialog>
  );
}
