import { errorPageText } from '@kuaibao/domain';
import { Link } from '../../router/link.tsx';
import { useSearchParams } from '../../router/router.tsx';
import errorArt from './error-art.svg';
import styles from './error-page.module.css';

/**
 * /error?code= (docs/product/screens.md): the fixed text of that catalog code as the image's title
 * and alt text and as text, with a way home. Nothing else the address carries is shown (errorPageText).
 */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const message = errorPageText(params.get('code'));
  return (
    <main className={styles.page} data-testid="error-page">
      <img src={errorArt} alt={message} title={message} width={240} height={180} />
      <h1 className={styles.message}>{message}</h1>
      <Link to="/" className={styles.home} reloadDocument>
        返回首页
      </Link>
    </main>
  );
}
