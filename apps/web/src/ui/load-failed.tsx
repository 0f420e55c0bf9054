import { errorMessage } from '@kuaibao/domain';
import { Button } from './button.tsx';
import styles from './load-failed.module.css';

/** In place of a page that could not load: what happened and a reload, never a blank screen. */
export function LoadFailed() {
  return (
    <main className={styles.page} data-testid="load-failed">
      <p role="alert">{errorMessage('PAGE_LOAD_FAILED')}</p>
      <Button onClick={() => location.reload()}>重新加载</Button>
    </main>
  );
}
