import { handlingNotes, type GoodsType } from '@kuaibao/domain';
import styles from './promises.module.css';

/** The handling notes (docs/product/overview.md#promises) in the chosen service's words. */
export function Promises({ goodsType, title = '办理须知' }: { goodsType: GoodsType; title?: string }) {
  return (
    <section className={styles.section} aria-label={title} data-testid="promises">
      <h3 className={styles.title}>{title}</h3>
      <ul className={styles.list}>
        {handlingNotes(goodsType).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </section>
  );
}
