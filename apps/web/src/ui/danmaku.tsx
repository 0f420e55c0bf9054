import { useMemo } from 'react';
import styles from './danmaku.module.css';

const ROWS = 4;

/**
 * Sample lines drifting across four rows (docs/product/screens.md). Each row starts part-way through its
 * drift (a negative delay, 10–40 % of its cycle), so the first paint already has lines in place
 * rather than an empty box, and the rows never move in step. The lines come from config
 * `client.home.danmaku`; the panel is decorative (aria-hidden) and still under reduced motion.
 */
export function Danmaku({ lines, seed = 1 }: { lines: readonly string[]; seed?: number }) {
  const rows = useMemo(() => {
    const clean = lines.map((line) => line.trim()).filter(Boolean);
    if (clean.length === 0) return [];
    return Array.from({ length: ROWS }, (_row, row) => {
      const items = clean.filter((_line, index) => index % ROWS === row);
      const content = items.length > 0 ? items : [clean[row % clean.length]!];
      // Deterministic, so a re-render (and the prerendered page's hydration) never jumps the animation.
      const duration = 14 + ((row * 5 + seed) % 4) * 2;
      const delay = -duration * (0.1 + ((row * 3 + seed) % 4) * 0.1);
      return { content, delay, duration };
    });
  }, [lines, seed]);
  if (rows.length === 0) return null;
  return (
    <div className={styles.panel} aria-hidden="true" data-testid="danmaku">
      {rows.map((row, index) => (
        <div key={index} className={styles.row}>
          <div className={styles.track} style={{ animationDelay: `${row.delay}s`, animationDuration: `${row.duration}s` }}>
            {row.content.map((text, i) => (
              <span key={i} className={styles.item}>
                {text}
              </span>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
