import { PROMISES } from '@kuaibao/domain';
import styles from './promises.module.css';

/** The handling notes (docs/product/overview.md#promises), stated the same way everywhere. */
export function Promises({ title = '办理须知' }: { title?: string }) {
  return (
    <section className={styles.section} aria-label={title} data-testid="promises">
      <h3 className={styles.title}>{title}</h3>
      <ul className={styles.list}>
        {PROMISES.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </section>
  );
}
