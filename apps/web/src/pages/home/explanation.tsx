import { goodsExplanation, imageName, type GoodsType, type Variant } from '@kuaibao/domain';
import styles from './explanation.module.css';

/** One illustration per paragraph, chosen for what the paragraph says. */
const IMAGES: Record<GoodsType, readonly [string, string, string]> = {
  // the filing window, the abnormal list, the fines
  license_year: ['/images/explain-1.svg', '/images/explain-2.svg', '/images/explain-3.svg'],
  // why deregister, when the data updates, the specialist's call
  license_destory: ['/images/explain-2.svg', '/images/explain-4.svg', '/images/explain-5.svg'],
  // what repair is, when the data updates, the specialist's call
  credit_repair: ['/images/explain-3.svg', '/images/explain-4.svg', '/images/explain-5.svg'],
};

/**
 * The three image explanation boxes (docs/product/screens.md): the goods type's explanation paragraphs, each
 * beside its illustration (the '-v2' set for v2, docs/product/overview.md). The text is real text, never baked
 * into the image. The paragraphs are read here, in the extras chunk, not by the home (decision 011).
 */
export function Explanation({ goodsType, variant, title }: { goodsType: GoodsType; variant: Variant; title: string }) {
  const paragraphs = goodsExplanation(goodsType);
  if (paragraphs.length === 0) return null;
  const images = IMAGES[goodsType];
  return (
    <section className={styles.section} aria-labelledby="explanation-title" data-testid="explanation">
      <h2 id="explanation-title" className={styles.title}>
        {title}
      </h2>
      <ol className={styles.list}>
        {paragraphs.slice(0, images.length).map((text, index) => (
          <li key={index} className={styles.box} data-testid="explanation-box">
            <span className={styles.art}>
              <img src={imageName(images[index]!, variant)} alt="" width={44} height={44} loading="lazy" decoding="async" />
            </span>
            <p>{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
