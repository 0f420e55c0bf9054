import type { ReactNode } from 'react';
import { useHydrating } from '../site-data.tsx';
import styles from './until-hydrated.module.css';

/**
 * Holds a prerendered form's controls until React has hydrated it (decision 028): before that, text
 * typed would be lost and a tap on submit would send the form natively. A disabled fieldset with no
 * box of its own (`display: contents`) and the controls' normal look. Links still work as links.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  return (
    <fieldset className={styles.fieldset} disabled={hydrating} data-hydrating={hydrating || undefined}>
      {children}
    </fieldset>
  );
}
