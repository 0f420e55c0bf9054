import styles from './marquee.module.css';

/**
 * A one-line notice that scrolls when it is longer than the screen (docs/product/screens.md "marquee tip
 * banner"). The text is real text for screen readers; motion stops under reduced motion.
 */
export function Marquee({ text, testId = 'marquee' }: { text: string; testId?: string }) {
  if (!text.trim()) return null;
  // Speed: about 40 px a second whatever the length.
  const seconds = Math.max(8, Math.round((text.length * 15) / 40));
  return (
    <div className={styles.bar} data-testid={testId} role="note" aria-label="公告">
      <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M4 10v4h3l5 4V6L7 10H4zm12.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" fill="currentColor" />
      </svg>
      <div className={styles.viewport}>
        <span className={styles.track} style={{ animationDuration: `${seconds}s` }}>
          {text}
        </span>
      </div>
    </div>
  );
}
