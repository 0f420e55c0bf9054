import { Link } from '../../router/link.tsx';
import { Navigate } from '../../router/router.tsx';
import styles from './not-found-page.module.css';

/** Unknown routes (docs/product/screens.md): '404 not found', or home when the address holds an entry link (/h/). */
export default function NotFoundPage() {
  if (location.href.includes('/h/')) return <Navigate to="/" replace />;
  return (
    <main className={styles.page} data-testid="not-found">
      <p className={styles.code}>404 not found</p>
      <h1 className={styles.text}>页面不存在，请输入正确的地址</h1>
      <Link to="/" className={styles.home}>
        返回首页
      </Link>
    </main>
  );
}
