import { imageName, type Variant } from '@kuaibao/domain';
import styles from './explanation.module.css';

const ICONS = ['/images/explain-1.svg', '/images/explain-2.svg', '/images/explain-3.svg'] as const;

/**
 * The explanation boxes (spec §2 "Three image explanation boxes"): one per paragraph of the
 * goods type's explanation, each with its illustration (the '-v2' set for v2, spec §1).
 * The text is real text, never baked into the image.
 */
export function Explanation({ paragraphs, variant, title }: { paragraphs: readonly string[]; variant: Variant; title: string }) {
  if (paragraphs.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="explanation-title" data-testid="explanation">
      <h2 id="explanation-title" className={styles.title}>
        {title}
      </h2>
      <ol className={styles.list}>
        {paragraphs.slice(0, ICONS.length).map((text, index) => (
          <li key={index} className={styles.box}>
            <img src={imageName(ICONS[index]!, variant)} alt="" width={44} height={44} loading="lazy" decoding="async" />
            <p>{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
