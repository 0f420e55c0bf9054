import { Link } from '../../router/link.tsx';
import { Navigate } from '../../router/router.tsx';
import styles from './not-found-page.module.css';

/** Unknown routes (docs/product/screens.md): a Chinese 404 headline, or home when the address holds an entry link (/h/). */
export default function NotFoundPage() {
  if (location.href.includes('/h/')) return <Navigate to="/" replace />;
  return (
    <main className={styles.page} data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>页面不存在</h1>
      <p className={styles.text}>请检查输入的地址是否正确</p>
      <Link to="/" className={styles.home}>
        返回首页
      </Link>
    </main>
  );
}
